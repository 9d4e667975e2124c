// The baseline of bench/gpu: the workloads of workloads.cl, the same
// algorithms written for CUDA cooperative groups, one kernel each with
// grid.sync() between the phases. A cooperative launch holds only the blocks
// that fit on the device at once, so each phase loops over the same virtual
// blocks (of 256 threads) that the split kernels' invocations form.
//
//   coop WORKLOAD N REPEAT INDIR OUTDIR   time one workload (us per run)
//   coop copy BYTES REPEAT                device-to-device copy bandwidth
//   coop maxgrid                          the largest cooperative grid of each
//   coop cg_phases N REPEAT INDIR OUTDIR  cg with block 0 timing each phase (us per
//                                         iteration; README, "tenth session")
//
// Times are the median over REPEAT launches, each between two events on the
// stream, as gs-cuda-run times a replayed graph.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace cg = cooperative_groups;
#define WG 256
#define SWEEPS 8
#define CG_MAXIT 200 // run.py passes the same to the split
#define CG_TOL2 1e-8f

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "coop: %s: %s\n", what, cudaGetErrorString(e));
    exit(1);
  }
}

// Sum over the block (tree in shared memory), of unsigned or float values:
// the same order as workloads.cl's wg_sum and wg_fsum.
template <typename T> __device__ T wg_sum(T *s, T v) {
  unsigned l = threadIdx.x;
  s[l] = v;
  __syncthreads();
  for (unsigned k = WG / 2; k > 0; k >>= 1) {
    if (l < k)
      s[l] += s[l + k];
    __syncthreads();
  }
  T t = s[0];
  __syncthreads();
  return t;
}

__device__ unsigned wg_scan(unsigned *s, unsigned v) {
  unsigned l = threadIdx.x;
  s[l] = v;
  __syncthreads();
  for (unsigned k = 1; k < WG; k <<= 1) {
    unsigned x = l >= k ? s[l - k] : 0;
    __syncthreads();
    s[l] += x;
    __syncthreads();
  }
  unsigned t = s[l];
  __syncthreads();
  return t;
}

#define FOR_VBLOCKS(nvb) for (unsigned g = blockIdx.x; g < (nvb); g += gridDim.x)

__global__ void reduce(const unsigned *in, unsigned *p1, unsigned *p2, unsigned *out,
                       unsigned n) {
  cg::grid_group grid = cg::this_grid();
  __shared__ unsigned s0[WG], s1[WG], s2[WG], s3[WG];
  unsigned l = threadIdx.x, nvb = (n + WG - 1) / WG;
  unsigned m1 = (n + WG - 1) / WG, m2 = (m1 + WG - 1) / WG, m3 = (m2 + WG - 1) / WG;
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l, t = wg_sum(s0, i < n ? in[i] : 0);
    if (l == 0)
      p1[g] = t;
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g < m2) {
      unsigned t = wg_sum(s1, i < m1 ? p1[i] : 0);
      if (l == 0)
        p2[g] = t;
    }
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g < m3) {
      unsigned t = wg_sum(s2, i < m2 ? p2[i] : 0);
      if (l == 0)
        p1[g] = t;
    }
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g == 0) {
      unsigned t = wg_sum(s3, i < m3 ? p1[i] : 0);
      if (l == 0)
        out[0] = t;
    }
  }
}

