/* gs-cuda-run: runs a split kernel's plan on an NVIDIA GPU through the CUDA
 * driver API (SPEC section 5, for PTX). It needs no LLVM: it reads the plan
 * and binds the arguments as every host does (runtime/hostplan.h), steps the
 * control word of gridsplit/control_word.h, and runs the PTX that
 * `gridsplit --target nvptx` wrote, so it builds wherever CUDA is installed,
 * in the source tree:
 *
 *   cc -O2 -I$CUDA/include -Iinclude runtime/cuda/gs_cuda_run.c runtime/cuda/nvlink.c \
 *      runtime/hostplan.c runtime/json.c runtime/order.c runtime/devices.c \
 *      -L$CUDA/lib64/stubs -lcuda -ldl -o gs-cuda-run
 *
 * (runtime/cuda/copy_sources.sh DEST copies them flat for a GPU machine,
 * with build.sh, which builds them there)
 *
 * or where gridsplit is installed (PREFIX/share/gridsplit/runtime holds the
 * sources, PREFIX/include the header): the same with -I$PREFIX/include.
 *
 *   gs-cuda-run --plan PLAN [--kernel K] --grid X[,Y,Z] --workgroup X[,Y,Z]
 *               [--out DIR] [--graph] [--repeat N] [--physical-groups N] [--verbose]
 *               [--max-launches N] [--devices N] [--segment-times] [--nvlink-bytes]
 *               [--outputs NAME,...]
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
 * barrier is an error. Where the plan's "path_from_arguments" holds (the
 * scalar arguments and the grid, the same in every run here, decide the
 * path), the next runs replay it instead: each launch vouched for in its
 * order argument, no guard, no choice and no step kernel (docs/split.md,
 * "Replaying a path"); after --repeat the path runs once more from the
 * inputs, and its outputs must be the first run's, byte for byte. With
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
 * workgroups start as the earlier ones leave, and wait for its results.
 *
 * With --devices N (a plan with virtual workgroups) the grid spreads over N
 * logical devices, device d on GPU d % G of the G GPUs there are up to N
 * (N logical devices on one GPU test the whole path there), each with its
 * own stream and a contiguous range of the virtual workgroups in every
 * segment (runtime/devices.h; docs/split.md, "Ranges of virtual
 * workgroups"). Every buffer, the live state and the control word are one
 * range of addresses whose pages lie block-wise on the GPUs in device order
 * (CUDA's virtual memory management: cuMemCreate on each GPU, cuMemMap into
 * one range, cuMemSetAccess for every GPU), so every invocation sees the
 * same addresses wherever the data lies. In a static schedule (and a
 * replayed path) a device's launch waits, by an event, for the launches on
 * the others that the plan's roles say it conflicts with; a dynamic one
 * steps on device 0 after every device's launch, and every device waits
 * for the step (launched after the events, not as a programmatic
 * dependent). Across GPUs the segments' atomics on global or generic
 * addresses, and those of every .func, must be of the system's scope (an
 * error otherwise: LLVM's NVPTX backend gives every atomicrmw the GPU's,
 * the control word's of a dynamic schedule too; `gridsplit --target nvptx
 * --system-atomics` writes them all with .sys); --graph is refused. --segment-times prints every
 * launch's GPU time in the checked run, per device; --nvlink-bytes the
 * bytes each GPU sent and received over NVLink in it, from NVML's counters
 * where the driver gives them (runtime/cuda/nvlink.h; a note where not).
 * --outputs NAME,...
 * reads back and writes only those host outputs (a data set larger than
 * the host's memory). */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <gridsplit/control_word.h>

#include "../devices.h"
#include "../hostplan.h"
#include "../order.h"
#include "nvlink.h"

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

