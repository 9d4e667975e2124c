/* gs-plain-reference: what some fixture kernels compute, written as plain
 * sequential C, for grids far too large for one thread per invocation
 * (2^16 .. 2^20 invocations). Each function reproduces its kernel's exact
 * arithmetic, including the order of float additions where it decides the
 * result bits (the workgroup tree of reduce_sum), so the outputs can be
 * compared byte for byte with `gridsplit run`.
 *
 *   gs-plain-reference --grid X[,Y,Z] --workgroup X[,Y,Z] --kernel NAME
 *                      [--out DIR] NAME=@FILE|zeros:BYTES|local:BYTES|VALUE...
 *
 * The same arguments as gs-reference and `gridsplit run`; the kernel name
 * selects the function. The buffers that the function defines as outputs
 * are written to DIR/NAME.bin, and DIR/reference.manifest says which of them
 * the model changed, as gs-reference's does. Every buffer the kernel may
 * write must be a model's output: run_e2e.py fails a case where gridsplit
 * writes one the model does not. Build without -ffast-math and without FP
 * contraction, so every float operation rounds as it does in the kernel. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gs-plain-reference: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

/* ---- arguments ------------------------------------------------------------ */

struct arg {
  const char *name;
  const char *value;  /* scalars */
  unsigned char *data; /* buffers */
  unsigned char *initial; /* their bytes before the model ran */
  size_t bytes;
  bool output;
};

static struct arg args[32];
static unsigned nargs;
static size_t grid[3] = {1, 1, 1}, wg[3] = {1, 1, 1};

static struct arg *find(const char *name) {
  for (unsigned i = 0; i < nargs; ++i)
    if (!strcmp(args[i].name, name))
      return &args[i];
  fail("missing argument %s", name);
  return NULL;
}

/* A buffer argument of at least `count` elements of `size` bytes. */
static void *buf(const char *name, size_t count, size_t size) {
  struct arg *a = find(name);
  if (!a->data)
    fail("argument %s: expected a buffer", name);
  if (a->bytes < count * size)
    fail("argument %s: %zu bytes, need %zu", name, a->bytes, count * size);
  return a->data;
}

static void *out(const char *name, size_t count, size_t size) {
  find(name)->output = true;
  return buf(name, count, size);
}

static long long int_arg(const char *name) {
  struct arg *a = find(name);
  char *end;
  long long v = a->value ? strtoll(a->value, &end, 0) : 0;
  if (!a->value || *end)
    fail("argument %s: expected an integer", name);
  return v;
}

static size_t total_grid(void) { return grid[0] * grid[1] * grid[2]; }

/* ---- the kernels --------------------------------------------------------- */

/* Integer sums wrap like the kernels' 32-bit adds (and without C's UB). */
static int32_t wrap_add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }

/* Workgroup tree reduction of reduce_sum.cl: stride halves from size/2. */
static float tree_sum(float *lanes, size_t size) {
  for (size_t stride = size / 2; stride > 0; stride >>= 1)
    for (size_t lid = 0; lid < stride; ++lid)
      lanes[lid] += lanes[lid + stride];
  return lanes[0];
}

/* fixtures/reduce_sum.cl */
static void reduce_sum(void) {
  int n = (int)int_arg("n");
  size_t g = grid[0], l = wg[0], groups = g / l;
  const float *input = buf("input", (size_t)n, 4);
  float *partial = out("partial", groups, 4);
  float *result = out("result", 1, 4);
  float *lanes = calloc(l, sizeof *lanes);
  for (size_t grp = 0; grp < groups; ++grp) {
    for (size_t lid = 0; lid < l; ++lid) {
      float acc = 0.0f;
      for (size_t i = grp * l + lid; i < (size_t)n; i += g)
        acc += input[i];
      lanes[lid] = acc;
    }
    partial[grp] = tree_sum(lanes, l);
  }
  for (size_t lid = 0; lid < l; ++lid) {
    float sum = 0.0f;
    for (size_t grp = lid; grp < groups; grp += l)
      sum += partial[grp];
    lanes[lid] = sum;
  }
  *result = tree_sum(lanes, l);
  free(lanes);
}

/* fixtures/scan_blocks.cl (BLOCK 512, two elements per work-item): out is
 * the exclusive prefix sum of in, block_sums the exclusive prefix sum of the
 * block totals. */
static void scan_exclusive(void) {
  int n = (int)int_arg("n");
  size_t groups = grid[0] / wg[0], block = 2 * wg[0];
  const int32_t *in = buf("in", (size_t)n, 4);
  int32_t *o = out("out", (size_t)n, 4);
  int32_t *block_sums = out("block_sums", groups, 4);
  int32_t running = 0;
  for (size_t grp = 0; grp < groups; ++grp) {
    block_sums[grp] = running;
    for (size_t i = grp * block; i < (grp + 1) * block; ++i)
      if (i < (size_t)n) {
        o[i] = running;
        running = wrap_add(running, in[i]);
      }
  }
}

