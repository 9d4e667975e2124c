// Bitonic sort of n = 2^log2n (key, value) pairs, one invocation per
// element, ascending by key: log2n stages of 1..log2n compare-and-swap
// passes, a grid barrier after every pass. In each pass the invocation with
// the smaller index of a pair swaps it; the trip counts are read from a
// uniform buffer, so the grid barriers inside the two loops are reached by
// every invocation alike.
program bitonic_sort;
workgroup_size 64;

buffer keys:   readwrite i32[?] @0 output;
buffer values: readwrite u32[?] @1 output;   // moved with their keys
buffer log2n:  uniform u32[1] @2;

kernel {
  let i = global_id(0);
  let n = len(keys);
  let stages = log2n[0];
  for stage in 1u32..stages + 1 {
    for pass in 0u32..stage {
      let j = stage - 1 - pass;
      let partner = i ^ (1u32 << j);
      if partner > i && partner < n {
        let ascending = (i & (1u32 << stage)) == 0;
        let a = keys[i];
        let b = keys[partner];
        if select(ascending, a > b, a < b) {
          keys[i] = b;
          keys[partner] = a;
          let v = values[i];
          values[i] = values[partner];
          values[partner] = v;
        }
      }
      grid_barrier;
    }
  }
}
