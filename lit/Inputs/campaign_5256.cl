// grid_campaign.py seed 5256 as generated (FINDINGS.md N7): POCL 3.1 ran it wrong at -O0
// (a rotated loop's guard: N6's shape) until gridsplit run rotated loops before its joins.
// grid_campaign.py kernel, seed 5256: grid [2, 3, 6], workgroup [1, 1, 3], n 36
void gridsplit_grid_sync(void);
typedef struct { uint a; uint b[2]; } pair_t;

__attribute__((noinline)) uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
__attribute__((noinline)) uint gid_of(uint a) {
  return a + (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2))) * 3u;
}
__attribute__((noinline)) uint lread(local uint *l, uint i) { return l[i]; }

kernel void k(global const uint *in, global uint *buf, global uint *out, global uint *acc, global float *fout, uint n, uint iters) {
  uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)));
  uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
  local uint L0[3];
  local uchar L1;
  local float Lf;
  local uchar L2[3];
  local uint Lc;
  uint v0 = in[gid] + 1u;
  uint v1 = in[gid] + 18u;
  uint v2 = in[gid] + 35u;
  uint v3 = in[gid] + 52u;
  uint v4 = in[gid] + 69u;
  uint pa[4] = {gid, 1u, 2u, in[gid]};
  pair_t ps = {gid * 5u, {iters, 9u}};
  float fv = (float)(in[gid] & 255u);
  L0[lid] = in[gid] ^ 0x55u;
  if (lid == 0u) { L1 = 1; Lf = 2.0f; Lc = 0u; L2[0] = 1; L2[1] = 2; L2[2] = 3; }
  barrier(CLK_LOCAL_MEM_FENCE);
  pa[gid & 3u] = v4;
  if (n != 0u) {
    uint j1 = 0u;
    for (; j1 < (gid) % 5u; j1++) {
      v2 |= ((lid * v1) | (gid & 65535u));
      v1 = gid;
    }
    v1 += j1 * 13u;
    for (uint i2 = 0u; i2 < 2u; i2++) {
      if (((v0) ^ gid) & 2u) {
        v4 = (mix(v1, lid) >> 22u);
        v0 ^= L0[lid];
        v4 = 2654435769u;
        v3 = mix(v3, (2654435769u > v0 ? lid : (v1 + 3u)));
      } else {
        v1 = mix(v1, ps.a);
        v0 = buf[gid];
        v3 ^= i2;
        v1 = mix(v1, in[(buf[gid]) % 36u]);
      }
      v0 = mix(v0, (lid & ps.b[0]));
      v4 ^= buf[gid];
    }
    L0[lid] = v4;
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 += lread(L0, (lid + 4u) % 3u);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint j3 = 0u;
    for (; j3 < (v1) % 5u; j3++) {
      fv += (float)((v1) & 255u);
      v0 += gid;
    }
    v3 += j3 * 13u;
  }
  v0 = v0;
  uint j4 = 0u;
  for (; j4 < ((mix(0u, v2) > v2 ? (v1 >> 18u) : in[(n) % 36u])) % 5u; j4++) {
    if (((v1) ^ gid) & 3u) {
      v4 = (n > (v2 | gid) ? (n | v1) : (lid + v1));
      v1 = mix(v1, ((2654435769u > 7u ? gid : v1) + (lid + 65535u)));
      v2 = mix(v2, (lid * mix(lid, gid)));
    } else {
      v2 += (gid >> 4u);
      fv += (float)((v4) & 255u);
    }
    v4 = mix(v4, v0);
  }
  v2 += j4 * 1u;
  v3 = v4;
  v1 = lid;
  v2 ^= 255u;
  pa[v2 & 3u] = gid_of(gid);
  gridsplit_grid_sync();
  ps.b[v3 & 1u] += 7u;
  v1 += (gid_of(3u) & ps.a);
  out[gid * 13u + 0u] = v0;
  out[gid * 13u + 1u] = v1;
  out[gid * 13u + 2u] = v2;
  out[gid * 13u + 3u] = v3;
  out[gid * 13u + 4u] = v4;
  out[gid * 13u + 5u] = pa[0] ^ pa[1] * 3u ^ pa[2] * 5u ^ pa[3] * 7u;
  out[gid * 13u + 6u] = ps.a + ps.b[0] * 3u + ps.b[1] * 5u;
  out[gid * 13u + 7u] = L0[lid];
  fout[gid] = fv;
}
