// The four grid-sync workloads of bench/gpu (issue 4), written as a gridsplit
// user writes them: one invocation per element (per 8 for the histogram),
// grid barriers between the phases, any grid size. bench/gpu/coop.cu holds
// the same algorithms for CUDA cooperative groups.
#define WG 256
#define SWEEPS 8
void gridsplit_grid_sync(void);

// Inclusive sum over the workgroup (tree in workgroup memory).
static uint wg_sum(local uint *s, uint v) {
  uint l = get_local_id(0);
  s[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = WG / 2; k > 0; k >>= 1) {
    if (l < k)
      s[l] += s[l + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  uint t = s[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  return t;
}

// Inclusive scan over the workgroup (Hillis-Steele).
static uint wg_scan(local uint *s, uint v) {
  uint l = get_local_id(0);
  s[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 1; k < WG; k <<= 1) {
    uint x = l >= k ? s[l - k] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    s[l] += x;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  uint t = s[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  return t;
}

// Multi-phase reduction: n -> n/256 -> n/2^16 -> n/2^24 -> 1 (n <= 2^32).
kernel void reduce(global const uint *in, global uint *p1, global uint *p2, global uint *out,
                   uint n) {
  local uint s0[WG], s1[WG], s2[WG], s3[WG];
  uint i = get_global_id(0), g = get_group_id(0), l = get_local_id(0);
  uint m1 = (n + WG - 1) / WG, m2 = (m1 + WG - 1) / WG, m3 = (m2 + WG - 1) / WG;
  uint t = wg_sum(s0, i < n ? in[i] : 0);
  if (l == 0)
    p1[g] = t;
  gridsplit_grid_sync();
  if (g < m2) {
    t = wg_sum(s1, i < m1 ? p1[i] : 0);
    if (l == 0)
      p2[g] = t;
  }
  gridsplit_grid_sync();
  if (g < m3) {
    t = wg_sum(s2, i < m2 ? p2[i] : 0);
    if (l == 0)
      p1[g] = t;
  }
  gridsplit_grid_sync();
  if (g == 0) {
    t = wg_sum(s3, i < m3 ? p1[i] : 0);
    if (l == 0)
      out[0] = t;
  }
}

// Inclusive prefix sum: three levels of block scans up, three of offsets down.
kernel void scan(global const uint *in, global uint *out, global uint *s0, global uint *s1,
                 global uint *s2, uint n) {
  local uint t0[WG], t1[WG], t2[WG], t3[WG];
  uint i = get_global_id(0), g = get_group_id(0), l = get_local_id(0);
  uint m1 = (n + WG - 1) / WG, m2 = (m1 + WG - 1) / WG, m3 = (m2 + WG - 1) / WG;
  uint v = wg_scan(t0, i < n ? in[i] : 0);
  if (i < n)
    out[i] = v;
  if (l == WG - 1)
    s0[g] = v;
  gridsplit_grid_sync();
  if (g < m2) {
    v = wg_scan(t1, i < m1 ? s0[i] : 0);
    if (i < m1)
      s0[i] = v;
    if (l == WG - 1)
      s1[g] = v;
  }
  gridsplit_grid_sync();
  if (g < m3) {
    v = wg_scan(t2, i < m2 ? s1[i] : 0);
    if (i < m2)
      s1[i] = v;
    if (l == WG - 1)
      s2[g] = v;
  }
  gridsplit_grid_sync();
  if (g == 0) {
    v = wg_scan(t3, i < m3 ? s2[i] : 0);
    if (i < m3)
      s2[i] = v;
  }
  gridsplit_grid_sync();
  if (g >= 1 && i < m2)
    s1[i] += s2[g - 1];
  gridsplit_grid_sync();
  if (g >= 1 && i < m1)
    s0[i] += s1[g - 1];
  gridsplit_grid_sync();
  if (g >= 1 && i < n)
    out[i] += s0[g - 1];
}

// Histogram of the low byte (workgroup histograms merged with atomics), then
// every element's normalised frequency. 8 elements per invocation.
kernel void histnorm(global const uint *in, global int *hist, global float *out, uint n) {
  local int h[WG];
  uint l = get_local_id(0), base = get_group_id(0) * (8 * WG);
  h[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < 8; k++) {
    uint j = base + k * WG + l;
    if (j < n)
      atomic_add(&h[in[j] & (WG - 1)], 1);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (h[l])
    atomic_add(&hist[l], h[l]);
  gridsplit_grid_sync();
  float inv = 1.0f / (float)n;
  for (uint k = 0; k < 8; k++) {
    uint j = base + k * WG + l;
    if (j < n)
      out[j] = (float)hist[in[j] & (WG - 1)] * inv;
  }
}

// The same sweeps, their number an argument: the loop stays a loop, the
// schedule is dynamic, and the host reads the control word after each
// segment to learn the next.
kernel void jacobi_loop(global float *a, global float *b, uint n, int sweeps) {
  uint i = get_global_id(0);
  for (int it = 0; it < sweeps; it++) {
    global float *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    if (i < n) {
      float c = src[i];
      float lft = i > 0 ? src[i - 1] : c, rgt = i + 1 < n ? src[i + 1] : c;
      dst[i] = (lft + c + rgt) * (1.0f / 3.0f);
    }
    gridsplit_grid_sync();
  }
}

// Jacobi sweeps of a 1-D three-point average, a grid barrier in the loop.
kernel void jacobi(global float *a, global float *b, uint n) {
  uint i = get_global_id(0);
#pragma unroll
  for (int it = 0; it < SWEEPS; it++) {
    global float *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    if (i < n) {
      float c = src[i];
      float lft = i > 0 ? src[i - 1] : c, rgt = i + 1 < n ? src[i + 1] : c;
      dst[i] = (lft + c + rgt) * (1.0f / 3.0f);
    }
    gridsplit_grid_sync();
  }
}
