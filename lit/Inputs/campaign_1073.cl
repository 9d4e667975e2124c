// grid_campaign.py --emit 1073 --avoid known: at -O0 with virtual workgroups POCL 3.1,
// optimizing the segments itself, aborted in ParallelRegion::Verify.
void gridsplit_grid_sync(void);
typedef struct { uint a; uint b[2]; } pair_t;

__attribute__((always_inline)) uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
__attribute__((noinline)) void put(global uint *o, uint i, uint v) { o[i] = v; }
__attribute__((always_inline)) uint lread(local uint *l, uint i) { return l[i]; }

kernel void k(global const uint *in, global uint *buf, global uint *out, global uint *acc, global float *fout, uint n, uint iters) {
  uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)));
  uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
  local uint L0[3];
  local uint L1w[3];
  local float Lfw[2];
  local uchar L2[9];
  local uint Lcw[2];
#define L1 L1w[iters > 1000u]
#define Lf Lfw[iters > 1000u]
#define Lc Lcw[iters > 1000u]
  uint v0 = in[gid] + 1u;
  uint v1 = in[gid] + 18u;
  uint v2 = in[gid] + 35u;
  uint pa[4] = {gid, 1u, 2u, in[gid]};
  pair_t ps = {gid * 5u, {iters, 9u}};
  float fv = (float)(in[gid] & 255u);
  L0[lid] = in[gid] ^ 0x55u;
  if (lid == 0u) { L1 = 1; Lf = 2.0f; Lc = 0u; L2[0] = 1; L2[1] = 2; L2[2] = 3; }
  barrier(CLK_LOCAL_MEM_FENCE);
  v2 = ((gid + v1) >> 10u);
  v0 ^= L0[lid];
  v0 ^= buf[(v2) % 3u];
  if (lid == 0u) {
    L1 = (uint)(iters);
    Lf = (float)((pa[(pa[(v1) & 3u]) & 3u]) & 1023u);
    for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(v1 + q);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  v0 += (uint)L1 + L2[lid % 3u];
  fv += Lf;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0u) Lc = 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&Lc, v1 & 15u);
  barrier(CLK_LOCAL_MEM_FENCE);
  v2 += Lc;
  barrier(CLK_LOCAL_MEM_FENCE);
  v0 += acc[3u];
  uint j1 = 0u;
  for (; j1 < (in[((2654435769u >> 23u)) % 3u]) % 5u; j1++) {
    ps.b[v1 & 1u] += lid;
  }
  v1 = pa[(65535u) & 3u];
  if (n + iters < 4u) {
    v1 = (1u > pa[(v2) & 3u] ? in[(v1) % 3u] : gid);
  } else {
    v0 = (1u > ps.b[0] ? gid : pa[(5u) & 3u]);
    if (iters > 0u) {
      v2 = 5u;
    } else {
      L0[lid] = (n > n ? iters : n);
      barrier(CLK_LOCAL_MEM_FENCE);
      v1 += lread(L0, (lid + 4u) % 3u);
      barrier(CLK_LOCAL_MEM_FENCE);
      if (n + iters < 7u) {
        v1 = mix(v1, pa[((v2 >> 21u)) & 3u]);
        v2 = mix(v2, gid);
        ps.b[v0 & 1u] += 1000u;
      } else {
        v2 = gid;
        if (n > 3u) return;
        v0 |= pa[(lid) & 3u];
        v0 = mix(v0, (v2 & 2u));
      }
      v0 = ps.a;
    }
    for (uint i2 = 0u; i2 < 3u; i2++) {
      if (n != 1u) {
        v2 = mix(v2, gid);
        v0 = mix(v0, lid);
        v2 = mix(v2, v0);
        v0 = mix(v0, 255u);
      }
      v1 = mix(v1, v0);
      v1 = (lid > v1 ? (1u ^ gid) : (lid ^ gid));
    }
    if (((v2) ^ gid) & 2u) {
      ps.b[v2 & 1u] += iters;
      if (((v1) ^ gid) & 3u) {
        v0 = mix(v0, ps.a);
        v1 = mix(v1, v2);
      } else {
        v2 = mix(v2, v1);
        L0[lid] = gid;
        v0 += L0[lid];
        v1 = ((n >> 28u) > in[(iters) % 3u] ? in[(v1) % 3u] : 65535u);
      }
      v0 = mix(v0, buf[gid]);
    } else {
      if (((v0) ^ gid) & 2u) {
        v1 = mix(v1, pa[(5u) & 3u]);
      } else {
        v0 = mix(v0, mix(lid, (gid & lid)));
        v2 = mix(v2, (in[(v2) % 3u] * (v0 - gid)));
      }
      ps.b[v1 & 1u] += (iters > 65535u ? (5u + 7u) : v1);
      ps.b[v0 & 1u] += gid;
      v1 = gid;
    }
  }
  if ((n & 1u) == 0u) {
    v2 = mix(mix(v2, lid), v2);
  }
  gridsplit_grid_sync();
  out[gid * 11u + 0u] = v0;
  out[gid * 11u + 1u] = v1;
  out[gid * 11u + 2u] = v2;
  out[gid * 11u + 3u] = pa[0] ^ pa[1] * 3u ^ pa[2] * 5u ^ pa[3] * 7u;
  out[gid * 11u + 4u] = ps.a + ps.b[0] * 3u + ps.b[1] * 5u;
  out[gid * 11u + 5u] = L0[lid];
  fout[gid] = fv;
}

