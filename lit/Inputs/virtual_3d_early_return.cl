// Some invocations return before a uniform loop of grid barriers (a dynamic
// schedule) on a 3-D grid; with virtual workgroups POCL 3.1, optimizing the
// segment itself, split the votes carried across the workgroup barrier of
// the virtual-workgroup loop, and the run was stopped as a divergent grid
// barrier (FINDINGS N3).
void gridsplit_grid_sync(void);

kernel void k(global uint *out, uint iters) {
  uint gid = get_global_id(0) + 2 * (get_global_id(1) + 6 * get_global_id(2));
  if (gid % 8u == 1u)
    return;
  for (uint i = 0u; i < iters; i++)
    gridsplit_grid_sync();
  out[gid] = gid;
}