__global__ void scan(const unsigned *in, unsigned *out, unsigned *s0, unsigned *s1,
                     unsigned *s2, unsigned n) {
  cg::grid_group grid = cg::this_grid();
  __shared__ unsigned t0[WG], t1[WG], t2[WG], t3[WG];
  unsigned l = threadIdx.x, nvb = (n + WG - 1) / WG;
  unsigned m1 = (n + WG - 1) / WG, m2 = (m1 + WG - 1) / WG, m3 = (m2 + WG - 1) / WG;
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l, v = wg_scan(t0, i < n ? in[i] : 0);
    if (i < n)
      out[i] = v;
    if (l == WG - 1)
      s0[g] = v;
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g < m2) {
      unsigned v = wg_scan(t1, i < m1 ? s0[i] : 0);
      if (i < m1)
        s0[i] = v;
      if (l == WG - 1)
        s1[g] = v;
    }
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g < m3) {
      unsigned v = wg_scan(t2, i < m2 ? s1[i] : 0);
      if (i < m2)
        s1[i] = v;
      if (l == WG - 1)
        s2[g] = v;
    }
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g == 0) {
      unsigned v = wg_scan(t3, i < m3 ? s2[i] : 0);
      if (i < m3)
        s2[i] = v;
    }
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g >= 1 && i < m2)
      s1[i] += s2[g - 1];
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g >= 1 && i < m1)
      s0[i] += s1[g - 1];
  }
  grid.sync();
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    if (g >= 1 && i < n)
      out[i] += s0[g - 1];
  }
}

__global__ void histnorm(const unsigned *in, int *hist, float *out, unsigned n) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int h[WG];
  unsigned l = threadIdx.x, nvb = (n + 8 * WG - 1) / (8 * WG);
  FOR_VBLOCKS(nvb) {
    unsigned base = g * (8 * WG);
    h[l] = 0;
    __syncthreads();
    for (unsigned k = 0; k < 8; k++) {
      unsigned j = base + k * WG + l;
      if (j < n)
        atomicAdd(&h[in[j] & (WG - 1)], 1);
    }
    __syncthreads();
    if (h[l])
      atomicAdd(&hist[l], h[l]);
    __syncthreads();
  }
  grid.sync();
  float inv = 1.0f / (float)n;
  FOR_VBLOCKS(nvb) {
    unsigned base = g * (8 * WG);
    for (unsigned k = 0; k < 8; k++) {
      unsigned j = base + k * WG + l;
      if (j < n)
        out[j] = (float)hist[in[j] & (WG - 1)] * inv;
    }
  }
}

__global__ void jacobi(float *a, float *b, unsigned n) {
  cg::grid_group grid = cg::this_grid();
  unsigned l = threadIdx.x, nvb = (n + WG - 1) / WG;
  for (int it = 0; it < SWEEPS; it++) {
    float *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    FOR_VBLOCKS(nvb) {
      unsigned i = g * WG + l;
      if (i < n) {
        float c = src[i];
        float lft = i > 0 ? src[i - 1] : c, rgt = i + 1 < n ? src[i + 1] : c;
        dst[i] = (lft + c + rgt) * (1.0f / 3.0f);
      }
    }
    grid.sync();
  }
}

__global__ void jacobi_loop(float *a, float *b, unsigned n, int sweeps) {
  cg::grid_group grid = cg::this_grid();
  unsigned l = threadIdx.x, nvb = (n + WG - 1) / WG;
  for (int it = 0; it < sweeps; it++) {
    float *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    FOR_VBLOCKS(nvb) {
      unsigned i = g * WG + l;
      if (i < n) {
        float c = src[i];
        float lft = i > 0 ? src[i - 1] : c, rgt = i + 1 < n ? src[i + 1] : c;
        dst[i] = (lft + c + rgt) * (1.0f / 3.0f);
      }
    }
    grid.sync();
  }
}

// `coop cg_phases`: cg's time per phase, summed over its iterations by block
// 0's first thread from the global timer after each grid.sync (each phase
// with the grid.sync that ends it): 0 the stencil and its dot's partial
// sums, 1 block 0's sum of them, 2 the update and the second dot's partial
// sums, 3 block 0's sum, 4 the new direction. cg_solve is the kernel
// without the clock (PH false), which run.py times.
__device__ unsigned long long cg_phase_ns[5];
template <bool PH> struct phase_clock {
  unsigned long long last;
  __device__ static unsigned long long now() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
  }
  __device__ void start() {
    if (PH && blockIdx.x == 0 && threadIdx.x == 0)
      last = now();
  }
  __device__ void mark(int k) {
    if (PH && blockIdx.x == 0 && threadIdx.x == 0) {
      unsigned long long t = now();
      cg_phase_ns[k] += t - last;
      last = t;
    }
  }
};