static int parse_dims(const char *s, unsigned out[3]) {
  out[0] = out[1] = out[2] = 1;
  for (int d = 0; d < 3; d++) {
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    /* an extent the launch counts in 32 bits (a larger grid takes a
     * second dimension) */
    if (end == s || !v || v > 0xffffffffUL)
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
/* The step kernel reads and writes the control word as four ints at once,
 * FLAGS at byte 4 and CURRENT at byte 12 */
_Static_assert(GS_CONTROL_NEXT == 0 && GS_CONTROL_FLAGS == 1 && GS_CONTROL_LAUNCH == 2 &&
                   GS_CONTROL_CURRENT == 3 && GS_CONTROL_WORDS == 4,
               "the step kernel's PTX knows the control word as {next, flags, launch, current}");
_Static_assert(GS_CONTROL_UNSET == -1 && GS_CONTROL_NOT_SUCCESSOR == 2 &&
                   GS_CONTROL_STOPPED(0) == -2,
               "the step kernel's PTX writes -1 at the end, flag 2, and -2 - S");
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

enum { TRACE_CAPACITY = 4096, MAX_TIMED = 4096 };

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

/* The step kernel after segment S, on STREAM */
static void launch_step(const stepper *st, CUstream stream, unsigned s) {
  stepper copy = *st;
  void *sp[6] = {&copy.control, &copy.successors, &s, &copy.segments, &copy.trace, &copy.capacity};
  static const unsigned one[3] = {1, 1, 1};
  launch(st->fn, one, one, 0, stream, sp, st->pdl);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* What order.h needs: per segment, what it does to each bound buffer (an
 * argument given as same:OTHER counts as OTHER), and the buffers' sizes. */
static void order_from_plan(gs_order *o, const gs_host_plan *plan, const gs_host_arg *args,
                            size_t nargs) {
  gs_order_init(o, plan->nsegments, nargs);
  for (size_t i = 0; i < nargs; i++)
    o->bytes[i] = args[i].bytes;
  for (size_t s = 0; s < plan->nsegments; s++)
    for (size_t j = 0; j < plan->segments[s].nuses; j++) {
      int a = plan->segments[s].uses[j].arg;
      if (a < 0 || (size_t)a >= nargs)
        continue;
      if (args[a].form == GS_BOUND_SAME)
        a = args[a].same_as;
      gs_order_note(o, s, (size_t)a, plan->segments[s].uses[j].access);
    }
}

/* ---- the run's steps, in the order main takes them */

typedef struct {
  const char *plan_path, *want, *out_dir, *ptx_path;
  unsigned grid[3], wg[3];
  int graph, verbose, repeat;
  unsigned long physical;
  unsigned long max_launches; /* dynamic: an error after this many (0: no limit) */
  unsigned long devices;      /* logical devices the grid spreads over (0, 1: one) */
  int segment_times;          /* print each launch's time, per device, in the checked run */
  int nvlink_bytes;           /* print each GPU's NVLink bytes in the checked run */
  const char *outputs;        /* NAME,NAME: only these host outputs read back (NULL: all) */
  const char **specs;
  size_t nspecs;
} options;

/* A dynamic schedule's host side: the control word (read back into WORD),
 * the word it starts from (START: unset, no flags, launch 0, segment 0),
 * both page-locked so that the copies are DMA on the stream; the stepper;
 * each segment's first successor that is not the end (PREDICTED, the
 * launch queued after it); the path of the last run (TAKEN, NPATH launches,
 * LEARNED once read); a batch of launches queued ahead (AHEAD) */
enum { MAX_BATCH = 1024 };
typedef struct {
  int *word, *start, *taken, *predicted, *ahead;
  size_t npath;
  int learned;
  stepper st;
} dynamic;

typedef struct {
  options opt;
  gs_host_plan plan;
  const char *kname;
  gs_host_arg *args; /* the kernel's arguments as the plan lists them, bound */
  size_t nargs;
  CUdeviceptr *mem; /* per argument: its buffer */
  CUdevice dev;
  char *ptx;
  CUfunction *fns; /* per segment */
  int *waits;      /* per segment: begins with griddepcontrol.wait */
  size_t nseg, dynamic_shared;
  unsigned blocks[3];
  size_t ninv, ngroups;
  CUdeviceptr state, control;
  unsigned char *header; /* the live state's header as the run begins */
  size_t header_bytes;
  dynamic dyn;
  void **params;
  unsigned (*grids)[3]; /* per segment: the launch grid */
  unsigned order;       /* the order parameter of the next launch */
  unsigned range[2];    /* the range of virtual workgroups a launch runs: all of them */
  gs_order orders;
  CUstream stream;
  CUgraphExec exec;
  /* --devices N (N > 1): logical device d runs on GPU d % NGPU, in its own
   * stream (STREAMS[0] is STREAM), its range of the virtual workgroups
   * (devices.h); FNS is GPU 0's row of GPU_FNS (NGPU rows of NSEG); each
   * launch's event, for the waits of later launches on other devices */
  size_t ndev;
  int ngpu;
  CUdevice gpu[GS_DEVICES_MAX];
  CUcontext ctx[GS_DEVICES_MAX];
  CUfunction *gpu_fns;
  CUstream streams[GS_DEVICES_MAX];
  CUevent *events, joined;
  gs_device_waits conflicts;
  gs_device_log log;
  size_t granularity; /* of the allocations spread over GPUs */
  /* --segment-times: each launch of the checked run between two events */
  struct {
    int segment, device;
    CUevent start, stop;
  } * timed;
  size_t ntimed;
  int timing;
} cuda_run;

static void parse_options(int argc, char **argv, options *o) {
  int have_grid = 0;
  memset(o, 0, sizeof *o);
  o->out_dir = "gridsplit-run";
  o->wg[0] = o->wg[1] = o->wg[2] = 1;
  o->specs = calloc((size_t)argc, sizeof *o->specs);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--plan") && i + 1 < argc)
      o->plan_path = argv[++i];
    else if (!strcmp(a, "--kernel") && i + 1 < argc)
      o->want = argv[++i];
    else if (!strcmp(a, "--out") && i + 1 < argc)
      o->out_dir = argv[++i];
    else if (!strcmp(a, "--grid") && i + 1 < argc)
      have_grid = parse_dims(argv[++i], o->grid);
    else if (!strcmp(a, "--workgroup") && i + 1 < argc) {
      if (!parse_dims(argv[++i], o->wg))
        fail("--workgroup '%s': expected X[,Y,Z]%s", argv[i], "");
    } else if (!strcmp(a, "--repeat") && i + 1 < argc)
      o->repeat = atoi(argv[++i]);
    else if (!strcmp(a, "--physical-groups") && i + 1 < argc) {
      o->physical = strtoul(argv[++i], NULL, 10);
      if (!o->physical)
        fail("--physical-groups '%s': expected a positive count%s", argv[i], "");
    } else if (!strcmp(a, "--max-launches") && i + 1 < argc) {
      o->max_launches = strtoul(argv[++i], NULL, 10);
      if (!o->max_launches)
        fail("--max-launches '%s': expected a positive count%s", argv[i], "");
    } else if (!strcmp(a, "--devices") && i + 1 < argc) {
      char *end;
      o->devices = strtoul(argv[++i], &end, 10);
      if (!o->devices || *end || o->devices > GS_DEVICES_MAX)
        fail("--devices '%s': expected a count of devices from 1 to 64%s", argv[i], "");
    } else if (!strcmp(a, "--segment-times"))
      o->segment_times = 1;
    else if (!strcmp(a, "--nvlink-bytes"))
      o->nvlink_bytes = 1;
    else if (!strcmp(a, "--outputs") && i + 1 < argc)
      o->outputs = argv[++i];
    else if (!strcmp(a, "--graph"))
      o->graph = 1;
    else if (!strcmp(a, "--verbose"))
      o->verbose = 1;
    else if (a[0] == '-')
      fail("unknown option '%s'%s", a, "");
    else if (!o->ptx_path)
      o->ptx_path = a;
    else
      o->specs[o->nspecs++] = a;
  }
  if (o->devices > 1 && o->graph) {
    char n[32];
    snprintf(n, sizeof n, "%lu", o->devices);
    fail("--graph with --devices %s: a grid spread over devices is not captured as a graph; "
         "leave out --graph%s",
         n, "");
  }
  if (!o->plan_path || !o->ptx_path || !have_grid)
    fail("usage: gs-cuda-run --plan PLAN --grid X[,Y,Z] --workgroup X[,Y,Z] MODULE.ptx "
         "ARG...%s%s", "", "");
}

/* The plan (hostplan.h), with what this runner needs beyond what every host
 * reads: the kernel's arguments, and a guarded control word */
static void read_plan(cuda_run *r) {
  char why[2048];
  if (gs_host_plan_read(r->opt.plan_path, r->opt.want, &r->plan, why, sizeof why))
    fail("%s%s", why, "");
  r->kname = r->plan.kernel;
  if (!r->plan.has_args)
    fail("%s: kernel '%s' has no args or segments (a plan from an older gridsplit?)",
         r->opt.plan_path, r->kname);
  /* launches queued ahead are safe only behind the guard of a four-int
   * control word (docs/split.md) */
  if (r->plan.control_arg >= 0 && r->plan.control_words != GS_CONTROL_WORDS)
    fail("%s: the control word has no \"words\": 4 (a plan of an older gridsplit, whose "
         "segments have no guard?)%s",
         r->opt.plan_path, "");
  r->nseg = r->plan.nsegments;
}

/* Binds NAME=... to the plan's arguments (hostplan.h), before the device
 * does anything */
static void bind_args(cuda_run *r) {
  r->nargs = r->plan.nargs;
  r->mem = calloc(r->nargs + 1, sizeof *r->mem);
  char why[2048];
  if (gs_bind_plan_args(&r->plan, (const char *const *)r->opt.specs, r->opt.nspecs, &r->args, why,
                        sizeof why))
    fail("%s%s", why, "");
}

/* The PTX name of segment function FNAME, into OUT (N bytes): PTX names
 * have no '.', gridsplit writes k.seg0 as k_$_seg0 */
static void ptx_name(const char *fname, char *out, size_t n) {
  size_t o = 0;
  for (const char *p = fname; *p && o + 4 < n; p++)
    if (*p == '.') {
      memcpy(out + o, "_$_", 3);
      o += 3;
    } else {
      out[o++] = *p;
    }
  out[o] = 0;
}

/* Whether kernel R's segments (their .entry bodies, and every .func of the
 * module, which they may call) have accesses that are not atomic or not
 * ordered between GPUs (gs_device_ptx_gpu_scope); *WHERE names the first's
 * function, *INSN the instruction */
static int gpu_scope_atomics(const cuda_run *r, const char **where, const char **insn) {
  for (const char *f = strstr(r->ptx, ".func "); f; f = strstr(f + 1, ".func ")) {
    const char *next = strstr(f + 1, ".func "), *entry = strstr(f + 1, ".entry ");
    const char *end = next && (!entry || next < entry) ? next : entry;
    if ((*insn = gs_device_ptx_gpu_scope(f, end ? end : f + strlen(f)))) {
      *where = "a function the segments may call";
      return 1;
    }
  }
  for (size_t s = 0; s < r->nseg; s++) {
    char key[1024], head[1100];
    ptx_name(r->plan.segments[s].function, key, sizeof key);
    snprintf(head, sizeof head, ".entry %s(", key);
    const char *at = strstr(r->ptx, head);
    if (!at)
      continue;
    const char *next = strstr(at + 1, ".entry "), *func = strstr(at + 1, ".func ");
    const char *end = next && (!func || next < func) ? next : func;
    if ((*insn = gs_device_ptx_gpu_scope(at, end ? end : at + strlen(at)))) {
      *where = r->plan.segments[s].function;
      return 1;
    }
  }
  return 0;
}

/* The PTX module in GPU G's context, and its segments, at row G of
 * GPU_FNS */
static void load_module(cuda_run *r, int g) {
  CUmodule mod;
  char jit_log[8192] = "";
  CUjit_option jo[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *jv[2] = {jit_log, (void *)(uintptr_t)sizeof jit_log};
  CUresult loaded = cuModuleLoadDataEx(&mod, r->ptx, 2, jo, jv);
  if (loaded != CUDA_SUCCESS) {
    const char *name = NULL;
    cuGetErrorName(loaded, &name);
    fail("the PTX does not load (%s): %s", name ? name : "unknown CUDA error", jit_log);
  }
  for (size_t s = 0; s < r->nseg; s++) {
    const char *fname = r->plan.segments[s].function;
    char ptxname[1024];
    ptx_name(fname, ptxname, sizeof ptxname);
    if (cuModuleGetFunction(&r->gpu_fns[(size_t)g * r->nseg + s], mod, ptxname) != CUDA_SUCCESS)
      fail("the plan and the module do not match: the PTX has no kernel '%s' (%s)", ptxname, fname);
    r->waits[s] = entry_waits(r->ptx, ptxname);
  }
}

/* The devices, and the segments of the PTX module in each GPU's context:
 * one GPU, or with --devices N as many as there are up to N (logical device
 * d on GPU d % NGPU), every one able to reach every other's memory */
static void load_segments(cuda_run *r) {
  r->ndev = r->opt.devices > 1 ? r->opt.devices : 1;
  if (r->ndev > 1 && r->plan.virtual_arg < 0 && r->nseg == 1 && r->plan.live_arg < 0 &&
      r->plan.control_arg < 0) {
    /* no grid barrier left: an ordinary kernel, launched whole on GPU 0 */
    fprintf(stderr,
            "gs-cuda-run: kernel '%s' has no grid barrier to split at; it runs on "
            "device 0 alone\n",
            r->kname);
    r->ndev = 1;
  }
  if (r->ndev > 1 && r->plan.virtual_arg < 0) {
    char n[32];
    snprintf(n, sizeof n, "%zu", r->ndev);
    fail("--devices %s: kernel '%s' was split without virtual workgroups, which a grid spread "
         "over devices needs (gridsplit --target nvptx splits with them unless told not to)",
         n, r->kname);
  }
  check(cuInit(0), "cuInit");
  int count = 1;
  if (r->ndev > 1)
    check(cuDeviceGetCount(&count), "counting the GPUs");
  r->ngpu = count < (int)r->ndev ? count : (int)r->ndev;
  size_t ptx_size;
  char why[1100];
  if (gs_bind_read_file(r->opt.ptx_path, (unsigned char **)&r->ptx, &ptx_size, why, sizeof why))
    fail("%s%s", why, "");
  const char *where = NULL, *insn = NULL;
  if (r->ngpu > 1 && gpu_scope_atomics(r, &where, &insn)) {
    char what[160];
    snprintf(what, sizeof what, "%.*s", (int)strcspn(insn, ";\n"), insn);
    fail("--devices over several GPUs: %s has atomics of the GPU's scope (no .sys; the control "
         "word's of a dynamic schedule are too), which are not atomic between GPUs ('%s'): split "
         "it with gridsplit --target nvptx --system-atomics, or make one GPU visible "
         "(CUDA_VISIBLE_DEVICES)",
         where, what);
  }
  r->gpu_fns = calloc((size_t)r->ngpu * r->nseg + 1, sizeof *r->gpu_fns);
  r->waits = calloc(r->nseg, sizeof *r->waits);
  for (int g = 0; g < r->ngpu; g++) {
    check(cuDeviceGet(&r->gpu[g], g), "cuDeviceGet");
    check(cuDevicePrimaryCtxRetain(&r->ctx[g], r->gpu[g]), "cuDevicePrimaryCtxRetain");
    check(cuCtxSetCurrent(r->ctx[g]), "cuCtxSetCurrent");
    load_module(r, g);
    for (int h = 0; h < r->ngpu; h++) {
      int can = 1;
      if (h != g)
        check(cuDeviceCanAccessPeer(&can, r->gpu[g], r->gpu[h]), "asking for peer access");
      if (!can)
        fail("--devices: a GPU cannot reach another's memory (no peer access between GPUs %s)%s",
             "", "");
    }
  }
  r->dev = r->gpu[0];
  r->fns = r->gpu_fns;
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
  if (r->ndev > 1) {
    CUmemAllocationProp prop;
    memset(&prop, 0, sizeof prop);
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    r->granularity = 0;
    for (int g = 0; g < r->ngpu; g++) {
      size_t gran = 0;
      prop.location.id = g;
      check(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
            "asking for the allocation granularity");
      if (gran > r->granularity)
        r->granularity = gran;
    }
  }
}

/* BYTES of device memory: with several devices one range of addresses
 * whose pages lie block-wise on the GPUs in device order, as the ranges of
 * virtual workgroups do (devices.h: element i of a buffer the grid's
 * invocations stride through lies on the device that runs invocation i,
 * but for rounding), mapped for every GPU to read and write */
static CUdeviceptr device_alloc(cuda_run *r, size_t bytes, const char *what) {
  CUdeviceptr p = 0;
  if (!bytes)
    bytes = 1;
  if (r->ndev <= 1) {
    check(cuMemAlloc(&p, bytes), what);
    return p;
  }
  size_t g = r->granularity, pages = (bytes + g - 1) / g;
  size_t chunks = pages < r->ndev ? pages : r->ndev;
  size_t chunk = (pages + chunks - 1) / chunks * g;
  check(cuMemAddressReserve(&p, chunk * chunks, 0, 0, 0), what);
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  for (size_t k = 0; k < chunks; k++) {
    /* chunk k holds what the devices from k * N / chunks run */
    size_t d = k * r->ndev / chunks;
    prop.location.id = (int)(d % (size_t)r->ngpu);
    CUmemGenericAllocationHandle h;
    check(cuMemCreate(&h, chunk, &prop, 0), what);
    check(cuMemMap(p + k * chunk, chunk, 0, h, 0), what);
    check(cuMemRelease(h), what);
  }
  CUmemAccessDesc access[GS_DEVICES_MAX];
  for (int i = 0; i < r->ngpu; i++) {
    memset(&access[i], 0, sizeof access[i]);
    access[i].location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    access[i].location.id = i;
    access[i].flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  }
  check(cuMemSetAccess(p, chunk * chunks, access, (size_t)r->ngpu), what);
  return p;
}

/* The inputs: the host's bytes into the buffers bound to files, zeros into
 * those bound to zeros; and the live state's header */
static void write_inputs(cuda_run *r) {
  for (size_t i = 0; i < r->nargs; i++) {
    gs_host_arg *a = &r->args[i];
    if (a->form == GS_BOUND_FILE)
      check(cuMemcpyHtoD(r->mem[i], a->data, a->bytes), "uploading a buffer");
    else if (a->form == GS_BOUND_ZEROS)
      check(cuMemsetD8(r->mem[i], 0, a->bytes), "clearing a buffer");
  }
  if (r->header_bytes)
    check(cuMemcpyHtoD(r->state, r->header, r->header_bytes), "writing the live-state header");
  /* the copies and fills are on the context's default stream, which the
   * segments' streams do not wait for */
  check(cuCtxSynchronize(), "writing the inputs");
}

/* The bound arguments on the device: buffers allocated (write_inputs fills
 * them), a buffer given twice (same:) shared, workgroup memory as 16-byte
 * aligned slices of the dynamic shared memory, in order, whose offsets the
 * arguments carry */
static void upload_args(cuda_run *r) {
  for (size_t i = 0; i < r->nargs; i++) {
    gs_host_arg *a = &r->args[i];
    if (a->form == GS_BOUND_LOCAL) {
      uint64_t off = (r->dynamic_shared + 15) / 16 * 16;
      memcpy(a->scalar, &off, 8);
      r->dynamic_shared = off + a->bytes;
    } else if (a->form == GS_BOUND_FILE || a->form == GS_BOUND_ZEROS) {
      r->mem[i] = device_alloc(r, a->bytes, "allocating a buffer");
    }
  }
  for (size_t i = 0; i < r->nargs; i++)
    if (r->args[i].form == GS_BOUND_SAME)
      r->mem[i] = r->mem[r->args[i].same_as];
}

static void grid_size(cuda_run *r) {
  r->ninv = r->ngroups = 1;
  for (int d = 0; d < 3; d++) {
    if (r->opt.grid[d] % r->opt.wg[d])
      fail("the grid is not a multiple of the workgroup size%s%s", "", "");
    r->blocks[d] = r->opt.grid[d] / r->opt.wg[d];
    r->ninv *= r->opt.grid[d];
    r->ngroups *= r->blocks[d];
  }
  /* segments with virtual workgroups count them in 32 bits (docs/split.md) */
  if (r->plan.virtual_arg >= 0 && r->ngroups > (size_t)1 << 31)
    fail("the grid has more than 2^31 workgroups, the most virtual workgroups can be%s%s", "",
         "");
}

/* The live state: the header holds the sizes of carried workgroup
 * arguments (u64 each, at their offsets), then the program-scope variables;
 * every workgroup's save area grows by each argument's size, 16-byte
 * aligned */
static void make_live_state(cuda_run *r) {
  const gs_host_plan *p = &r->plan;
  if (p->live_arg < 0)
    return;
  size_t header = p->header_bytes, per_group = p->workgroup_bytes;
  unsigned char *h = calloc(header + 1, 1);
  for (size_t i = 0; i < p->nworkgroup_args; i++) {
    int ai = p->workgroup_args[i].arg, off = p->workgroup_args[i].size_offset;
    if (ai < 0 || (size_t)ai >= r->nargs || off < 0 || (size_t)off + 8 > header)
      fail("%s: a workgroup argument of the live state is out of range%s", r->opt.plan_path, "");
    uint64_t sz = r->args[ai].bytes;
    memcpy(h + off, &sz, 8);
    per_group += (size_t)((sz + 15) / 16 * 16);
  }
  /* the workgroups' areas from a multiple of 16 (docs/split.md) */
  size_t bytes = (header + r->ninv * p->live_bytes + 15) / 16 * 16 + r->ngroups * per_group;
  r->state = device_alloc(r, bytes ? bytes : 16, "allocating the live state");
  for (size_t i = 0; i < p->nglobals; i++)
    memcpy(h + p->globals[i].offset, p->globals[i].init, p->globals[i].bytes);
  r->header = h; /* written with the inputs (write_inputs) */
  r->header_bytes = header;
}

/* A dynamic schedule's control word, stepper, successor table and paths */
static void make_control(cuda_run *r) {
  dynamic *d = &r->dyn;
  memset(d, 0, sizeof *d);
  if (r->plan.control_arg < 0)
    return;
  size_t nseg = r->nseg;
  r->control = device_alloc(r, GS_CONTROL_BYTES, "allocating the control word");
  check(cuMemAllocHost((void **)&d->word, 2 * GS_CONTROL_BYTES),
        "allocating the host's control word");
  d->start = d->word + GS_CONTROL_WORDS;
  d->start[GS_CONTROL_NEXT] = GS_CONTROL_UNSET;
  d->start[GS_CONTROL_FLAGS] = 0;
  d->start[GS_CONTROL_LAUNCH] = 0;
  d->start[GS_CONTROL_CURRENT] = 0;
  load_stepper(&d->st, r->dev);
  d->st.control = r->control;
  d->st.segments = (unsigned)nseg;
  d->st.capacity = TRACE_CAPACITY;
  size_t row = nseg + 1;
  unsigned char *table = calloc(nseg * row + 1, 1);
  d->predicted = calloc(nseg, sizeof *d->predicted);
  for (size_t s = 0; s < nseg; s++) {
    const gs_plan_segment *seg = &r->plan.segments[s];
    d->predicted[s] = -1;
    for (size_t i = 0; i < seg->nsuccessors; i++) {
      int t = seg->successors[i];
      if (t == -1)
        table[s * row] = 1;
      else {
        table[s * row + (size_t)t + 1] = 1;
        if (d->predicted[s] < 0)
          d->predicted[s] = t;
      }
    }
  }
  check(cuMemAlloc(&d->st.successors, nseg * row), "allocating the successor table");
  check(cuMemcpyHtoD(d->st.successors, table, nseg * row), "writing the successor table");
  free(table);
  check(cuMemAlloc(&d->st.trace, TRACE_CAPACITY * sizeof *d->taken), "allocating the trace");
  d->taken = calloc(TRACE_CAPACITY, sizeof *d->taken);
  d->ahead = calloc(MAX_BATCH, sizeof *d->ahead);
}

/* Kernel parameters: the kernel's arguments, the live state, the control
 * word, the virtual grid's workgroup counts and their order; and each
 * segment's launch grid: the virtual grid's workgroups, or as many as the
 * device holds at once */
static void make_launches(cuda_run *r) {
  const gs_host_plan *p = &r->plan;
  int virtual_arg = p->virtual_arg;
  size_t nparams =
      r->nargs + (p->live_arg >= 0) + (p->control_arg >= 0) + GS_VIRTUAL_ARGS * (virtual_arg >= 0);
  r->params = calloc(nparams + 1, sizeof *r->params);
  for (size_t i = 0; i < r->nargs; i++)
    r->params[i] = r->args[i].kind == GS_HOST_BUFFER   ? (void *)&r->mem[i]
                   : r->args[i].form == GS_BOUND_VALUE ? (void *)r->args[i].data
                                                       : (void *)r->args[i].scalar;
  if (p->live_arg >= 0)
    r->params[p->live_arg] = &r->state;
  if (p->control_arg >= 0)
    r->params[p->control_arg] = &r->control;
  for (size_t s = 0; r->dynamic_shared > 48 * 1024 && s < (size_t)r->ngpu * r->nseg; s++) {
    check(cuCtxSetCurrent(r->ctx[s / r->nseg]), "cuCtxSetCurrent");
    check(cuFuncSetAttribute(r->gpu_fns[s], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                             (int)r->dynamic_shared),
          "allowing the workgroup memory");
  }
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
  r->grids = calloc(r->nseg, sizeof *r->grids);
  const unsigned *wg = r->opt.wg;
  for (size_t s = 0; s < r->nseg; s++) {
    memcpy(r->grids[s], r->blocks, sizeof r->blocks);
    if (virtual_arg < 0)
      continue;
    unsigned long want_groups = r->opt.physical;
    if (!want_groups) {
      int per_sm = 0, sms = 0;
      check(cuOccupancyMaxActiveBlocksPerMultiprocessor(
                &per_sm, r->fns[s], (int)(wg[0] * wg[1] * wg[2]), r->dynamic_shared),
            "asking for the occupancy");
      check(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, r->dev),
            "asking for the multiprocessors");
      want_groups = (unsigned long)(per_sm > 0 ? per_sm : 1) * (unsigned long)sms;
    }
    r->grids[s][0] = (unsigned)(want_groups < r->ngroups ? want_groups : r->ngroups);
    r->grids[s][1] = r->grids[s][2] = 1;
    if (r->opt.verbose)
      fprintf(stderr, "gs-cuda-run: segment %zu: %zu virtual workgroups on %u physical\n", s,
              r->ngroups, r->grids[s][0]);
  }
  /* the order of each launch's virtual workgroups */
  order_from_plan(&r->orders, p, r->args, r->nargs);
  if (virtual_arg >= 0) {
    for (int d = 0; d < 3; d++)
      r->params[virtual_arg + GS_VIRTUAL_COUNT + d] = &r->blocks[d];
    r->params[virtual_arg + GS_VIRTUAL_ORDER] = &r->order;
    r->range[0] = 0;
    r->range[1] = (unsigned)r->ngroups;
    r->params[virtual_arg + GS_VIRTUAL_FIRST] = &r->range[0];
    r->params[virtual_arg + GS_VIRTUAL_END] = &r->range[1];
  }
}

/* ---- one grid over several devices (devices.h) */

/* Every device's stream, its events and the log of launches, and the
 * waits from the plan's roles (after make_launches) */
static void make_devices(cuda_run *r) {
  if (r->ndev <= 1) {
    r->streams[0] = r->stream;
    return;
  }
  size_t cap = 4 * r->nseg + 4;
  gs_device_log_init(&r->log, r->ndev, cap);
  gs_device_waits_init(&r->conflicts, &r->plan, r->args, r->nargs);
  r->events = calloc(r->ndev * (cap + 1), sizeof *r->events);
  for (size_t d = 0; d < r->ndev; d++) {
    check(cuCtxSetCurrent(r->ctx[d % (size_t)r->ngpu]), "cuCtxSetCurrent");
    if (d)
      check(cuStreamCreate(&r->streams[d], CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    for (size_t k = 0; k <= cap; k++)
      check(cuEventCreate(&r->events[d * (cap + 1) + k], CU_EVENT_DISABLE_TIMING),
            "creating an event");
  }
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
  r->streams[0] = r->stream;
  check(cuEventCreate(&r->joined, CU_EVENT_DISABLE_TIMING), "creating an event");
  if (r->opt.verbose)
    for (size_t d = 0; d < r->ndev; d++) {
      uint32_t first, end;
      gs_device_range(r->ngroups, r->ndev, d, &first, &end);
      fprintf(stderr, "gs-cuda-run: device %zu (GPU %zu) runs virtual workgroups %u to %u\n", d,
              d % (size_t)r->ngpu, first, end);
    }
}

/* the event of device D's launch K; K == cap: the device's last work */
static CUevent *device_event(cuda_run *r, size_t d, size_t k) {
  return &r->events[d * (r->log.cap + 1) + k];
}

/* Every device's stream waits for everything queued so far on every
 * other's: device 0's waits for the others' last work, and theirs for
 * device 0's; the log starts anew */
static void barrier_devices(cuda_run *r) {
  if (r->ndev <= 1)
    return;
  /* each call in the context of the stream it queues on */
  for (size_t d = 1; d < r->ndev; d++) {
    check(cuCtxSetCurrent(r->ctx[d % (size_t)r->ngpu]), "cuCtxSetCurrent");
    check(cuEventRecord(*device_event(r, d, r->log.cap), r->streams[d]), "recording an event");
  }
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
  for (size_t d = 1; d < r->ndev; d++)
    check(cuStreamWaitEvent(r->stream, *device_event(r, d, r->log.cap), 0), "waiting for a device");
  check(cuEventRecord(r->joined, r->stream), "recording an event");
  for (size_t d = 1; d < r->ndev; d++) {
    check(cuCtxSetCurrent(r->ctx[d % (size_t)r->ngpu]), "cuCtxSetCurrent");
    check(cuStreamWaitEvent(r->streams[d], r->joined, 0), "waiting for a device");
  }
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
  gs_device_log_clear(&r->log);
}

/* Logical device D's launch grid for segment S: as many physical
 * workgroups as its GPU runs at once, shared among the logical devices on
 * that GPU, at most its range's count, one at least; its range in RANGE */
static void device_grid(cuda_run *r, size_t s, size_t d, unsigned grid[3]) {
  uint32_t first, end;
  gs_device_range(r->ngroups, r->ndev, d, &first, &end);
  r->range[0] = first;
  r->range[1] = end;
  size_t share = (r->ndev + (size_t)r->ngpu - 1 - d % (size_t)r->ngpu) / (size_t)r->ngpu;
  size_t groups = r->opt.physical ? r->opt.physical : r->grids[s][0] / (share ? share : 1);
  if (groups > end - first)
    groups = end - first;
  grid[0] = (unsigned)(groups ? groups : 1);
  grid[1] = grid[2] = 1;
}

/* Logical device D's launch of segment S on its stream, the context of its
 * GPU current (timed with --segment-times in the checked run) */
static void device_launch(cuda_run *r, size_t s, size_t d, int dependent) {
  CUstream stream = r->streams[d];
  CUfunction fn = r->fns[s];
  unsigned grid[3];
  memcpy(grid, r->grids[s], sizeof grid);
  if (r->ndev > 1) {
    check(cuCtxSetCurrent(r->ctx[d % (size_t)r->ngpu]), "cuCtxSetCurrent");
    fn = r->gpu_fns[(d % (size_t)r->ngpu) * r->nseg + s];
    device_grid(r, s, d, grid);
    dependent = 0;
  }
  int timed = r->timing && r->ntimed < MAX_TIMED;
  if (timed) {
    if (!r->timed)
      r->timed = calloc(MAX_TIMED, sizeof *r->timed);
    r->timed[r->ntimed].segment = (int)s;
    r->timed[r->ntimed].device = (int)d;
    check(cuEventCreate(&r->timed[r->ntimed].start, CU_EVENT_DEFAULT), "creating an event");
    check(cuEventCreate(&r->timed[r->ntimed].stop, CU_EVENT_DEFAULT), "creating an event");
    check(cuEventRecord(r->timed[r->ntimed].start, stream), "recording an event");
  }
  launch(fn, grid, r->opt.wg, (unsigned)r->dynamic_shared, stream, r->params, dependent);
  if (timed)
    check(cuEventRecord(r->timed[r->ntimed++].stop, stream), "recording an event");
}

/* Launches segment S (its order argument set): on one device as a launch
 * in its stream; on several, once a device, each its range of the virtual
 * workgroups, after the launches on other devices it conflicts with by the
 * plan's roles (devices.h). DEPENDENT: one device, as launch() takes it. */
static void launch_segment(cuda_run *r, size_t s, int dependent) {
  if (r->ndev <= 1) {
    device_launch(r, s, 0, dependent);
    return;
  }
  size_t wait[GS_DEVICES_MAX][GS_DEVICES_MAX], nwait[GS_DEVICES_MAX];
  if (gs_device_log_group_waits(&r->log, &r->conflicts, s, wait, nwait)) {
    barrier_devices(r);
    gs_device_log_group_waits(&r->log, &r->conflicts, s, wait, nwait);
  }
  for (size_t d = 0; d < r->ndev; d++) {
    check(cuCtxSetCurrent(r->ctx[d % (size_t)r->ngpu]), "cuCtxSetCurrent");
    for (size_t k = 0; k < nwait[d]; k++) {
      size_t e = wait[d][k] / r->log.cap, at = wait[d][k] % r->log.cap;
      check(cuStreamWaitEvent(r->streams[d], *device_event(r, e, at), 0), "waiting for a device");
      if (r->opt.verbose)
        fprintf(stderr, "gs-cuda-run: device %zu's segment %zu waits for device %zu's segment %d\n",
                d, s, e, r->log.seg[wait[d][k]]);
    }
    device_launch(r, s, d, 0);
    check(cuEventRecord(*device_event(r, d, r->log.len[d]), r->streams[d]), "recording an event");
    gs_device_log_add(&r->log, d, s);
  }
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
}

/* A dynamic schedule's launch of segment S and its step: on one device as
 * queue_step; on several, every device's launch after everything before
 * (the step before among it), and the step on device 0 after all of them */
static void queue_any(cuda_run *r, int s, int first) {
  if (r->ndev <= 1) {
    /* FIRST: nothing kernel-made comes before it on the stream; a segment
     * that begins with griddepcontrol.wait may start as the step before it
     * does */
    device_launch(r, (size_t)s, 0, !first && r->waits[s] && r->dyn.st.pdl);
    launch_step(&r->dyn.st, r->stream, (unsigned)s);
    return;
  }
  barrier_devices(r);
  for (size_t d = 0; d < r->ndev; d++)
    device_launch(r, (size_t)s, d, 0);
  check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
  barrier_devices(r);
  /* not a programmatic dependent: its griddepcontrol.wait would cover
   * device 0's launch alone, the event waits before it all of them */
  stepper st = r->dyn.st;
  st.pdl = 0;
  launch_step(&st, r->stream, (unsigned)s);
}

/* --segment-times: each launch of the checked run, and the GPU time
 * between its two events */
static void print_segment_times(cuda_run *r) {
  for (size_t k = 0; k < r->ntimed; k++) {
    float ms = 0;
    check(cuEventElapsedTime(&ms, r->timed[k].start, r->timed[k].stop), "timing a launch");
    printf("%s: segment %d on device %d: %.3f us\n", r->kname, r->timed[k].segment,
           r->timed[k].device, ms * 1e3);
  }
}

static void capture_end(cuda_run *r) {
  CUgraph g;
  check(cuStreamEndCapture(r->stream, &g), "ending the capture");
  check(cuGraphInstantiate(&r->exec, g, 0), "instantiating the graph");
  check(cuGraphDestroy(g), "dropping the captured graph");
}

/* Queues segment S of a dynamic schedule and its step; FIRST: the first of
 * its batch */
static void queue_segment(cuda_run *r, int s, int first) {
  r->order = gs_order_next(&r->orders, (size_t)s);
  queue_any(r, s, first);
}

/* Whether a dynamic schedule's next run replays the path the last one took
 * (docs/split.md, "Replaying a path"): the plan says the path follows from
 * the scalar arguments and the grid, which are the same in every run of
 * this process, and the segments take the replay in their order argument */
static int replays(const cuda_run *r) {
  const dynamic *d = &r->dyn;
  return r->plan.path_from_arguments && r->plan.virtual_arg >= 0 && d->learned &&
         (!r->opt.max_launches || d->npath <= r->opt.max_launches);
}

/* The learned path's launches, each vouched for (no guard, no choice, no
 * step kernel): one after the other as a static schedule's */
static void queue_replay(cuda_run *r) {
  for (size_t q = 0; q < r->dyn.npath; q++) {
    int p = r->dyn.taken[q];
    r->order = gs_order_next(&r->orders, (size_t)p) | GS_ORDER_REPLAY | GS_ORDER_LAUNCH(q);
    if (r->opt.verbose)
      fprintf(stderr, "gs-cuda-run: %s segment %d replayed\n", r->kname, p);
    launch_segment(r, (size_t)p, q > 0 && r->waits[p]);
  }
}

/* A static schedule: back to back in one stream, or the graph captured once
 * and replayed */
static void run_static(cuda_run *r) {
  const gs_host_plan *p = &r->plan;
  if (r->opt.graph && !r->exec) {
    check(cuStreamBeginCapture(r->stream, CU_STREAM_CAPTURE_MODE_GLOBAL), "capturing");
    for (size_t s = 0, launched = 0; s < r->nseg; s++)
      if (!p->segments[s].empty) {
        r->order = gs_order_next(&r->orders, s);
        launch(r->fns[s], r->grids[s], r->opt.wg, (unsigned)r->dynamic_shared, r->stream, r->params,
               launched++ > 0 && r->waits[s]);
      }
    capture_end(r);
  }
  if (r->exec) {
    check(cuGraphLaunch(r->exec, r->stream), "replaying the graph");
    return;
  }
  for (size_t s = 0, launched = 0; s < r->nseg; s++) {
    int empty = p->segments[s].empty;
    if (!empty)
      r->order = gs_order_next(&r->orders, s);
    if (r->opt.verbose)
      fprintf(stderr, "gs-cuda-run: %s segment %zu%s\n", r->kname, s,
              empty                             ? ": empty, not launched"
              : p->virtual_arg >= 0 && r->order ? ", virtual workgroups last to first"
                                                : "");
    if (!empty)
      launch_segment(r, s, launched++ > 0 && r->waits[s]);
  }
}

/* The control word read back after a batch: a stopped schedule is an error */
static void check_control_word(const cuda_run *r, const int *word) {
  if (word[GS_CONTROL_CURRENT] > GS_CONTROL_STOPPED(0))
    return;
  char seg[32], chose[32];
  snprintf(seg, sizeof seg, "%d", GS_CONTROL_STOPPED_SEGMENT(word[GS_CONTROL_CURRENT]));
  snprintf(chose, sizeof chose, "%d", word[GS_CONTROL_NEXT]);
  if (word[GS_CONTROL_FLAGS] & GS_CONTROL_DIVERGED)
    fail("kernel '%s': divergent grid barrier at run time: after segment %s the "
         "invocations did not all reach the same barrier",
         r->kname, seg);
  fail("the plan and the kernel do not match: segment %s chose segment %s, which is "
       "not one of its successors",
       seg, chose);
}

/* A dynamic schedule: the path the last run took, queued whole (a graph
 * with --graph), else launches queued ahead along each segment's first
 * successor, batch after batch, until the schedule ends; EV1 is recorded
 * after the last batch's GPU work */
static void run_dynamic(cuda_run *r, CUevent ev1) {
  dynamic *d = &r->dyn;
  int *word = d->word;
  if (replays(r)) {
    if (r->exec)
      check(cuGraphLaunch(r->exec, r->stream), "replaying the graph");
    else
      queue_replay(r);
    barrier_devices(r);
    check(cuEventRecord(ev1, r->stream), "recording an event");
    return;
  }
  /* with --graph, the path the schedule took last is captured before the
   * run's first event (run_schedule) */
  int from = 0, first_batch = 1, replayed = 0;
  size_t batch = 16, ran = 0, max = r->opt.max_launches;
  for (;;) {
    if (max && ran >= max) {
      char seg[32];
      snprintf(seg, sizeof seg, "%d", from);
      fail("the schedule has not ended after the launches --max-launches allows: segment %s "
           "would run next%s",
           seg, "");
    }
    if (first_batch && r->exec && (!max || d->npath <= max)) {
      check(cuGraphLaunch(r->exec, r->stream), "replaying the graph");
    } else {
      if (first_batch)
        check(cuMemcpyHtoDAsync(r->control, d->start, GS_CONTROL_BYTES, r->stream),
              "starting the control word");
      /* the path the last run took, or from FROM along first successors */
      const int *queue = d->taken;
      size_t n = d->npath;
      if (!(first_batch && d->learned) || (max && n > max)) {
        n = 0;
        size_t cap = max && batch > max - ran ? max - ran : batch;
        for (int p = from; n < cap && p >= 0; p = d->predicted[p])
          d->ahead[n++] = p;
        queue = d->ahead;
      }
      for (size_t q = 0; q < n; q++) {
        int p = queue[q];
        r->order = gs_order_next(&r->orders, (size_t)p);
        if (r->opt.verbose)
          fprintf(stderr, "gs-cuda-run: %s segment %d queued%s\n", r->kname, p,
                  r->plan.virtual_arg >= 0 && r->order ? ", virtual workgroups last to first" : "");
        queue_any(r, p, q == 0);
      }
    }
    replayed = first_batch && d->learned && (!max || d->npath <= max);
    first_batch = 0;
    /* the run's GPU work ends with the last batch's: the read-back after
     * it is not timed (those between batches are) */
    check(cuEventRecord(ev1, r->stream), "recording an event");
    check(cuMemcpyDtoHAsync(word, r->control, GS_CONTROL_BYTES, r->stream),
          "reading the control word");
    check(cuStreamSynchronize(r->stream), "running the segments");
    check_control_word(r, word);
    if (r->opt.verbose)
      fprintf(stderr, "gs-cuda-run: %s: %d launches ran, next %d\n", r->kname,
              word[GS_CONTROL_LAUNCH], word[GS_CONTROL_CURRENT]);
    if (word[GS_CONTROL_CURRENT] == GS_CONTROL_UNSET)
      break;
    if ((size_t)word[GS_CONTROL_CURRENT] >= r->nseg)
      fail("the control word holds no segment after the queued launches%s%s", "", "");
    from = word[GS_CONTROL_CURRENT];
    ran = (size_t)word[GS_CONTROL_LAUNCH];
    if (batch < MAX_BATCH)
      batch *= 2;
  }
  /* a run that took another path than the one queued whole teaches the
   * next its own (and the graph is captured again) */
  ran = (size_t)word[GS_CONTROL_LAUNCH];
  if (!(replayed && ran == d->npath) && ran <= TRACE_CAPACITY) {
    d->npath = ran;
    check(cuMemcpyDtoH(d->taken, d->st.trace, d->npath * sizeof *d->taken), "reading the trace");
    d->learned = 1;
    if (r->exec) {
      check(cuGraphExecDestroy(r->exec), "dropping the graph");
      r->exec = NULL;
    }
  }
}

static void write_file(const char *dir, const char *name, const void *data, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s.bin", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, n, f) != n)
    fail("cannot write '%s'%s", path, "");
  fclose(f);
}

/* the host outputs of a run, read back */
typedef struct {
  const char *name;
  unsigned char *data;
  size_t bytes;
} host_output;

/* Whether --outputs names NAME (or is not given) */
static int wanted(const cuda_run *r, const char *name) {
  const char *l = r->opt.outputs;
  if (!l)
    return 1;
  size_t n = strlen(name);
  for (const char *p = l; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
    size_t k = strcspn(p, ",");
    if (k == n && !strncmp(p, name, n))
      return 1;
  }
  return 0;
}

/* --outputs: every name a host output of the plan's */
static void check_output_names(const cuda_run *r) {
  const char *l = r->opt.outputs;
  for (const char *p = l; p && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
    size_t k = strcspn(p, ","), found = 0;
    for (size_t g = 0; g < r->plan.nglobals; g++)
      found |= r->plan.globals[g].output && strlen(r->plan.globals[g].name) == k &&
               !strncmp(r->plan.globals[g].name, p, k);
    for (size_t b = 0; b < r->plan.noutputs; b++) {
      size_t i = (size_t)r->plan.outputs[b];
      found |= i < r->nargs && strlen(r->args[i].name) == k && !strncmp(r->args[i].name, p, k);
    }
    if (!found) {
      char name[256];
      snprintf(name, sizeof name, "%.*s", (int)(k < 200 ? k : 200), p);
      fail("--outputs: kernel '%s' has no host output '%s'", r->kname, name);
    }
  }
}

/* Every host output (those --outputs names): program-scope variables the
 * kernel writes (they live in the live state), then buffers; *N of them */
static host_output *read_outputs(const cuda_run *r, size_t *n) {
  host_output *o = calloc(r->plan.nglobals + r->plan.noutputs + 1, sizeof *o);
  *n = 0;
  for (size_t g = 0; r->plan.live_arg >= 0 && g < r->plan.nglobals; g++) {
    const gs_plan_global *gl = &r->plan.globals[g];
    if (!gl->output || !gl->bytes || !wanted(r, gl->name))
      continue;
    host_output *x = &o[(*n)++];
    *x = (host_output){gl->name, malloc(gl->bytes), gl->bytes};
    check(cuMemcpyDtoH(x->data, r->state + (CUdeviceptr)gl->offset, gl->bytes),
          "reading a global back");
  }
  for (size_t b = 0; b < r->plan.noutputs; b++) {
    size_t i = (size_t)r->plan.outputs[b];
    if (i >= r->nargs || !r->mem[i] || !wanted(r, r->args[i].name))
      continue;
    host_output *x = &o[(*n)++];
    *x = (host_output){r->args[i].name, malloc(r->args[i].bytes + 1), r->args[i].bytes};
    check(cuMemcpyDtoH(x->data, r->mem[i], r->args[i].bytes), "reading a buffer back");
  }
  return o;
}

static void free_outputs(host_output *o, size_t n) {
  for (size_t i = 0; i < n; i++)
    free(o[i].data);
  free(o);
}

/* the outputs to OUT_DIR/NAME.bin */
static void write_outputs(const cuda_run *r, const host_output *o, size_t n) {
  const char *out_dir = r->opt.out_dir;
  if (mkdir(out_dir, 0777) && errno != EEXIST)
    fail("cannot create '%s': %s", out_dir, strerror(errno));
  for (size_t i = 0; i < n; i++)
    write_file(out_dir, o[i].name, o[i].data, o[i].bytes);
}

/* After --repeat, a replayed path runs once more from the inputs, and its
 * outputs must be the first run's (FIRST, N), byte for byte: the replay
 * skips the guards and choices that would otherwise catch a wrong path */
static void check_replay(cuda_run *r, const host_output *first, size_t n, CUevent ev1) {
  write_inputs(r);
  run_dynamic(r, ev1);
  check(cuEventSynchronize(ev1), "running the segments");
  size_t m = 0, bytes = 0;
  host_output *again = read_outputs(r, &m);
  for (size_t i = 0; i < n && i < m; i++) {
    size_t at = 0;
    while (at < first[i].bytes && first[i].data[at] == again[i].data[at])
      at++;
    if (at < first[i].bytes) {
      char where[32];
      snprintf(where, sizeof where, "%zu", at);
      fail("the replayed path's output '%s' differs from the first run's at byte %s", first[i].name,
           where);
    }
    bytes += first[i].bytes;
  }
  printf("%s: the replayed path from the inputs again: %zu bytes of outputs, the first run's\n",
         r->kname, bytes);
  free_outputs(again, m);
}

/* --nvlink-bytes: NVML's NVLink counters of the GPUs the run uses
 * (nvlink.h), or NULL, with a note saying why */
static gs_nvlink *open_nvlink(cuda_run *r) {
  char bus[GS_DEVICES_MAX][32], why[512];
  const char *names[GS_DEVICES_MAX];
  for (int g = 0; g < r->ngpu; g++) {
    check(cuDeviceGetPCIBusId(bus[g], (int)sizeof bus[g], r->gpu[g]), "cuDeviceGetPCIBusId");
    names[g] = bus[g];
  }
  gs_nvlink *l = gs_nvlink_open(NULL, names, (size_t)r->ngpu, why, sizeof why);
  if (!l)
    fprintf(stderr, "gs-cuda-run: note: NVLink bytes are not reported: %s\n", why);
  return l;
}

/* each GPU's NVLink bytes between gs_nvlink_start and gs_nvlink_stop */
static void print_nvlink_bytes(cuda_run *r, const gs_nvlink *l) {
  for (int g = 0; g < r->ngpu; g++) {
    unsigned long long tx, rx;
    char why[512];
    if (gs_nvlink_bytes(l, (size_t)g, &tx, &rx, why, sizeof why))
      fprintf(stderr, "gs-cuda-run: note: GPU %d's NVLink bytes are not reported: %s\n", g, why);
    else
      printf("%s: GPU %d: %llu bytes sent and %llu received over NVLink (whole KiB, the whole "
             "GPU's)\n",
             r->kname, g, tx, rx);
  }
}

/* The checked run, then --repeat N more, each timed between two events on
 * the stream; the median is printed */
static void run_schedule(cuda_run *r) {
  int repeat = r->opt.repeat, dyn = r->plan.control_arg >= 0;
  check(cuStreamCreate(&r->stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  make_devices(r);
  double *times = calloc((size_t)repeat + 1, sizeof *times);
  host_output *first = NULL;
  size_t nfirst = 0;
  gs_nvlink *nvlink = r->opt.nvlink_bytes ? open_nvlink(r) : NULL;
  CUevent ev0, ev1;
  check(cuEventCreate(&ev0, CU_EVENT_DEFAULT), "creating an event");
  check(cuEventCreate(&ev1, CU_EVENT_DEFAULT), "creating an event");
  for (int run = 0; run <= repeat; run++) {
    /* with --graph, the path a dynamic schedule took last is captured before
     * the run's first event (the static schedule's graph is captured in the
     * untimed first run) */
    if (dyn && r->opt.graph && r->dyn.learned && !r->exec) {
      check(cuStreamBeginCapture(r->stream, CU_STREAM_CAPTURE_MODE_GLOBAL), "capturing");
      if (replays(r)) {
        queue_replay(r);
      } else {
        check(cuMemcpyHtoDAsync(r->control, r->dyn.start, GS_CONTROL_BYTES, r->stream),
              "starting the control word");
        for (size_t q = 0; q < r->dyn.npath; q++)
          queue_segment(r, r->dyn.taken[q], q == 0);
      }
      capture_end(r);
    }
    if (nvlink && run == 0) {
      /* nothing of the inputs' still moving */
      for (int g = 0; g < r->ngpu; g++) {
        check(cuCtxSetCurrent(r->ctx[g]), "cuCtxSetCurrent");
        check(cuCtxSynchronize(), "waiting for the inputs");
      }
      check(cuCtxSetCurrent(r->ctx[0]), "cuCtxSetCurrent");
      gs_nvlink_start(nvlink);
    }
    check(cuEventRecord(ev0, r->stream), "recording an event");
    /* every device's work after the first event, the second after all of
     * it */
    barrier_devices(r);
    r->timing = r->opt.segment_times && run == 0;
    if (dyn) {
      run_dynamic(r, ev1);
    } else {
      run_static(r);
      barrier_devices(r);
      /* the second event follows the last launch on the stream, with no
       * host round trip between them */
      check(cuEventRecord(ev1, r->stream), "recording an event");
    }
    r->timing = 0;
    check(cuEventSynchronize(ev1), "running the segments");
    float ms = 0;
    check(cuEventElapsedTime(&ms, ev0, ev1), "timing a run");
    if (run > 0)
      times[run - 1] = ms * 1e-3;
    if (run == 0) {
      if (nvlink) {
        gs_nvlink_stop(nvlink);
        print_nvlink_bytes(r, nvlink);
      }
      first = read_outputs(r, &nfirst);
      write_outputs(r, first, nfirst);
      print_segment_times(r);
    }
  }
  if (dyn && repeat > 0 && replays(r))
    check_replay(r, first, nfirst, ev1);
  free_outputs(first, nfirst);
  gs_nvlink_close(nvlink);
  if (repeat > 0) {
    qsort(times, (size_t)repeat, sizeof *times, cmp_double);
    printf("%s: %d runs, %.3f us per run (median)%s\n", r->kname, repeat, times[repeat / 2] * 1e6,
           r->exec ? " (graph)" : "");
  }
  free(times);
}

int main(int argc, char **argv) {
  cuda_run r;
  memset(&r, 0, sizeof r);
  parse_options(argc, argv, &r.opt);
  read_plan(&r);
  bind_args(&r);
  check_output_names(&r);
  load_segments(&r);
  upload_args(&r);
  grid_size(&r);
  make_live_state(&r);
  write_inputs(&r);
  make_control(&r);
  make_launches(&r);
  run_schedule(&r);
  if (r.dyn.word)
    cuMemFreeHost(r.dyn.word);
  free(r.dyn.taken);
  free(r.dyn.predicted);
  free(r.dyn.ahead);
  gs_order_free(&r.orders);
  gs_bind_free(r.args, r.nargs);
  gs_host_plan_free(&r.plan);
  return 0;
}