/* fixtures/scan_grid.cl: exclusive scan in place, total = the sum. */
static void scan_grid_blelloch(void) {
  int n = (int)int_arg("n");
  int32_t *data = out("data", (size_t)n, 4);
  int32_t *total = out("total", 1, 4);
  int32_t running = 0;
  for (int i = 0; i < n; ++i) {
    int32_t v = data[i];
    data[i] = running;
    running = wrap_add(running, v);
  }
  *total = running;
}

/* fixtures/histogram.cl histogram_normalize. */
static void histogram_normalize(void) {
  uint32_t count = (uint32_t)int_arg("count");
  const uint8_t *pixels = buf("pixels", count, 1);
  uint32_t *bins = out("bins", 256, 4);
  float *pdf = out("pdf", 256 < total_grid() ? 256 : total_grid(), 4);
  memset(bins, 0, 256 * 4);
  for (uint32_t i = 0; i < count; ++i)
    ++bins[pixels[i]];
  for (size_t b = 0; b < 256 && b < total_grid(); ++b)
    pdf[b] = (float)bins[b] / (float)count;
}

/* fixtures/histogram.cl histogram_cdf. */
static void histogram_cdf(void) {
  int nkeys = (int)int_arg("nkeys"), nbins = (int)int_arg("nbins");
  const int32_t *keys = buf("keys", (size_t)nkeys, 4);
  int32_t *counts = out("counts", (size_t)nbins, 4);
  int32_t *cdf = out("cdf", (size_t)nbins, 4);
  memset(counts, 0, (size_t)nbins * 4);
  for (int i = 0; i < nkeys && (size_t)i < total_grid(); ++i)
    if (keys[i] >= 0 && keys[i] < nbins)
      ++counts[keys[i]];
  int32_t run = 0;
  for (int b = 0; b < nbins; ++b)
    cdf[b] = run = wrap_add(run, counts[b]);
}

/* fixtures/jacobi2d.cl: `sweeps` sweeps ping-ponging between the grids. */
static void jacobi2d(void) {
  int width = (int)int_arg("width"), height = (int)int_arg("height");
  int sweeps = (int)int_arg("sweeps");
  size_t cells = (size_t)width * (size_t)height;
  float *a = out("grid_a", cells, 4), *b = out("grid_b", cells, 4);
  float *src = a, *dst = b;
  for (int s = 0; s < sweeps; ++s) {
    for (int y = 0; y < height && (size_t)y < grid[1]; ++y)
      for (int x = 0; x < width && (size_t)x < grid[0]; ++x) {
        int c = y * width + x;
        if (x > 0 && y > 0 && x < width - 1 && y < height - 1)
          dst[c] = 0.25f * (src[c - 1] + src[c + 1] + src[c - width] + src[c + width]);
        else
          dst[c] = src[c];
      }
    float *t = src;
    src = dst;
    dst = t;
  }
}

/* fixtures/reduce_minmax.cl reduce_max: fmax is exact, so any order. */
static void reduce_max(void) {
  unsigned n = (unsigned)int_arg("n");
  size_t groups = grid[0] / wg[0];
  const float *data = buf("data", n, 4);
  float *block_max = out("block_max", groups, 4);
  float *o = out("out", 1, 4);
  float m = -INFINITY;
  for (size_t g = 0; g < groups; ++g) {
    float bm = -INFINITY;
    for (size_t i = g * wg[0]; i < (g + 1) * wg[0]; ++i)
      bm = fmaxf(bm, i < n ? data[i] : -INFINITY);
    block_max[g] = bm;
    m = fmaxf(m, bm);
  }
  *o = m;
}

/* fixtures/reduce_minmax.cl range_atomic. */
static void range_atomic(void) {
  int n = (int)int_arg("n");
  const int32_t *values = buf("values", (size_t)n, 4);
  int32_t *bounds = out("bounds", 2, 4);
  int32_t *span = out("span", 1, 4);
  bounds[0] = INT32_MAX;
  bounds[1] = INT32_MIN;
  for (int i = 0; i < n && (size_t)i < total_grid(); ++i) {
    if (values[i] < bounds[0]) bounds[0] = values[i];
    if (values[i] > bounds[1]) bounds[1] = values[i];
  }
  *span = (int32_t)((uint32_t)bounds[1] - (uint32_t)bounds[0]);
}

