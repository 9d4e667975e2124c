// Sum of a runtime-sized f32 array in two phases. Every workgroup reduces its
// grid-strided share in workgroup memory (a tree, one workgroup barrier per
// level); then a pairwise tree over the per-workgroup partial sums in global
// memory, one grid barrier per level. The order of the additions is fixed,
// so the float result is the same on every device and at every split.
program reduce_sum;
workgroup_size 64;

buffer input:   read f32[?] @0;
buffer partial: readwrite f32[?] @1;     // at least one element per workgroup
buffer total:   write f32[1] @2 output;
buffer tile:    workgroup f32[64];

kernel {
  let gid = global_id(0);
  let lid = local_id(0);
  let size = global_size(0);
  let groups = num_groups(0);
  let n = len(input);

  region accumulate {
    var acc: f32 = 0.0;
    for k in 0u32..(n + size - 1) / size {
      let i = k * size + gid;
      if i < n {
        acc = acc + input[i];
      }
    }
    tile[lid] = acc;
    workgroup_barrier;
    for level in 0u32..6 {
      let s = 32u32 >> level;
      if lid < s {
        tile[lid] = tile[lid] + tile[lid + s];
      }
      workgroup_barrier;
    }
    if lid == 0 {
      partial[group_id(0)] = tile[0];
    }
  }
  grid_barrier;

  // partial[g] += partial[g + stride] for every g that is a multiple of
  // 2 * stride; levels beyond the number of workgroups are skipped, the same
  // way by every invocation.
  region combine {
    for level in 0u32..32 {
      let stride = 1u32 << level;
      if stride < groups {
        if gid < groups && gid % (2 * stride) == 0 && gid + stride < groups {
          partial[gid] = partial[gid] + partial[gid + stride];
        }
        grid_barrier;
      }
    }
  }
  if gid == 0 {
    total[0] = partial[0];
  }
}
