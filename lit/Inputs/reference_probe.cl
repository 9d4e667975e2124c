// Reference_any_llvm.ll: what gs-reference must bind with the clang of any
// LLVM: id queries, a kernel-scope local array, workgroup and grid barriers,
// OpenCL 1.x and 2.0 atomics on global and local memory.
void gridsplit_grid_sync(void);

kernel void probe(global const int *in, global int *out, global int *sum,
                  global atomic_int *sum2) {
  local int tile[4];
  local int count;
  size_t g = get_global_id(0), l = get_local_id(0);
  if (l == 0)
    count = 0;
  tile[l] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&count, 1);
  atomic_add(sum, in[g]);
  atomic_fetch_add(sum2, 2);
  gridsplit_grid_sync();
  out[g] = tile[(l + 1) % 4] * 10 + count + (int)get_group_id(0) * 1000;
}
