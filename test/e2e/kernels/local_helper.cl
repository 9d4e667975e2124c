// A kernel-scope `local` array that a helper the compiler does not inline
// works on, across a grid barrier: at -O2 clang propagates the array into
// the helper (the helper names the global itself, not a parameter), so the
// split must give the segment and the helper one and the same array.
void gridsplit_grid_sync(void);

__attribute__((noinline)) static void tile_sum(local int *tile, int lid, int size) {
  for (int stride = size / 2; stride > 0; stride /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < stride)
      tile[lid] += tile[lid + stride];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

kernel void local_helper(global const int *in, global int *sums, global int *out, int n) {
  local int tile[64];
  int lid = get_local_id(0), grp = get_group_id(0), gid = get_global_id(0);
  tile[lid] = gid < n ? in[gid] : 0;
  tile_sum(tile, lid, 64);
  if (lid == 0)
    sums[grp] = tile[0];
  gridsplit_grid_sync();
  if (gid < n)
    out[gid] = in[gid] * 2 + sums[(grp + 1) % get_num_groups(0)];
}
