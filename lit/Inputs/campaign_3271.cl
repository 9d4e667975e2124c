// grid_campaign.py --emit 3271 (all shapes): right on b3f51d3; with the constants of
// integer phis made opaque to POCL 3.1 (tried for FINDINGS N3) its -O0 runs gave wrong
// L0[lid] words (16 of 264), with and without virtual workgroups.
void gridsplit_grid_sync(void);
typedef struct { uint a; uint b[2]; } pair_t;

__attribute__((noinline)) uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
uint gid_of(uint a) {
  return a + (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2))) * 3u;
}
__attribute__((noinline)) void bump(pair_t *p, uint v) { p->a += v; p->b[v & 1u] ^= v; }

kernel void k(global const uint *in, global uint *buf, global uint *out, global uint *acc, global float *fout, uint n, uint iters) {
  uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)));
  uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
  local uint L0[4];
  local uint L1;
  local float Lf;
  local uchar L2[3];
  local uint Lc;
  uint v0 = in[gid] + 1u;
  uint v1 = in[gid] + 18u;
  uint v2 = in[gid] + 35u;
  uint pa[4] = {gid, 1u, 2u, in[gid]};
  pair_t ps = {gid * 5u, {iters, 9u}};
  float fv = (float)(in[gid] & 255u);
  L0[lid] = in[gid] ^ 0x55u;
  if (lid == 0u) { L1 = 1; Lf = 2.0f; Lc = 0u; L2[0] = 1; L2[1] = 2; L2[2] = 3; }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (n > 1u) {
    if (lid == 0u) {
      L1 = (uint)(ps.b[0]);
      Lf = (float)((buf[(pa[(gid) & 3u]) % 24u]) & 1023u);
      for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(v1 + q);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    gridsplit_grid_sync();
    v0 += (uint)L1 + L2[lid % 3u];
    fv += Lf;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0u) Lc = 0u;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&Lc, v0 & 15u);
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 += Lc;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (((v1) ^ gid) & 3u) {
      if (((v0) ^ gid) & 1u) {
        L0[lid] = v0;
        v1 += L0[lid];
      }
      if (((v1) ^ gid) & 2u) {
        v2 = mix(v2, buf[gid]);
        v2 += n;
        v2 = mix(v2, gid);
      }
      v0 = mix(v0, pa[(2u) & 3u]);
    }
  } else {
    if (lid == 0u) {
      L1 = (uint)(buf[gid]);
      Lf = (float)(((v1 * v0)) & 1023u);
      for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(v1 + q);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    gridsplit_grid_sync();
    v0 += (uint)L1 + L2[lid % 3u];
    fv += Lf;
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 ^= buf[((1000u + v2)) % 24u];
    v0 += gid_of(n);
    uint j1 = 0u;
    for (; j1 < (v0) % 5u; j1++) {
      v1 |= mix(lid, buf[gid]);
      v0 = in[(v2) % 24u];
    }
    v2 += j1 * 5u;
  }
  v1 = n;
  v1 += lid;
  v0 = mix(v0, (lid + buf[gid]));
  v0 = gid;
  out[gid * 11u + 0u] = v0;
  out[gid * 11u + 1u] = v1;
  out[gid * 11u + 2u] = v2;
  out[gid * 11u + 3u] = pa[0] ^ pa[1] * 3u ^ pa[2] * 5u ^ pa[3] * 7u;
  out[gid * 11u + 4u] = ps.a + ps.b[0] * 3u + ps.b[1] * 5u;
  out[gid * 11u + 5u] = L0[lid];
  fout[gid] = fv;
}
