// Some invocations return before a uniform loop of grid barriers (a dynamic
// schedule) on a 3-D grid. With virtual workgroups each segment carries every
// invocation's vote (which grid barrier it reached) from one virtual group to
// the next across the workgroup barrier of its loop; POCL 3.1 mixed the votes
// up, and the run was stopped as a divergent grid barrier (campaign seed 17,
// FINDINGS N3).
void gridsplit_grid_sync(void);

kernel void k(global uint *out, uint iters) {
  uint gid = get_global_id(0) + 2 * (get_global_id(1) + 6 * get_global_id(2));
  if (gid % 8u == 1u)
    return;
  for (uint i = 0u; i < iters; i++)
    gridsplit_grid_sync();
  out[gid] = gid;
}
