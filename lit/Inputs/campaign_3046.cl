// grid_campaign.py --emit 3046 (all shapes): at -O0 with virtual workgroups POCL 3.1
// aborts in ParallelRegion::Verify ("Incoming edges to non-entry block") building
// segment 0, whose early uniform return sits inside a conditional holding workgroup
// barriers and before a loop of them; it builds the same segment optimized.
void gridsplit_grid_sync(void);
typedef struct { uint a; uint b[2]; } pair_t;

__attribute__((noinline)) uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
uint gid_of(uint a) {
  return a + (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2))) * 3u;
}
__attribute__((noinline)) void put(global uint *o, uint i, uint v) { o[i] = v; }
void bump(pair_t *p, uint v) { p->a += v; p->b[v & 1u] ^= v; }
uint lread(local uint *l, uint i) { return l[i]; }

kernel void k(global const uint *in, global uint *buf, global uint *out, global uint *acc, global float *fout, uint n, uint iters) {
  uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)));
  uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
  local uint L0[16];
  local uchar L1;
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
  v1 = ps.a;
  fv += (float)((buf[gid]) & 255u);
  bump(&ps, ((v0 | 65535u) > mix(gid, iters) ? iters : (3u + iters)));
  buf[gid] = v0;
  uint j1 = 0u;
  for (; j1 < (lid) % 5u; j1++) {
    v0 = mix(v0, buf[gid]);
  }
  v1 += j1 * 1u;
  if (((v0) ^ gid) & 2u) {
    if (((v1) ^ gid) & 1u) {
      pa[n & 3u] = ((lid | 2654435769u) > in[(v1) % 32u] ? 13u : (lid >> 24u));
      v1 = mix(v1, (lid | (gid >> 22u)));
      bump(&ps, in[(v0) % 32u]);
    }
    fv += (float)(((gid_of(13u) > v0 ? gid : (5u > v2 ? n : v1))) & 255u);
    v0 = mix(v0, ((v0 >> 24u) & pa[(v2) & 3u]));
  } else {
    v1 = mix(v1, ((2654435769u - 5u) ^ (lid - v2)));
    v0 = mix(v0, lid);
    v1 = mix(v1, 2654435769u);
    bump(&ps, mix(1u, 0u));
  }
  if (n != 1u) {
    if (lid == 0u) {
      L1 = (uchar)(lid);
      Lf = (float)(((v2 >> 14u)) & 1023u);
      for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(v1 + q);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    v2 += (uint)L1 + L2[lid % 3u];
    fv += Lf;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0u) Lc = 0u;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&Lc, v0 & 15u);
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 += Lc;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (iters + iters < 4u) {
      v0 = mix(v0, n);
      v1 ^= (7u + iters);
      v2 = gid_of(buf[gid]);
    } else {
      if (((v1) ^ gid) & 1u) {
        v1 = mix(v1, pa[((0u * 5u)) & 3u]);
        v1 = mix(v1, ((v0 ^ v0) & v2));
        v2 = mix(v2, buf[gid]);
        v0 += ps.b[0];
      } else {
        v2 += ((n + n) - (v1 + v1));
        v0 = mix(v0, (ps.b[1] > (gid - lid) ? (2u & 5u) : pa[(1000u) & 3u]));
        v2 = in[(pa[(gid) & 3u]) % 32u];
      }
      if ((n & 1u) == 0u) return;
    }
    v2 = mix(v2, iters);
    for (uint i2 = 0u; i2 < iters; i2++) {
      L0[lid] = buf[gid];
      barrier(CLK_LOCAL_MEM_FENCE);
      v0 += lread(L0, (lid + 2u) % 16u);
      barrier(CLK_LOCAL_MEM_FENCE);
      bump(&ps, v1);
      fv += (float)((mix(in[(v2) % 32u], 1u)) & 255u);
    }
  }
  gridsplit_grid_sync();
  v1 = (1000u + (v2 > iters ? v2 : v2));
  fv += (float)((((gid >> 13u) >> 18u)) & 255u);
  v2 = mix(v2, (mix(5u, iters) - gid));
  put(buf, gid, ps.b[1]);
  out[gid * 11u + 0u] = v0;
  out[gid * 11u + 1u] = v1;
  out[gid * 11u + 2u] = v2;
  out[gid * 11u + 3u] = pa[0] ^ pa[1] * 3u ^ pa[2] * 5u ^ pa[3] * 7u;
  out[gid * 11u + 4u] = ps.a + ps.b[0] * 3u + ps.b[1] * 5u;
  out[gid * 11u + 5u] = L0[lid];
  fout[gid] = fv;
}
