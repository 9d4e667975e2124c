// lit Split_hoist_unwritten.ll, Run_hoist_unwritten.ll: a read of a buffer
// no invocation of the segment writes (c[2]), at the same address in every
// virtual workgroup, across a workgroup barrier; a helper that is not
// inlined reads it too; v is written in one segment and read (another
// invocation's element) in the next.
void gridsplit_grid_sync(void);

__attribute__((noinline)) float scale(global const float *c, float x) { return x / c[0] + c[1]; }

kernel void hoist(global const float *c, global float *v, global float *w, uint n) {
  uint g = get_global_id(0);
  local float s[16];
  if (g < n)
    v[g] = scale(c, v[g]);
  gridsplit_grid_sync();
  float k = c[2];
  s[get_local_id(0)] = k * (float)get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  float t = g < n ? v[(g + 1) % n] : 1.0f;
  t = t / k + s[(get_local_id(0) + 1) % get_local_size(0)];
  if (g < n)
    w[g] = t;
}

// A written buffer the kernel declares restrict, read after a barrier that
// orders another invocation's write to it (one workgroup: no race). Its
// read must not be made once before the loop over virtual workgroups
// (a review found it was, with the barrier marked willreturn).
kernel void flagged(global int *restrict flag, global int *out, global const int *in) {
  size_t g = get_global_id(0), l = get_local_id(0);
  out[g] = in[g] * 2;
  gridsplit_grid_sync();
  if (l == 0)
    flag[0] = out[g] + in[1];
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = flag[0] + (int)g;
}

// The same through workgroup memory the kernel declares restrict: written
// by one invocation of each workgroup, read by all after the barrier, for
// four virtual workgroups on one physical one (a second review found 60 of
// 64 elements wrong: the local argument kept its noalias).
kernel void lflagged(global int *out, global const int *in, local int *restrict s) {
  size_t g = get_global_id(0), l = get_local_id(0);
  out[g] = in[g] * 2;
  gridsplit_grid_sync();
  if (l == 0)
    s[0] = out[g] + in[1] + (int)get_group_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = s[0] + (int)g;
}
