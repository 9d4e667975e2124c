/* gs-cuda-run: runs a split kernel's plan on an NVIDIA GPU through the CUDA
 * driver API (SPEC section 5, for PTX). It needs no LLVM: it reads the plan
 * (runtime/json.c) and the PTX that `gridsplit --target nvptx` wrote, so it
 * builds wherever CUDA is installed:
 *
 *   cc -O2 -I$CUDA/include runtime/cuda/gs_cuda_run.c runtime/json.c runtime/order.c \
 *      -L$CUDA/lib64/stubs -lcuda -o gs-cuda-run
 *
 *   gs-cuda-run --plan PLAN [--kernel K] --grid X[,Y,Z] --workgroup X[,Y,Z]
 *               [--out DIR] [--graph] [--repeat N] [--physical-groups N] [--verbose]
 *               MODULE.ptx ARG...
 *
 * Arguments bind by name as for `gridsplit run`: NAME=@FILE, NAME=zeros:BYTES,
 * NAME=same:OTHER, NAME=local:BYTES (workgroup memory: a slice of the
 * kernel's dynamic shared memory, whose offset the argument carries, as
 * `gridsplit --target nvptx` emits it), NAME=VALUE (read as the plan's type
 * for it); a struct passed by value (the plan's kind "value") takes the bytes
 * of NAME=@FILE, a file of exactly the plan's size. Buffers stay
 * on the device. A static schedule runs back to back in one stream, or, with
 * --graph, as one CUDA graph captured once and replayed. A dynamic one steps
 * on the device (docs/split.md): launches are queued ahead along each
 * segment's first successor, a one-invocation step kernel after each moves
 * the control word on, and a launch the schedule did not reach does
 * nothing; the host reads the word back once a batch. The path a run took
 * is queued whole in the next (with --graph as a graph), and a divergent
 * barrier is an error. With
 * --repeat N the whole schedule runs N more times after the checked run and
 * the median time per run, between two events on the stream, is printed
 * (inputs are not restored between runs).
 * Segments split with virtual workgroups (the plan's "virtual_workgroups")
 * run on as many workgroups as the device holds at once: the occupancy of
 * each segment at its workgroup size times the multiprocessors, at most the
 * grid's workgroup count, or --physical-groups N; each launch runs them in
 * the order runtime/order.h chooses. A segment whose PTX begins
 * with griddepcontrol.wait (gridsplit emits it for sm_90 and later) runs as
 * a programmatic dependent of the one before it in a static schedule: its
 * workgroups start as the earlier ones leave, and wait for its results. */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../json.h"
#include "../order.h"

static void fail(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "gs-cuda-run: error: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  exit(1);
}

static void check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  const char *name = NULL;
  cuGetErrorName(r, &name);
  fail("%s failed: %s", what, name ? name : "unknown CUDA error");
}

static char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fail("cannot read '%s': %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  char *d = malloc((size_t)(n > 0 ? n : 0) + 1);
  *size = n > 0 ? fread(d, 1, (size_t)n, f) : 0;
  d[*size] = 0;
  fclose(f);
  return d;
}

static int num(const json_value *o, const char *key, int dflt) {
  const json_value *v = json_get(o, key);
  return v && v->kind == JSON_NUMBER ? (int)v->number : dflt;
}

static const char *str(const json_value *o, const char *key) {
  const json_value *v = json_get(o, key);
  return v && v->kind == JSON_STRING ? v->string : NULL;
}

typedef struct {
  const char *name, *kind, *type;
  unsigned bytes;
  const char *spec;
  CUdeviceptr mem;
  size_t size;
  int same_as;
  unsigned char scalar[8];
  unsigned char *value; /* a struct passed by value (kind "value"): its bytes */
  int output;
} arg;

static int parse_dims(const char *s, unsigned out[3]) {
  out[0] = out[1] = out[2] = 1;
  for (int d = 0; d < 3; d++) {
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || !v)
      return 0;
    out[d] = (unsigned)v;
    if (!*end)
      return 1;
    if (*end != ',')
      return 0;
    s = end + 1;
  }
  return 0;
}

static void bind_scalar(arg *a) {
  char *end;
  errno = 0;
  if (a->type[0] == 'f') {
    double d = strtod(a->spec, &end);
    if (*end || end == a->spec)
      fail("argument '%s' is a floating-point number, not '%s'", a->name, a->spec);
    if (a->bytes == 4) {
      float f = (float)d;
      memcpy(a->scalar, &f, 4);
    } else {
      memcpy(a->scalar, &d, 8);
    }
    return;
  }
  long long v = strtoll(a->spec, &end, 0);
  if (errno == ERANGE)
    v = (long long)strtoull(a->spec, &end, 0);
  if (*end || end == a->spec)
    fail("argument '%s' is an integer, not '%s'", a->name, a->spec);
  memcpy(a->scalar, &v, a->bytes <= 8 ? a->bytes : 8);
}

