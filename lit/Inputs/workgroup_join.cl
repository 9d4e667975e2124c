// Error_workgroup_barrier_after_join.ll: a branch on the invocation id whose
// ways join again before any barrier cannot part a workgroup, whatever a
// later grid-uniform branch chooses (a grid barrier or a workgroup barrier).
void gridsplit_grid_sync(void);

__attribute__((noinline)) void note(global uint *o, uint i) { o[i] += 3u; }

// an id-dependent if around a call (a branch at -O2 too), then a uniform
// choice between a grid barrier and going straight to a workgroup barrier
kernel void join_if(global uint *buf, local uint *tile, uint n, uint iters) {
  uint gid = get_global_id(0), lid = get_local_id(0);
  if (n > buf[gid])
    note(buf, gid);
  if (iters > 2u)
    gridsplit_grid_sync();
  tile[lid] = buf[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[gid] = tile[(lid + 1u) % get_local_size(0)] + 1u;
}

// a ternary (a branch at -O0) before a uniform loop holding the grid barrier
kernel void join_ternary(global uint *buf, uint n, uint iters) {
  uint gid = get_global_id(0), lid = get_local_id(0);
  local uint tile[4];
  uint t = n > buf[gid] ? gid : 1u;
  for (uint i = 0u; i < iters; i++)
    gridsplit_grid_sync();
  tile[lid] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[gid] = tile[(lid + 1u) % 4u];
}

// still an error: the grid barrier lies before the ways join
kernel void parted(global uint *buf, uint n, uint iters) {
  uint gid = get_global_id(0);
  if (n > buf[gid]) {
    if (iters > 2u)
      gridsplit_grid_sync();
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[gid] += 1u;
}
