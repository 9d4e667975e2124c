// pocl_branch_after_barrier.cl with its work in helpers that are not
// inlined: lid == 0 comes from a call, the stores to L2 from another.
// A uniform `if` holds workgroup barriers and a branch on lid == 0 decided
// before the first of them; its other way holds a grid barrier. Segment 0
// holds the conditional without the grid barrier, and POCL 3.1, optimizing
// that kernel itself, skipped work-item 0's stores to L2 (campaign seed 1051).
void gridsplit_grid_sync(void);
__attribute__((noinline)) uint first(void) { return get_local_id(0) == 0u; }
__attribute__((noinline)) void fill(local uchar *l, uint v) {
  for (uint q = 0u; q < 3u; q++)
    l[q] = (uchar)(v + q);
}

kernel void k(global const uint *in, global const uint *buf, global uint *out,
              global float *fout, uint n, uint iters) {
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  uint is0 = first();
  local uint L1[3];
  local float Lf[2];
  local uchar L2[9];
  local uint Lc[2];
  uint sel = iters > 1000u;
  uint v1 = in[gid] + 18u;
  uint v2 = in[gid] + 35u;
  uint v3 = in[gid] + 52u;
  float fv = (float)(in[gid] & 255u);
  if (is0) { L1[sel] = 1u; Lf[sel] = 2.0f; Lc[sel] = 0u; L2[0] = 1; L2[1] = 2; L2[2] = 3; }
  barrier(CLK_LOCAL_MEM_FENCE);
  if ((n & 1u) == 0u) {
    if (is0) {
      Lf[sel] = (float)(buf[gid] & 1023u);
      fill(L2, v1);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 += L1[sel] + L2[lid % 3u];
    fv += Lf[sel];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (is0)
      Lc[sel] = 0u;
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 += Lc[sel];
    barrier(CLK_LOCAL_MEM_FENCE);
  } else {
    gridsplit_grid_sync();
  }
  gridsplit_grid_sync();
  out[3u * gid] = v3;
  out[3u * gid + 1u] = v2;
  out[3u * gid + 2u] = v1;
  fout[gid] = fv;
}