/* Whether the PTX entry NAME begins by waiting for the grids it depends on
 * (griddepcontrol.wait, which gridsplit emits for sm_90 and later): only then
 * may it be launched as a programmatic dependent of the segment before. */
static int entry_waits(const char *ptx, const char *name) {
  char key[1100];
  snprintf(key, sizeof key, ".entry %s(", name);
  const char *at = strstr(ptx, key);
  if (!at)
    return 0;
  const char *next = strstr(at + 1, ".entry "), *wait = strstr(at, "griddepcontrol.wait");
  return wait && (!next || wait < next);
}

/* A segment launch; DEPENDENT: as a programmatic dependent of the launch
 * before it in the stream (CUDA's programmatic dependent launch). */
static void launch(CUfunction fn, const unsigned grid[3], const unsigned block[3], unsigned smem,
                   CUstream stream, void **params, int dependent) {
  CUlaunchAttribute attr;
  memset(&attr, 0, sizeof attr);
  attr.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
  attr.value.programmaticStreamSerializationAllowed = 1;
  CUlaunchConfig cfg = {grid[0], grid[1], grid[2], block[0], block[1], block[2],
                        smem,    stream,  &attr,   dependent ? 1u : 0u};
  check(cuLaunchKernelEx(&cfg, fn, params, NULL), "launching a kernel");
}

/* A dynamic schedule steps on the device (docs/split.md, "Control word"):
 * the host queues launches ahead of the schedule, and after each one a
 * single invocation of gs_step moves the control word on. A launch of
 * segment S runs only while control[3] holds S; gs_step(S) then checks the
 * choice in control[0] against row S of the successor table (column 0 the
 * end, column T + 1 segment T), appends S to the trace (while control[2], the
 * count of launches that ran, is under the capacity), counts the launch, and
 * makes the choice the segment that runs now, or -1 at the end. A divergence
 * (control[1] bit 0) or a choice that is no successor (bit 1) stops the
 * schedule: control[3] becomes -2 - S, and no later launch runs. A launch
 * that did not run leaves the word as it was. */
/* The step kernel's PTX: for sm_90 and later (PDL) it lets the next launch
 * start as it begins and waits for the segment before it, as the segments
 * do, so that launches follow each other as in a static schedule. */
static const char step_ptx_plain[] =
    ".version 7.0\n"
    ".target sm_52\n";
static const char step_ptx_pdl[] =
    ".version 7.8\n"
    ".target sm_90\n";
static const char step_ptx_wait[] =
    "  griddepcontrol.launch_dependents;\n"
    "  griddepcontrol.wait;\n";
static const char step_ptx_head[] =
    ".address_size 64\n"
    ".visible .entry gs_step(.param .u64 control, .param .u64 successors,\n"
    "    .param .u32 segment, .param .u32 segments, .param .u64 trace,\n"
    "    .param .u32 capacity)\n"
    "{\n"
    "  .reg .pred %p<5>;\n"
    "  .reg .b32 %r<16>;\n"
    "  .reg .b64 %rd<8>;\n";
static const char step_ptx[] =
    "  ld.param.u64 %rd1, [control];\n"
    "  cvta.to.global.u64 %rd1, %rd1;\n"
    "  ld.param.u32 %r1, [segment];\n"
    "  ld.global.v4.u32 {%r4, %r3, %r10, %r2}, [%rd1];\n"
    "  setp.ne.s32 %p1, %r2, %r1;\n"
    "  @%p1 bra $L_done;\n"
    "  setp.ne.s32 %p2, %r3, 0;\n"
    "  @%p2 bra $L_stop;\n"
    "  add.s32 %r5, %r4, 1;\n"
    "  ld.param.u32 %r6, [segments];\n"
    "  setp.gt.u32 %p3, %r5, %r6;\n"
    "  @%p3 bra $L_bad;\n"
    "  add.s32 %r7, %r6, 1;\n"
    "  mad.lo.s32 %r8, %r1, %r7, %r5;\n"
    "  ld.param.u64 %rd2, [successors];\n"
    "  cvta.to.global.u64 %rd2, %rd2;\n"
    "  cvt.u64.u32 %rd3, %r8;\n"
    "  add.s64 %rd4, %rd2, %rd3;\n"
    "  ld.global.u8 %r9, [%rd4];\n"
    "  setp.eq.s32 %p4, %r9, 0;\n"
    "  @%p4 bra $L_bad;\n"
    "  ld.param.u32 %r11, [capacity];\n"
    "  setp.ge.u32 %p1, %r10, %r11;\n"
    "  @%p1 bra $L_count;\n"
    "  ld.param.u64 %rd5, [trace];\n"
    "  cvta.to.global.u64 %rd5, %rd5;\n"
    "  mul.wide.u32 %rd6, %r10, 4;\n"
    "  add.s64 %rd7, %rd5, %rd6;\n"
    "  st.global.u32 [%rd7], %r1;\n"
    "$L_count:\n"
    "  add.s32 %r12, %r10, 1;\n"
    "  mov.b32 %r13, -1;\n"
    "  st.global.v4.u32 [%rd1], {%r13, %r3, %r12, %r4};\n"
    "  bra.uni $L_done;\n"
    "$L_bad:\n"
    "  or.b32 %r3, %r3, 2;\n"
    "  st.global.u32 [%rd1+4], %r3;\n"
    "$L_stop:\n"
    "  mov.b32 %r14, -2;\n"
    "  sub.s32 %r15, %r14, %r1;\n"
    "  st.global.u32 [%rd1+12], %r15;\n"
    "$L_done:\n"
    "  ret;\n"
    "}\n";

