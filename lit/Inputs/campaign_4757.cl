// grid_campaign.py --emit 4757 (all shapes), its grid barriers made workgroup barriers (no
// data crosses them): POCL 3.1 runs this kernel wrong (out[gid*13+1], 154 of 1430 words)
// under every work-group method, while the threaded reference and the same kernel as
// clang 22 NVPTX on an H200 agree byte for byte. Not gridsplit's: nothing is split.
void gridsplit_grid_sync(void);
typedef struct { uint a; uint b[2]; } pair_t;

uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
__attribute__((noinline)) uint gid_of(uint a) {
  return a + (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2))) * 3u;
}
__attribute__((noinline)) void put(global uint *o, uint i, uint v) { o[i] = v; }
__attribute__((noinline)) void sync_store(global uint *o, uint i, uint v) {
  barrier(CLK_GLOBAL_MEM_FENCE);
  o[i] = v;
}

kernel void k(global const uint *in, global uint *buf, global uint *out, global uint *acc, global float *fout, uint n, uint iters) {
  local uint lp[2];
  uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)));
  uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
  local uint L0[2];
  local uint L1;
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
  lp[lid] = gid;
  if (lid == 0u) { L1 = 1; Lf = 2.0f; Lc = 0u; L2[0] = 1; L2[1] = 2; L2[2] = 3; }
  barrier(CLK_LOCAL_MEM_FENCE);
  fv += (float)(((gid_of(v3) >> 11u)) & 255u);
  if (n != 2u) {
    if (n > 0u) {
      v1 = mix(v1, v0);
      v2 = mix(v2, ((iters * v2) * buf[gid]));
      pa[v2 & 3u] = in[(gid) % 110u];
    }
  } else {
    if (n > 2u) {
      v3 = mix(v3, in[((gid & lid)) % 110u]);
      ps.b[v2 & 1u] += ((0u - lid) - (13u >> 1u));
      v2 += mix(13u, gid);
      v2 = mix(v2, n);
    } else {
      uint j1 = 0u;
      for (; j1 < ((pa[(v2) & 3u] & lid)) % 5u; j1++) {
        v0 = (n & (lid >> 10u));
        fv += (float)((gid) & 255u);
      }
      v3 += j1 * 1u;
      v2 = mix(v2, 7u);
      if ((n & 1u) == 0u) {
        v1 ^= (n & iters);
      } else {
        pa[v0 & 3u] = gid;
        v3 = mix(v3, v4);
        ps.b[v2 & 1u] += (1u ^ buf[gid]);
      }
      if (lid == 0u) {
        L1 = (uint)(v0);
        Lf = (float)(((v4 & v1)) & 1023u);
        for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(v2 + q);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      v3 += (uint)L1 + L2[lid % 3u];
      fv += Lf;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint i2 = 0u; i2 < 1u; i2++) {
      v1 = mix(v1, (v4 & ps.a));
      v0 ^= L0[lid];
      v1 = v4;
      if (n > 1u) {
        uint j3 = 0u;
        for (; j3 < (v3) % 5u; j3++) {
          v3 = mix(v3, pa[((v1 ^ v0)) & 3u]);
        }
        v2 += j3 * 7u;
        v0 = mix(v0, lid);
        pa[i2 & 3u] = lid;
      } else {
        v0 = mix(v0, buf[gid]);
        ps.b[v2 & 1u] += v0;
        v1 += (gid | iters);
      }
    }
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (iters > 0u) {
    v4 = in[((lid - iters)) % 110u];
    v2 = pa[((v3 | iters)) & 3u];
  } else {
    atomic_add(&acc[(lid) % 4u], (gid_of(5u)) & 0xffffu);
    L0[lid] = v4;
    barrier(CLK_LOCAL_MEM_FENCE);
    v1 += L0[(lid + 2u) % 2u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v0 += ps.b[1];
  }
  v0 = mix(v0, ps.b[1]);
  pa[iters & 3u] = (in[(v0) % 110u] | (3u > n ? 13u : lid));
  for (uint i4 = 0u; i4 < iters; i4++) {
    if (n + iters < 6u) return;
    lp[lid] = (in[(lid) % 110u] | v0);
    barrier(CLK_LOCAL_MEM_FENCE);
    v3 += lp[(lid + 2u) % 2u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v0 = lid;
    if ((n & 1u) == 0u) {
      v3 = ps.a;
      if (lid == 0u) {
        L1 = (uint)((i4 + pa[(iters) & 3u]));
        Lf = (float)((((gid + v1) ^ lid)) & 1023u);
        for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(v0 + q);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      v1 += (uint)L1 + L2[lid % 3u];
      fv += Lf;
      barrier(CLK_LOCAL_MEM_FENCE);
      v1 |= mix((v2 >> 17u), gid);
      if (((v1) ^ gid) & 2u) {
        v3 = mix(v3, (mix(n, v3) - buf[gid]));
        v0 = mix(v0, ((5u ^ lid) - (lid - i4)));
        fv += (float)((ps.a) & 255u);
      } else {
        v4 ^= L0[lid];
        v4 = buf[gid];
        v2 = mix(v2, v2);
        v4 ^= v2;
      }
    } else {
      pa[i4 & 3u] = iters;
      fv += (float)((((lid & i4) ^ pa[(gid) & 3u])) & 255u);
      uint j5 = 0u;
      for (; j5 < (v0) % 5u; j5++) {
        v4 ^= ((gid * v1) > (v2 + iters) ? gid : ps.a);
      }
      v2 += j5 * 0u;
    }
  }
  v3 = mix(v3, pa[((gid ^ v1)) & 3u]);
  v3 = gid;
  for (uint i6 = 0u; i6 < iters; i6++) {
    lp[lid] = pa[((5u * v2)) & 3u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v0 += lp[(lid + 1u) % 2u];
    barrier(CLK_LOCAL_MEM_FENCE);
    v4 = ((v1 | v2) > buf[gid] ? v0 : v4);
    for (uint i7 = 0u; i7 < 2u; i7++) {
      v0 = mix((5u - gid), (lid > 5u ? gid : v0));
      L0[lid] = pa[((gid >> 16u)) & 3u];
      v3 += L0[lid];
    }
  }
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
