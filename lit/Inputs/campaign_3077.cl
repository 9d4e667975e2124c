// grid_campaign.py seed 3077 as generated (FINDINGS.md N3): on a 2-D grid with virtual
// workgroups, gridsplit run stopped it as a divergent grid barrier (stop 17's code).
// grid_campaign.py kernel, seed 3077: grid [16, 6], workgroup [8, 3], n 68
void gridsplit_grid_sync(void);
typedef struct { uint a; uint b[2]; } pair_t;

__attribute__((noinline)) uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
static void sync_store(global uint *o, uint i, uint v) {
  gridsplit_grid_sync();
  o[i] = v;
}

kernel void k(global const uint *in, global uint *buf, global uint *out, global uint *acc, global float *fout, uint n, uint iters) {
  uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)));
  uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
  local uint L0[24];
  local uint L1;
  local float Lf;
  local uchar L2[3];
  local uint Lc;
  if (gid >= n) return;
  uint v0 = in[gid] + 1u;
  uint v1 = in[gid] + 18u;
  uint pa[4] = {gid, 1u, 2u, in[gid]};
  pair_t ps = {gid * 5u, {iters, 9u}};
  float fv = (float)(in[gid] & 255u);
  L0[lid] = in[gid] ^ 0x55u;
  uint j1 = 0u;
  for (; j1 < (in[((0u > n ? v1 : n)) % 96u]) % 5u; j1++) {
    v0 = mix(v0, ((5u - v1) & pa[(lid) & 3u]));
  }
  v0 += j1 * 13u;
  for (uint i2 = 0u; i2 < iters; i2++) {
    ps.b[v1 & 1u] += ((n * v1) >> 15u);
    v0 ^= n;
    v1 = (lid > buf[gid] ? i2 : (v1 & gid));
  }
  v1 = n;
  v1 += buf[gid];
  pa[gid & 3u] = ((gid >> 27u) & v1);
  if (iters + iters < 3u) {
    v1 = in[(v1) % 96u];
    v0 |= lid;
  } else {
    sync_store(out, gid * 10u + 8u, v1);
    pa[iters & 3u] = ((v1 > iters ? gid : v0) > pa[(iters) & 3u] ? in[(v1) % 96u] : (0u ^ iters));
    atomic_add(&acc[(lid) % 4u], ((buf[gid] & mix(v1, v1))) & 0xffffu);
  }
  v0 = mix(v0, mix((v0 * iters), v1));
  if ((gid ^ 1u) % 4u == 0u) return;
  sync_store(out, gid * 10u + 8u, v1);
  v0 = mix(v0, ps.b[0]);
  v0 += iters;
  if ((n & 1u) == 0u) {
    gridsplit_grid_sync();
    ps.b[v1 & 1u] += buf[gid];
    for (uint i3 = 0u; i3 < iters; i3++) {
      uint j4 = 0u;
      for (; j4 < (gid) % 5u; j4++) {
        v0 += (lid * mix(gid, 2u));
        v0 = mix(v0, ps.b[0]);
      }
      v1 += j4 * 3u;
      v1 = mix(v1, 13u);
      v0 ^= L0[lid];
      if (i3 + iters < 3u) return;
    }
    ps.b[v0 & 1u] += 2654435769u;
  }
  out[gid * 10u + 0u] = v0;
  out[gid * 10u + 1u] = v1;
  out[gid * 10u + 2u] = pa[0] ^ pa[1] * 3u ^ pa[2] * 5u ^ pa[3] * 7u;
  out[gid * 10u + 3u] = ps.a + ps.b[0] * 3u + ps.b[1] * 5u;
  out[gid * 10u + 4u] = L0[lid];
  fout[gid] = fv;
}