/* fixtures/vector_normalize.cl normalize_l2: fixed-point sum of squares. */
static void normalize_l2(void) {
  int n = (int)int_arg("n");
  float *x = out("x", (size_t)n, 4);
  int32_t *norm_fixed = out("norm_fixed", 1, 4);
  int32_t sum = 0;
  for (int i = 0; i < n; ++i) {
    float v = x[i];
    float sq = v * v;
    float scaled = sq * 65536.0f;
    sum = wrap_add(sum, (int32_t)scaled);
  }
  *norm_fixed = sum;
  float norm = sqrtf((float)sum / 65536.0f);
  if (norm > 0.0f)
    for (int i = 0; i < n; ++i)
      x[i] = x[i] / norm;
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* fixtures/bitonic_sort.cl bitonic_sort: an ascending sort (no NaNs). */
static void bitonic_sort(void) {
  unsigned n = (unsigned)int_arg("n");
  float *data = out("data", n, 4);
  qsort(data, n, 4, cmp_float);
}

static const struct {
  const char *kernel;
  void (*run)(void);
} kernels[] = {
    {"reduce_sum", reduce_sum},
    {"scan_exclusive", scan_exclusive},
    {"scan_grid_blelloch", scan_grid_blelloch},
    {"histogram_normalize", histogram_normalize},
    {"histogram_cdf", histogram_cdf},
    {"jacobi2d", jacobi2d},
    {"reduce_max", reduce_max},
    {"range_atomic", range_atomic},
    {"normalize_l2", normalize_l2},
    {"bitonic_sort", bitonic_sort},
};

/* ---- driver -------------------------------------------------------------- */

static void parse_dims(const char *text, size_t dims[3]) {
  char *end;
  for (unsigned d = 0; d < 3; ++d) {
    dims[d] = strtoull(text, &end, 10);
    if (!dims[d] || (*end && *end != ','))
      fail("bad size '%s'", text);
    if (!*end)
      return;
    text = end + 1;
  }
}

static unsigned char *read_all(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fail("%s: %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = calloc((size_t)n + 1, 1);
  if (!data || (n > 0 && fread(data, 1, (size_t)n, f) != (size_t)n))
    fail("%s: read error", path);
  fclose(f);
  *size = (size_t)n;
  return data;
}

int main(int argc, char **argv) {
  const char *kernel = NULL, *dir = "gs-plain-out";
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; ++i) {
    if (i + 1 >= argc)
      fail("%s needs a value", argv[i]);
    if (!strcmp(argv[i], "--grid"))
      parse_dims(argv[++i], grid);
    else if (!strcmp(argv[i], "--workgroup"))
      parse_dims(argv[++i], wg);
    else if (!strcmp(argv[i], "--kernel"))
      kernel = argv[++i];
    else if (!strcmp(argv[i], "--out"))
      dir = argv[++i];
    else
      fail("unknown option %s", argv[i]);
  }
  if (!kernel)
    fail("--kernel is required");
  for (; i < argc; ++i) {
    char *eq = strchr(argv[i], '=');
    if (!eq || nargs == 32)
      fail("bad argument '%s'", argv[i]);
    struct arg *a = &args[nargs++];
    *eq = 0;
    a->name = argv[i];
    const char *v = eq + 1;
    if (v[0] == '@') {
      a->data = read_all(v + 1, &a->bytes);
    } else if (!strncmp(v, "zeros:", 6)) {
      a->bytes = strtoull(v + 6, NULL, 0);
      a->data = calloc(a->bytes + 1, 1);
    } else if (!strncmp(v, "local:", 6)) {
      /* workgroup memory: nothing to model */
    } else {
      a->value = v;
    }
  }
  size_t k = 0;
  while (k < sizeof kernels / sizeof *kernels && strcmp(kernels[k].kernel, kernel))
    ++k;
  if (k == sizeof kernels / sizeof *kernels)
    fail("no plain reference for kernel %s", kernel);
  for (unsigned j = 0; j < nargs; ++j)
    if (args[j].data) {
      args[j].initial = malloc(args[j].bytes + 1);
      if (!args[j].initial)
        fail("out of memory");
      memcpy(args[j].initial, args[j].data, args[j].bytes);
    }
  kernels[k].run();

  if (mkdir(dir, 0777) && errno != EEXIST)
    fail("%s: %s", dir, strerror(errno));
  char path[4096];
  snprintf(path, sizeof path, "%s/reference.manifest", dir);
  FILE *manifest = fopen(path, "w");
  if (!manifest)
    fail("%s: %s", path, strerror(errno));
  for (unsigned j = 0; j < nargs; ++j) {
    if (!args[j].output)
      continue;
    snprintf(path, sizeof path, "%s/%s.bin", dir, args[j].name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(args[j].data, 1, args[j].bytes, f) != args[j].bytes || fclose(f))
      fail("%s: cannot write", path);
    bool changed = memcmp(args[j].data, args[j].initial, args[j].bytes) != 0;
    fprintf(manifest, "%s %s %zu\n", args[j].name, changed ? "changed" : "unchanged",
            args[j].bytes);
  }
  if (fclose(manifest))
    fail("%s/reference.manifest: cannot write", dir);
  return 0;
}