// workloads.cl's grid_fsum, after each block's sum is in PART: block 0 sums
// PART[l], PART[l + WG], ... in order, then the block, into *OUT (phases K
// and K + 1 of CLK end at its two grid.syncs).
template <bool PH = false>
__device__ float grid_fsum_finish(cg::grid_group &grid, float *s, float *part, unsigned nvb,
                                  float *out, phase_clock<PH> *clk = nullptr, int k = 0) {
  grid.sync();
  if (clk)
    clk->mark(k);
  FOR_VBLOCKS(nvb) {
    if (g == 0) {
      float t = 0.0f;
      for (unsigned k = threadIdx.x; k < nvb; k += WG)
        t += part[k];
      t = wg_sum(s, t);
      if (threadIdx.x == 0)
        *out = t;
    }
  }
  grid.sync();
  if (clk)
    clk->mark(k + 1);
  return *out;
}

// workloads.cl's cg (cg_solve: cg names cooperative_groups here), the same
// operations in the same order (--fmad=false, as the OpenCL has
// FP_CONTRACT OFF); A p kept in AP, since a thread serves several virtual
// blocks.
template <bool PH>
__global__ void cg_solve_t(const float *rhs, float *x, float *r, float *p, float *ap, float *part,
                           float *dots, unsigned n, unsigned nx, int maxit, float tol2) {
  cg::grid_group grid = cg::this_grid();
  phase_clock<PH> clk;
  __shared__ float s[WG];
  unsigned l = threadIdx.x, nvb = (n + WG - 1) / WG;
  FOR_VBLOCKS(nvb) {
    unsigned i = g * WG + l;
    float bi = i < n ? rhs[i] : 0.0f;
    if (i < n) {
      x[i] = 0.0f;
      r[i] = bi;
      p[i] = bi;
    }
    float t = wg_sum(s, bi * bi);
    if (l == 0)
      part[g] = t;
  }
  float rr = grid_fsum_finish(grid, s, part, nvb, &dots[0]), stop = tol2 * rr;
  int it = 0;
  clk.start();
  while (it < maxit && rr > stop) {
    FOR_VBLOCKS(nvb) {
      unsigned i = g * WG + l;
      float pi = 0.0f, api = 0.0f;
      if (i < n) {
        unsigned col = i % nx;
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
        ap[i] = api;
      }
      float t = wg_sum(s, pi * api);
      if (l == 0)
        part[g] = t;
    }
    float alpha = rr / grid_fsum_finish(grid, s, part, nvb, &dots[1], &clk, 0);
    FOR_VBLOCKS(nvb) {
      unsigned i = g * WG + l;
      float ri = 0.0f;
      if (i < n) {
        x[i] += alpha * p[i];
        ri = r[i] - alpha * ap[i];
        r[i] = ri;
      }
      float t = wg_sum(s, ri * ri);
      if (l == 0)
        part[g] = t;
    }
    float rrn = grid_fsum_finish(grid, s, part, nvb, &dots[0], &clk, 2), beta = rrn / rr;
    rr = rrn;
    FOR_VBLOCKS(nvb) {
      unsigned i = g * WG + l;
      if (i < n)
        p[i] = r[i] + beta * p[i];
    }
    it++;
    grid.sync();
    clk.mark(4);
  }
  if (blockIdx.x == 0 && l == 0)
    dots[2] = (float)it;
}
#define cg_solve cg_solve_t<false>

