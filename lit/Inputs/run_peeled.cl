// POCL 3.1's work-item loops, when it specializes a kernel for the
// workgroup size, run the first work-item of each workgroup twice through
// the code around a workgroup barrier under a (uniform) condition. What is
// not idempotent shows it: the atomic counts, and the read-modify-write of a
// private array at an index that differs per invocation (the array stays in
// memory, so the second pass applies the xor again and undoes it).
void gridsplit_grid_sync(void);

kernel void peeled(global uint *count, global uint *out, uint n) {
  uint gid = (uint)get_global_id(1);
  uint b[2] = {3u, 9u};
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&count[0]);
  uint v = gid + 40503u;
  b[v & 1u] ^= v;
  if (n > 1u)
    barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&count[1]);
  out[gid] = b[0] * 3u + b[1] * 5u;
  gridsplit_grid_sync();
  out[4u + gid] = count[0] * 100u + count[1];
}
