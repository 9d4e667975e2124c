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

// Sum over the workgroup of floats, in a fixed order (tree in workgroup
// memory), the same on every device.
static float wg_fsum(local float *s, float v) {
  uint l = get_local_id(0);
  s[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = WG / 2; k > 0; k >>= 1) {
    if (l < k)
      s[l] += s[l + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float t = s[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  return t;
}

// A grid-wide sum of V, the same on every device: each workgroup's sum in
// PART, then workgroup 0 sums those in order (each invocation PART[l],
// PART[l + WG], ..., then the workgroup) into *OUT, which every invocation
// reads. Two grid barriers.
static float grid_fsum(local float *s, global float *part, global float *out, float v) {
  float t = wg_fsum(s, v);
  if (get_local_id(0) == 0)
    part[get_group_id(0)] = t;
  gridsplit_grid_sync();
  if (get_group_id(0) == 0) {
    t = 0.0f;
    for (uint k = get_local_id(0); k < get_num_groups(0); k += WG)
      t += part[k];
    t = wg_fsum(s, t);
    if (get_local_id(0) == 0)
      *out = t;
  }
  gridsplit_grid_sync();
  return *out;
}

// Conjugate gradient on the 2-D 5-point Laplacian (zero outside) of a grid
// NX wide and N / NX high, from x = 0, until the residual's squared norm is
// at most TOL2 times the start's or MAXIT iterations ran: a loop of grid
// barriers whose trip count comes from a grid-wide dot product. DOTS gets
// the last squared residual norm, the last p.Ap and the iterations run.
#pragma OPENCL FP_CONTRACT OFF
kernel void cg(global const float *rhs, global float *x, global float *r, global float *p,
               global float *part, global float *dots, uint n, uint nx, int maxit, float tol2) {
  local float s[WG];
  uint i = get_global_id(0);
  float bi = i < n ? rhs[i] : 0.0f;
  if (i < n) {
    x[i] = 0.0f;
    r[i] = bi;
    p[i] = bi;
  }
  float rr = grid_fsum(s, part, &dots[0], bi * bi), stop = tol2 * rr;
  int it = 0;
  while (it < maxit && rr > stop) {
    float pi = 0.0f, api = 0.0f;
    if (i < n) {
      uint col = i % nx;
      float nb = 0.0f;
      pi = p[i];
      if (col > 0)
        nb += p[i - 1];
      if (col + 1 < nx)
        nb += p[i + 1];
      if (i >= nx)
        nb += p[i - nx];
      if (i + nx < n)
        nb += p[i + nx];
      api = 4.0f * pi - nb;
    }
    float alpha = rr / grid_fsum(s, part, &dots[1], pi * api), ri = 0.0f;
    if (i < n) {
      x[i] += alpha * pi;
      ri = r[i] - alpha * api;
      r[i] = ri;
    }
    float rrn = grid_fsum(s, part, &dots[0], ri * ri), beta = rrn / rr;
    rr = rrn;
    if (i < n)
      p[i] = ri + beta * pi;
    it++;
    gridsplit_grid_sync();
  }
  if (i == 0)
    dots[2] = (float)it;
}
#pragma OPENCL FP_CONTRACT ON

// Breadth-first search by levels from SRC on a graph in CSR form (OFFSETS,
// COLS), one invocation per node, until a level reaches no new node: DIST
// gets each node's level (-1: unreached) and COUNT[L] the nodes at level L
// (COUNT zeroed by the host, N + 1 long).
kernel void bfs(global const uint *offsets, global const uint *cols, global int *dist,
                global uint *count, uint n, uint src) {
  uint v = get_global_id(0);
  if (v < n)
    dist[v] = v == src ? 0 : INT_MAX;
  if (v == 0)
    count[0] = 1;
  gridsplit_grid_sync();
  for (int level = 0; count[level] != 0; level++) {
    if (v < n && dist[v] == level)
      for (uint e = offsets[v]; e < offsets[v + 1]; e++)
        if (atomic_min(&dist[cols[e]], level + 1) > level + 1)
          atomic_inc(&count[level + 1]);
    gridsplit_grid_sync();
  }
  if (v < n && dist[v] == INT_MAX)
    dist[v] = -1;
}

// A data set as large as the devices hold together (issue 15): X gets
// i % 1000 for each of N elements (64-bit indices over a 2-D grid, whose x
// extent the runners count in 32 bits), then each invocation adds up its
// element and its right neighbour's (wrapping at N), which the next device
// may hold, per workgroup in workgroup memory, into SUM: a 64-bit count in
// two 32-bit words (low, high), each workgroup's sum added to the low word
// and its carry to the high one, exact whatever the order. The host checks
// SUM against 2 * sum of i % 1000, and X, where it reads it back, against
// i % 1000.
kernel void fill_sum(global uint *x, global uint *sum, ulong n) {
  local uint s[WG];
  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
  if (i < n)
    x[i] = (uint)(i % 1000);
  gridsplit_grid_sync();
  uint v = i < n ? x[i] + x[i + 1 < n ? i + 1 : 0] : 0;
  uint t = wg_sum(s, v);
  if (get_local_id(0) == 0 && t) {
    uint low = atomic_add(&sum[0], t);
    if (low + t < low)
      atomic_add(&sum[1], 1u);
  }
}