enum { TRACE_CAPACITY = 4096 };

typedef struct {
  CUfunction fn;
  CUdeviceptr control, successors, trace;
  unsigned segments, capacity;
  int pdl; /* the step waits for the segment before it (sm_90 and later) */
} stepper;

static void load_stepper(stepper *st, CUdevice dev) {
  int major = 0;
  check(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
        "asking for the compute capability");
  st->pdl = major >= 9;
  size_t n = sizeof step_ptx_pdl + sizeof step_ptx_wait + sizeof step_ptx_head + sizeof step_ptx;
  char *text = malloc(n);
  snprintf(text, n, "%s%s%s%s", st->pdl ? step_ptx_pdl : step_ptx_plain, step_ptx_head,
           st->pdl ? step_ptx_wait : "", step_ptx);
  CUmodule m;
  check(cuModuleLoadData(&m, text), "loading the step kernel");
  check(cuModuleGetFunction(&st->fn, m, "gs_step"), "finding the step kernel");
  free(text);
}

/* Queues a launch of segment S, then its step. FIRST: nothing kernel-made
 * comes before it on the stream; WAITS: the segment begins with
 * griddepcontrol.wait, so it may start as the step before it does. */
static void queue_step(const stepper *st, CUfunction seg, const unsigned grid[3],
                       const unsigned block[3], unsigned smem, CUstream stream, void **params,
                       unsigned s, int first, int waits) {
  launch(seg, grid, block, smem, stream, params, !first && waits && st->pdl);
  stepper copy = *st;
  void *sp[6] = {&copy.control, &copy.successors, &s, &copy.segments, &copy.trace,
                 &copy.capacity};
  static const unsigned one[3] = {1, 1, 1};
  launch(st->fn, one, one, 0, stream, sp, st->pdl);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* What order.h needs: per segment, what it does to each bound buffer (an
 * argument given as same:OTHER counts as OTHER), and the buffers' sizes. */
static void order_from_plan(gs_order *o, const json_value *k, const arg *args, size_t nargs) {
  const json_value *bufs = json_get(k, "buffers"), *segs = json_get(k, "segments");
  gs_order_init(o, segs ? segs->count : 0, nargs);
  for (size_t i = 0; i < nargs; i++)
    o->bytes[i] = args[i].size;
  for (size_t s = 0; s < o->nsegments; s++) {
    const json_value *used = json_get(&segs->items[s], "buffers");
    for (size_t j = 0; used && used->kind == JSON_ARRAY && j < used->count; j++) {
      const char *name = str(&used->items[j], "name");
      for (size_t b = 0; name && bufs && bufs->kind == JSON_ARRAY && b < bufs->count; b++) {
        const char *bname = str(&bufs->items[b], "name");
        int a = num(&bufs->items[b], "arg", -1);
        if (!bname || strcmp(bname, name) || a < 0 || (size_t)a >= nargs)
          continue;
        if (args[a].same_as >= 0)
          a = args[a].same_as;
        gs_order_note(o, s, (size_t)a, gs_order_access(str(&used->items[j], "role")));
      }
    }
  }
}

int main(int argc, char **argv) {
  const char *plan_path = NULL, *want = NULL, *out_dir = "gridsplit-run", *ptx_path = NULL;
  unsigned grid[3] = {0, 0, 0}, wg[3] = {1, 1, 1};
  int graph = 0, verbose = 0, repeat = 0, have_grid = 0;
  unsigned long physical = 0;
  const char **specs = calloc((size_t)argc, sizeof *specs);
  int nspecs = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--plan") && i + 1 < argc)
      plan_path = argv[++i];
    else if (!strcmp(a, "--kernel") && i + 1 < argc)
      want = argv[++i];
    else if (!strcmp(a, "--out") && i + 1 < argc)
      out_dir = argv[++i];
    else if (!strcmp(a, "--grid") && i + 1 < argc)
      have_grid = parse_dims(argv[++i], grid);
    else if (!strcmp(a, "--workgroup") && i + 1 < argc) {
      if (!parse_dims(argv[++i], wg))
        fail("--workgroup '%s': expected X[,Y,Z]%s", argv[i], "");
    } else if (!strcmp(a, "--repeat") && i + 1 < argc)
      repeat = atoi(argv[++i]);
    else if (!strcmp(a, "--physical-groups") && i + 1 < argc) {
      physical = strtoul(argv[++i], NULL, 10);
      if (!physical)
        fail("--physical-groups '%s': expected a positive count%s", argv[i], "");
    } else if (!strcmp(a, "--graph"))
      graph = 1;
    else if (!strcmp(a, "--verbose"))
      verbose = 1;
    else if (a[0] == '-')
      fail("unknown option '%s'%s", a, "");
    else if (!ptx_path)
      ptx_path = a;
    else
      specs[nspecs++] = a;
  }
  if (!plan_path || !ptx_path || !have_grid)
    fail("usage: gs-cuda-run --plan PLAN --grid X[,Y,Z] --workgroup X[,Y,Z] MODULE.ptx "
         "ARG...%s%s", "", "");
  size_t size;
  char *text = read_file(plan_path, &size), why[256];
  json_value *root = json_parse(text, why, sizeof why);
  if (!root)
    fail("%s: not a valid plan: %s", plan_path, why);
  const json_value *kernels = json_get(root, "kernels"), *k = NULL;
  for (size_t i = 0; kernels && kernels->kind == JSON_ARRAY && i < kernels->count; i++)
    if (want ? !strcmp(str(&kernels->items[i], "name"), want) : kernels->count == 1)
      k = &kernels->items[i];
  if (!k)
    fail("%s: no kernel %s in the plan", plan_path, want ? want : "(choose one with --kernel)");
  const char *kname = str(k, "name");
  const json_value *jargs = json_get(k, "args"), *segs = json_get(k, "segments");
  if (!jargs || jargs->kind != JSON_ARRAY || !segs || segs->kind != JSON_ARRAY)
    fail("%s: kernel '%s' has no args or segments (a plan from an older gridsplit?)",
         plan_path, kname);
  size_t nargs = jargs->count;
  arg *args = calloc(nargs + 1, sizeof *args);
  for (size_t i = 0; i < nargs; i++) {
    args[i].name = str(&jargs->items[i], "name");
    args[i].kind = str(&jargs->items[i], "kind");
    args[i].type = str(&jargs->items[i], "type");
    args[i].bytes = (unsigned)num(&jargs->items[i], "bytes", 0);
    args[i].same_as = -1;
  }
  for (int s = 0; s < nspecs; s++) {
    const char *eq = strchr(specs[s], '=');
    arg *a = NULL;
    for (size_t i = 0; eq && i < nargs && !a; i++)
      if (strlen(args[i].name) == (size_t)(eq - specs[s]) &&
          !strncmp(args[i].name, specs[s], (size_t)(eq - specs[s])))
        a = &args[i];
    if (!a)
      fail("kernel '%s' has no argument '%s'", kname, specs[s]);
    a->spec = eq + 1;
  }
  const json_value *bufs = json_get(k, "buffers");
  for (size_t b = 0; bufs && b < bufs->count; b++) {
    int ai = num(&bufs->items[b], "arg", -1);
    const json_value *o = json_get(&bufs->items[b], "host_output");
    if (ai >= 0 && (size_t)ai < nargs && o && o->kind == JSON_BOOL && o->number)
      args[ai].output = 1;
  }

  check(cuInit(0), "cuInit");
  CUdevice dev;
  CUcontext ctx;
  check(cuDeviceGet(&dev, 0), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  size_t ptx_size, dynamic_shared = 0;
  char *ptx = read_file(ptx_path, &ptx_size);
  CUmodule mod;
  char jit_log[8192] = "";
  CUjit_option jo[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *jv[2] = {jit_log, (void *)(uintptr_t)sizeof jit_log};
  CUresult loaded = cuModuleLoadDataEx(&mod, ptx, 2, jo, jv);
  if (loaded != CUDA_SUCCESS) {
    const char *why = NULL;
    cuGetErrorName(loaded, &why);
    fail("the PTX does not load (%s): %s", why ? why : "unknown CUDA error", jit_log);
  }
  size_t nseg = segs->count;
  CUfunction *fns = calloc(nseg, sizeof *fns);
  int *waits = calloc(nseg, sizeof *waits);
  /* segments without effect (the plan's "empty") are not launched in a
   * static schedule */
  int *empty = calloc(nseg, sizeof *empty);
  for (size_t s = 0; s < nseg; s++) {
    const json_value *e = json_get(&segs->items[s], "empty");
    empty[s] = e && e->kind == JSON_BOOL && e->number;
  }
  for (size_t s = 0; s < nseg; s++) {
    /* PTX names have no '.': gridsplit writes k.seg0 as k_$_seg0 */
    const char *fname = str(&segs->items[s], "function");
    char ptxname[1024];
    size_t o = 0;
    for (const char *p = fname ? fname : ""; *p && o + 4 < sizeof ptxname; p++)
      if (*p == '.') {
        memcpy(ptxname + o, "_$_", 3);
        o += 3;
      } else {
        ptxname[o++] = *p;
      }
    ptxname[o] = 0;
    if (cuModuleGetFunction(&fns[s], mod, ptxname) != CUDA_SUCCESS)
      fail("the plan and the module do not match: the PTX has no kernel '%s' (%s)", ptxname,
           fname ? fname : "?");
    waits[s] = entry_waits(ptx, ptxname);
  }

  for (size_t i = 0; i < nargs; i++) {
    arg *a = &args[i];
    if (!a->spec)
      fail("kernel '%s': argument '%s' is not given", kname, a->name);
    if (!strcmp(a->kind, "workgroup")) {
      /* 16-byte aligned slices of the dynamic shared memory, in order */
      if (strncmp(a->spec, "local:", 6) || !strtoull(a->spec + 6, NULL, 0))
        fail("argument '%s' is workgroup memory: give local:BYTES (not '%s')", a->name, a->spec);
      a->size = strtoull(a->spec + 6, NULL, 0);
      uint64_t off = (dynamic_shared + 15) / 16 * 16;
      memcpy(a->scalar, &off, 8);
      dynamic_shared = off + a->size;
      continue;
    }
    if (!strcmp(a->kind, "scalar")) {
      bind_scalar(a);
      continue;
    }
    if (!strcmp(a->kind, "value")) {
      /* a struct passed by value: the file's bytes are the kernel parameter,
       * laid out as the module's data layout says (SPEC 4, "values") */
      char why[1024];
      snprintf(why, sizeof why, "%u bytes", a->bytes);
      if (a->spec[0] != '@')
        fail("argument '%s' is a struct passed by value (%s): give its bytes as @FILE", a->name,
             why);
      a->value = (unsigned char *)read_file(a->spec + 1, &a->size);
      snprintf(why, sizeof why, "%u bytes, but '%s' holds %zu", a->bytes, a->spec + 1, a->size);
      if (a->size != a->bytes)
        fail("argument '%s' is a struct of %s", a->name, why);
      continue;
    }
    if (a->spec[0] == '@') {
      char *data = read_file(a->spec + 1, &a->size);
      check(cuMemAlloc(&a->mem, a->size ? a->size : 1), "cuMemAlloc");
      check(cuMemcpyHtoD(a->mem, data, a->size), "uploading a buffer");
      free(data);
    } else if (!strncmp(a->spec, "zeros:", 6)) {
      a->size = strtoull(a->spec + 6, NULL, 0);
      check(cuMemAlloc(&a->mem, a->size ? a->size : 1), "cuMemAlloc");
      check(cuMemsetD8(a->mem, 0, a->size), "clearing a buffer");
    } else if (!strncmp(a->spec, "same:", 5)) {
      for (size_t j = 0; j < nargs; j++)
        if (!strcmp(args[j].name, a->spec + 5) && !strcmp(args[j].kind, "buffer") && j != i)
          a->same_as = (int)j;
      if (a->same_as < 0)
        fail("argument '%s': same:%s names no other buffer argument", a->name, a->spec + 5);
    } else {
      fail("argument '%s' is a buffer: give @FILE, zeros:BYTES or same:OTHER (not '%s')",
           a->name, a->spec);
    }
  }
  const json_value *distinct = json_get(k, "distinct_buffers");
  for (size_t i = 0; i < nargs; i++)
    if (args[i].same_as >= 0) {
      if (distinct && distinct->kind == JSON_BOOL && distinct->number)
        fail("buffers were declared distinct, but '%s' is the same buffer as '%s'",
             args[i].name, args[args[i].same_as].name);
      args[i].mem = args[args[i].same_as].mem;
      args[i].size = args[args[i].same_as].size;
    }

  unsigned blocks[3];
  size_t ninv = 1, ngroups = 1;
  for (int d = 0; d < 3; d++) {
    if (grid[d] % wg[d])
      fail("the grid is not a multiple of the workgroup size%s%s", "", "");
    blocks[d] = grid[d] / wg[d];
    ninv *= grid[d];
    ngroups *= blocks[d];
  }
  /* segments with virtual workgroups count them in 32 bits (docs/split.md) */
  if (json_get(k, "virtual_groups") && ngroups > (size_t)1 << 31)
    fail("the grid has more than 2^31 workgroups, the most virtual workgroups can be%s%s", "",
         "");
  const json_value *live = json_get(k, "live_state");
  int live_arg = -1, control_arg = num(json_get(k, "control"), "arg", -1);
  /* launches queued ahead are safe only behind the guard of a four-int
   * control word (docs/split.md) */
  if (control_arg >= 0 && num(json_get(k, "control"), "words", 0) != 4)
    fail("%s: the control word has no \"words\": 4 (a plan of an older gridsplit, whose "
         "segments have no guard?)%s", plan_path, "");
  CUdeviceptr state = 0, control = 0;
  size_t header = 0;
  if (live && live->kind == JSON_OBJECT) {
    live_arg = num(live, "arg", -1);
    header = (size_t)num(live, "header_bytes", 0);
    /* the header: the sizes of carried workgroup arguments (u64 each, at
     * their offsets), then the program-scope variables; every workgroup's
     * save area grows by each argument's size, 16-byte aligned */
    unsigned char *h = calloc(header + 1, 1);
    size_t per_group = (size_t)num(live, "workgroup_bytes", 0);
    const json_value *wargs = json_get(live, "workgroup_args");
    for (size_t i = 0; wargs && wargs->kind == JSON_ARRAY && i < wargs->count; i++) {
      int ai = num(&wargs->items[i], "arg", -1), off = num(&wargs->items[i], "size_offset", -1);
      if (ai < 0 || (size_t)ai >= nargs || off < 0 || (size_t)off + 8 > header)
        fail("%s: a workgroup argument of the live state is out of range%s", plan_path, "");
      uint64_t sz = args[ai].size;
      memcpy(h + off, &sz, 8);
      per_group += (size_t)((sz + 15) / 16 * 16);
    }
    size_t bytes = header + ninv * (size_t)num(live, "bytes_per_invocation", 0) +
                   ngroups * per_group;
    check(cuMemAlloc(&state, bytes ? bytes : 16), "allocating the live state");
    const json_value *gl = json_get(live, "globals");
    for (size_t i = 0; gl && i < gl->count; i++) {
      const char *init = str(&gl->items[i], "init");
      int off = num(&gl->items[i], "offset", 0), n = num(&gl->items[i], "bytes", 0);
      for (int j = 0; init && j < n && (size_t)(off + j) < header; j++) {
        unsigned v = 0;
        sscanf(init + 2 * j, "%2x", &v);
        h[off + j] = (unsigned char)v;
      }
    }
    if (header)
      check(cuMemcpyHtoD(state, h, header), "writing the live-state header");
    free(h);
  }
  /* a dynamic schedule: the control word (read back into WORD), the
   * word it starts from (START: -1, 0, 0, segment 0), both page-locked so
   * that the copies are DMA on the stream; the stepper; each segment's
   * first successor that is not the end (the launch queued after it); the
   * path of the last run (TAKEN, NPATH launches, LEARNED once read); a
   * batch of launches queued ahead (AHEAD) */
  enum { MAX_BATCH = 1024 };
  int *word = NULL, *start = NULL, *taken = NULL, *predicted = NULL, *ahead = NULL;
  size_t npath = 0;
  int learned = 0;
  stepper st;
  memset(&st, 0, sizeof st);
  if (control_arg >= 0) {
    check(cuMemAlloc(&control, 4 * sizeof *word), "allocating the control word");
    check(cuMemAllocHost((void **)&word, 8 * sizeof *word), "allocating the host's control word");
    start = word + 4;
    start[0] = -1, start[1] = 0, start[2] = 0, start[3] = 0;
    load_stepper(&st, dev);
    st.control = control;
    st.segments = (unsigned)nseg;
    st.capacity = TRACE_CAPACITY;
    size_t row = nseg + 1;
    unsigned char *table = calloc(nseg * row + 1, 1);
    predicted = calloc(nseg, sizeof *predicted);
    for (size_t s = 0; s < nseg; s++) {
      const json_value *succ = json_get(&segs->items[s], "successors");
      predicted[s] = -1;
      for (size_t i = 0; succ && succ->kind == JSON_ARRAY && i < succ->count; i++) {
        int t = succ->items[i].kind == JSON_NUMBER ? (int)succ->items[i].number : -2;
        if (t == -1)
          table[s * row] = 1;
        else if (t >= 0 && (size_t)t < nseg) {
          table[s * row + (size_t)t + 1] = 1;
          if (predicted[s] < 0)
            predicted[s] = t;
        }
      }
    }
    check(cuMemAlloc(&st.successors, nseg * row), "allocating the successor table");
    check(cuMemcpyHtoD(st.successors, table, nseg * row), "writing the successor table");
    free(table);
    check(cuMemAlloc(&st.trace, TRACE_CAPACITY * sizeof *taken), "allocating the trace");
    taken = calloc(TRACE_CAPACITY, sizeof *taken);
    ahead = calloc(MAX_BATCH, sizeof *ahead);
  }

  /* kernel parameters: the kernel's arguments, the live state, the control
   * word, the virtual grid's workgroup counts and their order */
  int virtual_arg = num(json_get(k, "virtual_groups"), "arg", -1);
  int order_arg = num(json_get(k, "virtual_groups"), "order_arg", -1);
  if (virtual_arg >= 0 && order_arg != virtual_arg + 3)
    fail("%s: virtual_groups has no order_arg after its three counts (a plan of an older "
         "gridsplit?)%s", plan_path, "");
  size_t nparams = nargs + (live_arg >= 0) + (control_arg >= 0) + 4 * (virtual_arg >= 0);
  void **params = calloc(nparams + 1, sizeof *params);
  for (size_t i = 0; i < nargs; i++)
    params[i] = !strcmp(args[i].kind, "buffer") ? (void *)&args[i].mem
                : args[i].value                 ? (void *)args[i].value
                                                : (void *)args[i].scalar;
  if (live_arg >= 0)
    params[live_arg] = &state;
  if (control_arg >= 0)
    params[control_arg] = &control;
  for (size_t s = 0; dynamic_shared > 48 * 1024 && s < nseg; s++)
    check(cuFuncSetAttribute(fns[s], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                             (int)dynamic_shared),
          "allowing the workgroup memory");
  /* each segment's launch grid: the virtual grid's workgroups, or as many
   * as the device holds at once */
  unsigned (*grids)[3] = calloc(nseg, sizeof *grids);
  for (size_t s = 0; s < nseg; s++) {
    memcpy(grids[s], blocks, sizeof blocks);
    if (virtual_arg < 0)
      continue;
    unsigned long want_groups = physical;
    if (!want_groups) {
      int per_sm = 0, sms = 0;
      check(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fns[s], (int)(wg[0] * wg[1] * wg[2]),
                                                        dynamic_shared),
            "asking for the occupancy");
      check(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev),
            "asking for the multiprocessors");
      want_groups = (unsigned long)(per_sm > 0 ? per_sm : 1) * (unsigned long)sms;
    }
    grids[s][0] = (unsigned)(want_groups < ngroups ? want_groups : ngroups);
    grids[s][1] = grids[s][2] = 1;
    if (verbose)
      fprintf(stderr, "gs-cuda-run: segment %zu: %zu virtual workgroups on %u physical\n", s,
              ngroups, grids[s][0]);
  }
  /* the order of each launch's virtual workgroups */
  unsigned order = 0;
  gs_order orders;
  order_from_plan(&orders, k, args, nargs);
  if (virtual_arg >= 0) {
    for (int d = 0; d < 3; d++)
      params[virtual_arg + d] = &blocks[d];
    params[order_arg] = &order;
  }

  CUstream stream;
  check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  CUgraphExec exec = NULL;
  /* each timed run between two events on the stream; the median is printed */
  double *times = calloc((size_t)repeat + 1, sizeof *times);
  CUevent ev0, ev1;
  check(cuEventCreate(&ev0, CU_EVENT_DEFAULT), "creating an event");
  check(cuEventCreate(&ev1, CU_EVENT_DEFAULT), "creating an event");
  for (int run = 0; run <= repeat; run++) {
    /* with --graph, the path a dynamic schedule took last is captured before
     * the run's first event (the static schedule's graph is captured in the
     * untimed first run) */
    if (control_arg >= 0 && graph && learned && !exec) {
      CUgraph g;
      check(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL), "capturing");
      check(cuMemcpyHtoDAsync(control, start, 4 * sizeof *start, stream),
            "starting the control word");
      for (size_t q = 0; q < npath; q++) {
        order = gs_order_next(&orders, (size_t)taken[q]);
        queue_step(&st, fns[taken[q]], grids[taken[q]], wg, (unsigned)dynamic_shared, stream,
                   params, (unsigned)taken[q], q == 0, waits[taken[q]]);
      }
      check(cuStreamEndCapture(stream, &g), "ending the capture");
      check(cuGraphInstantiate(&exec, g, 0), "instantiating the graph");
      check(cuGraphDestroy(g), "dropping the captured graph");
    }
    check(cuEventRecord(ev0, stream), "recording an event");
    if (control_arg < 0) {
      if (graph && !exec) {
        CUgraph g;
        check(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL), "capturing");
        for (size_t s = 0, launched = 0; s < nseg; s++)
          if (!empty[s]) {
            order = gs_order_next(&orders, s);
            launch(fns[s], grids[s], wg, (unsigned)dynamic_shared, stream, params,
                   launched++ > 0 && waits[s]);
          }
        check(cuStreamEndCapture(stream, &g), "ending the capture");
        check(cuGraphInstantiate(&exec, g, 0), "instantiating the graph");
        check(cuGraphDestroy(g), "dropping the captured graph");
      }
      if (exec)
        check(cuGraphLaunch(exec, stream), "replaying the graph");
      else
        for (size_t s = 0, launched = 0; s < nseg; s++) {
          if (!empty[s])
            order = gs_order_next(&orders, s);
          if (verbose)
            fprintf(stderr, "gs-cuda-run: %s segment %zu%s\n", kname, s,
                    empty[s] ? ": empty, not launched"
                    : virtual_arg >= 0 && order ? ", virtual workgroups last to first" : "");
          if (!empty[s])
            launch(fns[s], grids[s], wg, (unsigned)dynamic_shared, stream, params,
                   launched++ > 0 && waits[s]);
        }
    } else {
      /* the path the last run took, queued whole (a graph with --graph),
       * else launches queued ahead along each segment's first successor,
       * batch after batch, until the schedule ends */
      int from = 0, first_batch = 1, replayed = 0;
      size_t batch = 16;
      for (;;) {
        if (first_batch && exec) {
          check(cuGraphLaunch(exec, stream), "replaying the graph");
        } else {
          if (first_batch)
            check(cuMemcpyHtoDAsync(control, start, 4 * sizeof *start, stream),
                  "starting the control word");
          /* the path the last run took, or from FROM along first successors */
          const int *queue = taken;
          size_t n = npath;
          if (!(first_batch && learned)) {
            n = 0;
            for (int p = from; n < batch && p >= 0; p = predicted[p])
              ahead[n++] = p;
            queue = ahead;
          }
          for (size_t q = 0; q < n; q++) {
            int p = queue[q];
            order = gs_order_next(&orders, (size_t)p);
            if (verbose)
              fprintf(stderr, "gs-cuda-run: %s segment %d queued%s\n", kname, p,
                      virtual_arg >= 0 && order ? ", virtual workgroups last to first" : "");
            queue_step(&st, fns[p], grids[p], wg, (unsigned)dynamic_shared, stream, params,
                       (unsigned)p, q == 0, waits[p]);
          }
        }
        replayed = first_batch && learned;
        first_batch = 0;
        /* the run's GPU work ends with the last batch's: the read-back after
         * it is not timed (those between batches are) */
        check(cuEventRecord(ev1, stream), "recording an event");
        check(cuMemcpyDtoHAsync(word, control, 4 * sizeof *word, stream),
              "reading the control word");
        check(cuStreamSynchronize(stream), "running the segments");
        if (word[3] <= -2) {
          char seg[32], chose[32];
          snprintf(seg, sizeof seg, "%d", -2 - word[3]);
          snprintf(chose, sizeof chose, "%d", word[0]);
          if (word[1] & 1)
            fail("kernel '%s': divergent grid barrier at run time: after segment %s the "
                 "invocations did not all reach the same barrier", kname, seg);
          fail("the plan and the kernel do not match: segment %s chose segment %s, which is "
               "not one of its successors", seg, chose);
        }
        if (verbose)
          fprintf(stderr, "gs-cuda-run: %s: %d launches ran, next %d\n", kname, word[2], word[3]);
        if (word[3] == -1)
          break;
        if ((size_t)word[3] >= nseg)
          fail("the control word holds no segment after the queued launches%s%s", "", "");
        from = word[3];
        if (batch < MAX_BATCH)
          batch *= 2;
      }
      /* a run that took another path than the one queued whole teaches
       * the next its own (and the graph is captured again) */
      if (!(replayed && (size_t)word[2] == npath) && (size_t)word[2] <= TRACE_CAPACITY) {
        npath = (size_t)word[2];
        check(cuMemcpyDtoH(taken, st.trace, npath * sizeof *taken), "reading the trace");
        learned = 1;
        if (exec) {
          check(cuGraphExecDestroy(exec), "dropping the graph");
          exec = NULL;
        }
      }
    }
    /* the second event follows the last launch on the stream, with no host
     * round trip between them */
    if (control_arg < 0)
      check(cuEventRecord(ev1, stream), "recording an event");
    check(cuEventSynchronize(ev1), "running the segments");
    float ms = 0;
    check(cuEventElapsedTime(&ms, ev0, ev1), "timing a run");
    if (run > 0)
      times[run - 1] = ms * 1e-3;
    if (run == 0) {
      if (mkdir(out_dir, 0777) && errno != EEXIST)
        fail("cannot create '%s': %s", out_dir, strerror(errno));
      /* program-scope variables the kernel writes live in the live state */
      const json_value *gl = live ? json_get(live, "globals") : NULL;
      for (size_t g = 0; gl && gl->kind == JSON_ARRAY && g < gl->count; g++) {
        const char *gname = str(&gl->items[g], "name");
        int off = num(&gl->items[g], "offset", 0), n = num(&gl->items[g], "bytes", 0);
        int out = 0;
        for (size_t b = 0; bufs && gname && b < bufs->count; b++) {
          const json_value *o = json_get(&bufs->items[b], "host_output");
          out |= str(&bufs->items[b], "name") && !strcmp(str(&bufs->items[b], "name"), gname) &&
                 o && o->kind == JSON_BOOL && o->number;
        }
        if (!out || n <= 0)
          continue;
        unsigned char *data = malloc((size_t)n);
        check(cuMemcpyDtoH(data, state + (CUdeviceptr)off, (size_t)n), "reading a global back");
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.bin", out_dir, gname);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(data, 1, (size_t)n, f) != (size_t)n)
          fail("cannot write '%s'%s", path, "");
        fclose(f);
        free(data);
      }
      for (size_t i = 0; i < nargs; i++) {
        if (!args[i].output || !args[i].mem)
          continue;
        unsigned char *data = malloc(args[i].size + 1);
        check(cuMemcpyDtoH(data, args[i].mem, args[i].size), "reading a buffer back");
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.bin", out_dir, args[i].name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(data, 1, args[i].size, f) != args[i].size)
          fail("cannot write '%s'%s", path, "");
        fclose(f);
        free(data);
      }
    }
  }
  if (repeat > 0)
    qsort(times, (size_t)repeat, sizeof *times, cmp_double);
  if (repeat > 0)
    printf("%s: %d runs, %.3f us per run (median)%s\n", kname, repeat, times[repeat / 2] * 1e6,
           exec ? " (graph)" : "");
  if (word)
    cuMemFreeHost(word);
  free(taken);
  free(predicted);
  free(ahead);
  gs_order_free(&orders);
  json_free(root);
  return 0;
}
