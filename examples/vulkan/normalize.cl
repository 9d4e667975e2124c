// examples/vulkan: a kernel with a grid barrier, as a user writes it. Each
// invocation adds its element's square into a total (one atomic per
// workgroup after a tree in local memory), and after the grid barrier
// scales its element by 1/total's integer part. Integers throughout, so
// the example's own check is exact.
void gridsplit_grid_sync(void);

kernel void normalize(global const int *in, global int *out, global int *total, int n) {
  local int tree[64];
  int i = get_global_id(0), l = get_local_id(0);
  int x = i < n ? in[i] : 0;
  tree[l] = x * x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 32; s > 0; s >>= 1) {
    if (l < s)
      tree[l] += tree[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    atomic_add(total, tree[0]);
  gridsplit_grid_sync();
  if (i < n)
    out[i] = (x * 1000) / (*total % 997 + 1);
}