// workloads.cl's bfs: levels from SRC until a level reaches no node.
__global__ void bfs(const unsigned *offsets, const unsigned *cols, int *dist, unsigned *count,
                    unsigned n, unsigned src) {
  cg::grid_group grid = cg::this_grid();
  unsigned l = threadIdx.x, nvb = (n + WG - 1) / WG;
  FOR_VBLOCKS(nvb) {
    unsigned v = g * WG + l;
    if (v < n)
      dist[v] = v == src ? 0 : INT_MAX;
    if (v == 0)
      count[0] = 1;
  }
  grid.sync();
  for (int level = 0; count[level] != 0; level++) {
    FOR_VBLOCKS(nvb) {
      unsigned v = g * WG + l;
      if (v < n && dist[v] == level)
        for (unsigned e = offsets[v]; e < offsets[v + 1]; e++)
          if (atomicMin(&dist[cols[e]], level + 1) > level + 1)
            atomicAdd(&count[level + 1], 1u);
    }
    grid.sync();
  }
  FOR_VBLOCKS(nvb) {
    unsigned v = g * WG + l;
    if (v < n && dist[v] == INT_MAX)
      dist[v] = -1;
  }
}

struct workload {
  const char *name;
  const void *fn;
  std::vector<std::string> buffers; // in argument order, then n
  std::vector<int> outputs;         // indices into buffers
  unsigned per_thread;              // elements per invocation
};

static std::vector<char> read_file(const std::string &path) {
  FILE *f = fopen(path.c_str(), "rb");
  if (!f) {
    fprintf(stderr, "coop: cannot read %s\n", path.c_str());
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  std::vector<char> d((size_t)n);
  if (n && fread(d.data(), 1, (size_t)n, f) != (size_t)n)
    exit(1);
  fclose(f);
  return d;
}

static int max_blocks(const void *fn) {
  int per_sm = 0, sms = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, WG, 0), "occupancy");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "SM count");
  return per_sm * sms;
}

int main(int argc, char **argv) {
  static const workload loads[] = {
      {"reduce", (const void *)reduce, {"in", "p1", "p2", "out"}, {3}, 1},
      {"scan", (const void *)scan, {"in", "out", "s0", "s1", "s2"}, {1}, 1},
      {"histnorm", (const void *)histnorm, {"in", "hist", "out"}, {1, 2}, 8},
      {"jacobi", (const void *)jacobi, {"a", "b"}, {0, 1}, 1},
      {"jacobi_loop", (const void *)jacobi_loop, {"a", "b"}, {0, 1}, 1},
      // the same kernel for 100 sweeps (issue 14's second count)
      {"jacobi_loop100", (const void *)jacobi_loop, {"a", "b"}, {0, 1}, 1},
      {"cg", (const void *)cg_solve, {"rhs", "x", "r", "p", "ap", "part", "dots"}, {1, 6}, 1},
      {"bfs", (const void *)bfs, {"offsets", "cols", "dist", "count"}, {2, 3}, 1},
      {"cg_phases",
       (const void *)cg_solve_t<true>,
       {"rhs", "x", "r", "p", "ap", "part", "dots"},
       {1, 6},
       1},
  };
  if (argc >= 2 && !strcmp(argv[1], "maxgrid")) {
    for (const workload &w : loads)
      printf("%s %d\n", w.name, max_blocks(w.fn) * WG);
    return 0;
  }
  if (argc >= 4 && !strcmp(argv[1], "copy")) {
    size_t bytes = strtoull(argv[2], NULL, 0);
    int reps = atoi(argv[3]);
    void *a, *b;
    check(cudaMalloc(&a, bytes), "cudaMalloc");
    check(cudaMalloc(&b, bytes), "cudaMalloc");
    check(cudaMemset(a, 1, bytes), "cudaMemset");
    check(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice), "warm-up copy");
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0);
    for (int r = 0; r < reps; r++)
      cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
    cudaEventRecord(e1);
    check(cudaEventSynchronize(e1), "copy");
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    // bytes read and written
    printf("copy %.1f GB/s\n", 2.0 * bytes * reps / (ms * 1e-3) / 1e9);
    return 0;
  }
  if (argc != 6) {
    fprintf(stderr, "usage: coop WORKLOAD N REPEAT INDIR OUTDIR | copy BYTES REPEAT | maxgrid\n");
    return 2;
  }
  const workload *w = NULL;
  for (const workload &x : loads)
    if (!strcmp(x.name, argv[1]))
      w = &x;
  if (!w) {
    fprintf(stderr, "coop: no workload %s\n", argv[1]);
    return 2;
  }
  unsigned n = (unsigned)strtoul(argv[2], NULL, 0);
  int reps = atoi(argv[3]);
  std::string in_dir = argv[4], out_dir = argv[5];
  std::vector<void *> mem(w->buffers.size());
  std::vector<size_t> size(w->buffers.size());
  for (size_t i = 0; i < w->buffers.size(); i++) {
    std::vector<char> d = read_file(in_dir + "/" + w->buffers[i] + ".bin");
    size[i] = d.size();
    check(cudaMalloc(&mem[i], d.size() ? d.size() : 1), "cudaMalloc");
    check(cudaMemcpy(mem[i], d.data(), d.size(), cudaMemcpyHostToDevice), "upload");
  }
  std::vector<void *> params;
  for (void *&m : mem)
    params.push_back(&m);
  params.push_back(&n);
  int sweeps = strcmp(w->name, "jacobi_loop100") ? SWEEPS : 100;
  if (!strncmp(w->name, "jacobi_loop", 11))
    params.push_back(&sweeps);
  // cg's grid is NX wide, NX = 2^ceil(log2(n) / 2), as run.py makes it
  unsigned nx = 1, src = 0;
  while ((unsigned long long)nx * nx < n)
    nx <<= 1;
  int maxit = CG_MAXIT;
  float tol2 = CG_TOL2;
  if (!strncmp(w->name, "cg", 2)) {
    params.push_back(&nx);
    params.push_back(&maxit);
    params.push_back(&tol2);
  }
  if (!strcmp(w->name, "bfs"))
    params.push_back(&src);
  unsigned nvb = (n + w->per_thread * WG - 1) / (w->per_thread * WG);
  unsigned blocks = (unsigned)max_blocks(w->fn);
  if (blocks > nvb)
    blocks = nvb;
  cudaStream_t st;
  check(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), "stream");
  std::vector<double> times;
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int r = 0; r <= reps; r++) {
    cudaEventRecord(e0, st);
    check(cudaLaunchCooperativeKernel(w->fn, blocks, WG, params.data(), 0, st), "launch");
    cudaEventRecord(e1, st);
    check(cudaEventSynchronize(e1), "run");
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    if (r > 0)
      times.push_back(ms * 1e-3);
    if (r == 0)
      for (int o : w->outputs) {
        std::vector<char> d(size[o]);
        check(cudaMemcpy(d.data(), mem[o], size[o], cudaMemcpyDeviceToHost), "read back");
        std::string path = out_dir + "/" + w->buffers[o] + ".bin";
        FILE *f = fopen(path.c_str(), "wb");
        if (!f || fwrite(d.data(), 1, d.size(), f) != d.size())
          exit(1);
        fclose(f);
      }
  }
  if (!strcmp(w->name, "cg_phases")) {
    unsigned long long ns[5];
    float dots[3];
    check(cudaMemcpyFromSymbol(ns, cg_phase_ns, sizeof ns), "phase times");
    check(cudaMemcpy(dots, mem[6], sizeof dots, cudaMemcpyDeviceToHost), "dots");
    // summed over the REPEAT + 1 runs, each dots[2] iterations (the same in every run)
    double per = (reps + 1) * (double)dots[2];
    printf("cg phases, us per iteration (%g iterations a run):", dots[2]);
    for (int k = 0; k < 5; k++)
      printf(" %.1f", ns[k] / per / 1e3);
    printf("\n");
  }
  std::sort(times.begin(), times.end());
  printf("%s: %d runs, %.3f us per run (median, %u blocks)\n", w->name, reps,
         times[times.size() / 2] * 1e6, blocks);
  return 0;
}
