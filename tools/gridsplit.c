/* gridsplit: the command-line tool of SPEC section 5. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <gridsplit/gridsplit.h>
#include <gridsplit/run.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dims.h"
#include "interpret.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

static const char usage[] =
    "usage: gridsplit [options] INPUT\n"
    "\n"
    "Splits every kernel of INPUT (.ll, .bc, .cl, or a .gsp program, which is\n"
    "lowered for the target) that calls a grid barrier into segment kernels,\n"
    "and writes the module (DIR/<name>.ll) and the plan with each segment's\n"
    "buffer roles (DIR/<name>.plan.json).\n"
    "\n"
    "options:\n"
    "  -o DIR            output directory (default gridsplit-out)\n"
    "  --plan FILE       write the plan JSON to FILE ('-' for stdout)\n"
    "                    (default DIR/<input name>.plan.json)\n"
    "  --print-roles     print the per-segment roles table\n"
    "  --no-split        only analyse: roles of the kernels as they are, no module\n"
    "  --print-lowered   print the LLVM IR a .gsp program lowers to for the\n"
    "                    --target, and stop (no split, no files)\n"
    "  --drop-original   remove the originals and every function that reaches a grid\n"
    "                    barrier (keep-original=false): nothing names a barrier\n"
    "  --distinct-buffers  declare that no two buffers overlap (noalias; runners check)\n"
    "  --virtual-workgroups, --no-virtual-workgroups\n"
    "                    segments loop over virtual workgroups, so that a host may launch\n"
    "                    fewer physical ones (default: on for nvptx, off for spir, and\n"
    "                    not available for amdgcn)\n"
    "  --step-shader     --target vulkan with virtual workgroups: a dynamic schedule\n"
    "                    steps in a one-invocation shader after each launch, not in\n"
    "                    each launch's last workgroup (for hosts older than that)\n"
    "  --system-atomics  --target nvptx (sm_70 on): every atomic on global or generic\n"
    "                    memory of the system's scope (atom.*.sys), atomic between\n"
    "                    GPUs that share a buffer (gs-cuda-run --devices across GPUs)\n"
    "  --kernel NAME     only this kernel\n"
    "  --barrier NAME    also treat calls to NAME as grid barriers\n"
    "  --target T        ir (default, .ll), spirv (.spv), amdgcn (.hsaco), nvptx (.ptx),\n"
    "                    vulkan (.spv: Vulkan compute shaders; LLVM 22 on)\n"
    "  --mcpu CPU        target processor (default gfx90a for amdgcn, sm_80 for nvptx)\n"
    "  --workgroup X[,Y,Z]  fix the segments' workgroup size (reqd_work_group_size;\n"
    "                    a Vulkan shader's, default the kernel's own, else 64)\n"
    "  -O0 .. -O3        optimisation level for .cl inputs (default -O2)\n"
    "  --dump-after=STEP print to stderr what the split's step STEP made: the module,\n"
    "                    or its analysis (steps: analysis, prepare, segments, uniformity,\n"
    "                    access, liveness, remat, layout, clone, tidy, roles, attributes,\n"
    "                    link)\n"
    "  --verify-each     run LLVM's verifier after every step of the split\n"
    "  --time-steps      print to stderr the wall time each step of the split took\n"
    "  --help, --version\n"
    "\n"
    "gridsplit run --help: running a split kernel on the OpenCL device.\n"
    "gridsplit interpret --help: running a program on the reference interpreter.\n";

typedef struct {
  const char *input, *out_dir, *plan, *target, *mcpu, *workgroup;
  int print_roles, opt_level, no_split, print_lowered, step_shader, system_atomics;
  gs_target_kind kind;
  gs_options *opts;
} tool_args;

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "gridsplit: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(run 'gridsplit --help' for usage)\n");
  return EXIT_USAGE;
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, tool_args *t) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **value = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 0;
    }
    if (!strcmp(a, "--version")) {
      printf("gridsplit %s (LLVM %d)\n", GS_VERSION, GS_LLVM_MAJOR);
      return 0;
    }
    if (!strcmp(a, "--print-roles")) {
      t->print_roles = 1;
      continue;
    }
    if (!strcmp(a, "--no-split")) {
      t->no_split = 1;
      continue;
    }
    if (!strcmp(a, "--print-lowered")) {
      t->print_lowered = 1;
      continue;
    }
    if (!strcmp(a, "--drop-original")) {
      gs_options_set_keep_original(t->opts, 0);
      continue;
    }
    if (!strcmp(a, "--distinct-buffers")) {
      gs_options_set_distinct_buffers(t->opts, 1);
      continue;
    }
    if (!strcmp(a, "--virtual-workgroups") || !strcmp(a, "--no-virtual-workgroups")) {
      gs_options_set_virtual_workgroups(t->opts, a[2] == 'v');
      continue;
    }
    if (!strcmp(a, "--step-shader")) {
      t->step_shader = 1;
      continue;
    }
    if (!strcmp(a, "--system-atomics")) {
      t->system_atomics = 1;
      continue;
    }
    if (!strcmp(a, "--verify-each")) {
      gs_options_set_verify_each(t->opts, 1);
      continue;
    }
    if (!strcmp(a, "--time-steps")) {
      gs_options_set_time_steps(t->opts, 1);
      continue;
    }
    if (!strncmp(a, "--dump-after=", 13)) {
      gs_error *e = gs_options_set_dump_after(t->opts, a + 13);
      if (e) {
        int rc = usage_error("%s", gs_error_message(e));
        gs_error_dispose(e);
        return rc;
      }
      continue;
    }
    if (strlen(a) == 3 && a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3') {
      t->opt_level = a[2] - '0';
      continue;
    }
    if (!strcmp(a, "-o"))
      value = &t->out_dir;
    else if (!strcmp(a, "--plan"))
      value = &t->plan;
    else if (!strcmp(a, "--target"))
      value = &t->target;
    else if (!strcmp(a, "--mcpu"))
      value = &t->mcpu;
    else if (!strcmp(a, "--workgroup"))
      value = &t->workgroup;
    else if (!strcmp(a, "--kernel") || !strcmp(a, "--barrier")) {
      if (i + 1 >= argc)
        return usage_error("option '%s' needs a value", a);
      gs_error *e = !strcmp(a, "--kernel") ? gs_options_set_kernel(t->opts, argv[++i])
                                           : gs_options_add_barrier(t->opts, argv[++i]);
      if (e) {
        int rc = usage_error("%s", gs_error_message(e));
        gs_error_dispose(e);
        return rc;
      }
      continue;
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option '%s'", a);
    } else {
      if (t->input)
        return usage_error("more than one input file ('%s')", a);
      t->input = a;
      continue;
    }
    if (i + 1 >= argc)
      return usage_error("option '%s' needs a value", a);
    *value = argv[++i];
  }
  if (!t->input)
    return usage_error("%s", "no input file");
  gs_error *e = gs_target_parse(t->target, &t->kind);
  if (e) {
    int rc = usage_error("%s", gs_error_message(e));
    gs_error_dispose(e);
    return rc;
  }
  if (t->step_shader && t->kind != GS_TARGET_VULKAN)
    return usage_error("--step-shader means nothing for --target %s", t->target ? t->target : "ir");
  if (t->system_atomics && t->kind != GS_TARGET_NVPTX)
    return usage_error("--system-atomics means nothing for --target %s",
                       t->target ? t->target : "ir");
  /* a Vulkan host steps in the segments (gridsplit/control_word.h) */
  gs_options_set_steps_in_segments(t->opts, t->kind == GS_TARGET_VULKAN && !t->step_shader);
  if (t->mcpu && !gs_target_takes_mcpu(t->kind))
    return usage_error("--mcpu means nothing for --target %s", t->target);
  size_t wg[3];
  if (t->workgroup && !tool_parse_dims(t->workgroup, wg))
    return usage_error("--workgroup takes X[,Y,Z] with positive sizes, not '%s'", t->workgroup);
  if (t->workgroup && t->no_split)
    return usage_error("%s",
                       "--workgroup fixes the segments' size: it means nothing with --no-split");
  size_t n = strlen(t->input);
  if (t->print_lowered && (n < 4 || strcmp(t->input + n - 4, ".gsp")))
    return usage_error("--print-lowered needs a .gsp program, not '%s'", t->input);
  return -1;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* Writes SIZE bytes to PATH through a temporary file, so that an error never
 * leaves a partial file behind; "-" is stdout. */
static int write_bytes_file(const char *path, const char *data, size_t size, const char *input) {
  if (!strcmp(path, "-")) {
    fwrite(data, 1, size, stdout);
    return 0;
  }
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    /* a device or a pipe (--plan /dev/null): written into, never renamed
     * over, which would replace /dev/null itself with a file */
    FILE *f = fopen(path, "w");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f) != 0)
      ok = 0;
    if (!ok)
      fprintf(stderr, "%s: error: cannot write '%s': %s\n", input, path, strerror(errno));
    return ok ? 0 : EXIT_INPUT;
  }
  size_t n = strlen(path) + 16;
  char *tmp = malloc(n);
  snprintf(tmp, n, "%s.tmpXXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd >= 0) {
    /* mkstemp creates 0600: give the file the mode a plain create would */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
  }
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int ok = f && fwrite(data, 1, size, f) == size;
  if (f && fclose(f) != 0)
    ok = 0;
  if (ok && rename(tmp, path) != 0)
    ok = 0;
  if (!ok) {
    fprintf(stderr, "%s: error: cannot write '%s': %s\n", input, path, strerror(errno));
    if (fd >= 0)
      unlink(tmp);
  }
  free(tmp);
  return ok ? 0 : EXIT_INPUT;
}

static int write_file(const char *path, const char *text, const char *input) {
  return write_bytes_file(path, text, strlen(text), input);
}

/* DIR/<input name without its extension><SUFFIX> */
static char *output_path(const tool_args *t, const char *suffix) {
  const char *base = base_name(t->input);
  const char *dot = strrchr(base, '.');
  size_t stem = dot ? (size_t)(dot - base) : strlen(base);
  size_t n = strlen(t->out_dir) + stem + strlen(suffix) + 2;
  char *p = malloc(n);
  snprintf(p, n, "%s/%.*s%s", t->out_dir, (int)stem, base, suffix);
  return p;
}

/* The loader's messages start with the file name, the parsers' (IR and
 * programs) with file:line:col: error: or, without a position, file: error: */
static void print_input_error(const char *input, const gs_error *e) {
  const char *msg = gs_error_message(e);
  size_t n = strlen(input);
  if (!strncmp(msg, input, n) && ((msg[n] == ':' && msg[n + 1] >= '0' && msg[n + 1] <= '9') ||
                                  !strncmp(msg + n, ": error: ", 9)))
    fprintf(stderr, "%s\n", msg);
  else if (!strncmp(msg, input, n) && msg[n] == ':' && msg[n + 1] == ' ')
    fprintf(stderr, "%s: error: %s\n", input, msg + n + 2);
  else
    fprintf(stderr, "%s: error: %s\n", input, msg);
}

static int run(tool_args *t) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_analysis *a = NULL;
  int rc = 0;
  size_t ilen = strlen(t->input);
  if (!gs_target_accepts_opencl_c(t->kind) && ilen > 3 &&
      !strcmp(t->input + ilen - 3, ".cl")) {
    fprintf(stderr,
            "%s: error: OpenCL C inputs are compiled for SPIR; for --target %s give LLVM IR "
            "compiled for %s (with its device library)\n",
            t->input, t->target, gs_target_triple(t->kind));
    LLVMContextDispose(ctx);
    return EXIT_INPUT;
  }
  gs_error *e = gs_load_module_for(ctx, t->input, t->opt_level, t->kind, &m);
  if (!e && t->print_lowered) {
    char *text = LLVMPrintModuleToString(m);
    fputs(text, stdout);
    LLVMDisposeMessage(text);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    return 0;
  }
  if (!e)
    e = t->no_split ? gs_analyze(m, t->opts, &a) : gs_split_module(m, t->opts, &a);
  if (!e && t->workgroup) {
    size_t d[3];
    tool_parse_dims(t->workgroup, d);
    unsigned wg[3] = {(unsigned)d[0], d[1] ? (unsigned)d[1] : 1, d[2] ? (unsigned)d[2] : 1};
    e = gs_set_workgroup_size(m, a, wg);
  }
  if (e) {
    print_input_error(t->input, e);
    gs_error_dispose(e);
    rc = EXIT_INPUT;
  } else {
    for (size_t i = 0; i < gs_analysis_warning_count(a); i++)
      fprintf(stderr, "%s: warning: %s\n", t->input, gs_analysis_warning(a, i));
    if (t->print_roles) {
      char *table = gs_analysis_print_roles(a);
      fputs(table, stdout);
      gs_dispose_string(table);
    }
    char *plan = NULL;
    char *plan_path = t->plan ? strdup(t->plan) : output_path(t, ".plan.json");
    char *module_path = output_path(t, gs_target_extension(t->kind));
    char *ir = NULL;
    size_t ir_size = 0;
    /* the module first: its errors say more than the plan's about an
     * argument no target can take */
    if (t->system_atomics)
      gs_emit_mark_system_atomics(m);
    gs_error *emit_error = t->no_split ? NULL : gs_emit(m, t->kind, t->mcpu, &ir, &ir_size);
    if (!emit_error)
      emit_error = t->no_split ? (plan = gs_plan_json(a, base_name(t->input)), NULL)
                               : gs_plan_json_for_target(a, m, t->kind, base_name(t->input), &plan);
    if (emit_error) {
      fprintf(stderr, "%s: error: %s\n", t->input, gs_error_message(emit_error));
      gs_error_dispose(emit_error);
      rc = EXIT_INPUT;
    } else if (mkdir(t->out_dir, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "%s: error: cannot create '%s': %s\n", t->input, t->out_dir,
              strerror(errno));
      rc = EXIT_INPUT;
    } else {
      rc = t->no_split ? 0 : write_bytes_file(module_path, ir, ir_size, t->input);
      if (!rc)
        rc = write_file(plan_path, plan, t->input);
      if (rc && !t->no_split)
        unlink(module_path);
    }
    gs_dispose_string(ir);
    free(plan_path);
    free(module_path);
    gs_dispose_string(plan);
  }
  gs_analysis_dispose(a);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}

static const char run_usage[] =
    "usage: gridsplit run [--kernel NAME] --grid X[,Y,Z] --workgroup X[,Y,Z]\n"
    "                     [--out DIR] [--distinct-buffers] [--barrier NAME] [-O0..-O3]\n"
    "                     [--verbose] [--plan PLAN] [--virtual-workgroups]\n"
    "                     [--physical-groups N] [--check-guards] [--max-launches N]\n"
    "                     [--replay] [--check] [--check-ulp N] [--runtime opencl|vulkan]\n"
    "                     [--device N] [--devices N] INPUT ARG...\n"
    "\n"
    "Splits INPUT and runs the kernel's segments on the OpenCL device (POCL),\n"
    "then writes every host-output buffer to DIR/NAME.bin (default gridsplit-run).\n"
    "With --runtime vulkan the segments are Vulkan compute shaders (--target\n"
    "vulkan, the workgroup size --workgroup's or the kernel's, else 64) run on\n"
    "Vulkan device N (--device, default 0); with --plan, INPUT is their .spv.\n"
    "A .gsp program brings its workgroup size (--workgroup may repeat it); its\n"
    "scalars (read or uniform buffers of one element) may be given as NAME=VALUE,\n"
    "and the count <b>_len of a buffer b sized at run time comes from b's bytes.\n"
    "With --plan, INPUT is a module the split already wrote (gridsplit -o DIR)\n"
    "and PLAN its plan: they run as they are, after checking that they match.\n"
    "Each ARG binds a kernel argument by name:\n"
    "  NAME=@FILE         a buffer holding the file's bytes, or a struct passed\n"
    "                     by value: its bytes, a file of exactly its size\n"
    "  NAME=zeros:BYTES   a zero-filled buffer\n"
    "  NAME=local:BYTES   workgroup memory\n"
    "  NAME=same:OTHER    the same buffer as argument OTHER\n"
    "  NAME=VALUE         a scalar, read as the argument's type\n"
    "With --virtual-workgroups the segments loop over the grid's workgroups and\n"
    "run on --physical-groups N workgroups (default four per compute unit).\n"
    "With --devices N (OpenCL) the grid is spread over N logical devices, each\n"
    "an in-order queue that runs its own range of the virtual workgroups in\n"
    "every segment (on --physical-groups N workgroups, at most its range),\n"
    "after the launches on the others that touch what it writes or write\n"
    "what it touches; virtual workgroups are turned on.\n"
    "With --check-guards every launch of a dynamic schedule is followed by a\n"
    "launch of each other segment, which the control word must keep from doing\n"
    "anything (the runner on a GPU queues launches ahead of the schedule).\n"
    "With --max-launches N a dynamic schedule that has not ended after N\n"
    "launches of its segments (a loop of grid barriers that never ends) stops\n"
    "with an error, and no outputs are written.\n"
    "With --replay (virtual workgroups, a dynamic schedule whose plan says its\n"
    "path follows from the arguments) the schedule runs, then runs again from\n"
    "the same inputs replaying the path it took, as a GPU runner replays it:\n"
    "no guard, no choice, no control word. On OpenCL the outputs are the\n"
    "replay's; on Vulkan two runs learn the path, a third replays it, and the\n"
    "replay from the inputs must give the first run's outputs, byte for byte.\n";

static int run_main(int argc, char **argv) {
  gs_run_request req;
  memset(&req, 0, sizeof req);
  req.opt_level = 2;
  const char **args = calloc((size_t)argc + 1, sizeof *args);
  const char **barriers = calloc((size_t)argc + 1, sizeof *barriers);
  int have_grid = 0, rc = 0;
  for (int i = 1; i < argc && !rc; i++) {
    const char *a = argv[i];
    int needs = !strcmp(a, "--grid") || !strcmp(a, "--workgroup") || !strcmp(a, "--kernel") ||
                !strcmp(a, "--out") || !strcmp(a, "--barrier") || !strcmp(a, "--plan") ||
                !strcmp(a, "--physical-groups") || !strcmp(a, "--check-ulp") ||
                !strcmp(a, "--devices") || !strcmp(a, "--runtime") || !strcmp(a, "--device") ||
                !strcmp(a, "--max-launches");
    if (needs && i + 1 >= argc) {
      rc = usage_error("option '%s' needs a value", a);
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(run_usage, stdout);
      free(args);
      free(barriers);
      return 0;
    } else if (!strcmp(a, "--grid")) {
      if (!tool_parse_dims(argv[++i], req.grid))
        rc = usage_error("--grid '%s': expected X[,Y,Z] with positive sizes", argv[i]);
      have_grid = 1;
    } else if (!strcmp(a, "--workgroup")) {
      if (!tool_parse_dims(argv[++i], req.workgroup))
        rc = usage_error("--workgroup '%s': expected X[,Y,Z] with positive sizes", argv[i]);
    } else if (!strcmp(a, "--kernel")) {
      req.kernel = argv[++i];
    } else if (!strcmp(a, "--out")) {
      req.out_dir = argv[++i];
    } else if (!strcmp(a, "--plan")) {
      req.plan = argv[++i];
    } else if (!strcmp(a, "--barrier")) {
      barriers[req.nbarriers++] = argv[++i];
    } else if (!strcmp(a, "--runtime")) {
      const char *v = argv[++i];
      if (!strcmp(v, "opencl") || !strcmp(v, "vulkan"))
        req.runtime = v[0] == 'v' ? GS_RUNTIME_VULKAN : GS_RUNTIME_OPENCL;
      else
        rc = usage_error("--runtime '%s': expected opencl or vulkan", v);
    } else if (!strcmp(a, "--device")) {
      const char *v = argv[++i];
      char *end;
      errno = 0;
      unsigned long n = strtoul(v, &end, 10);
      if (errno || end == v || *end || v[0] < '0' || v[0] > '9' || n > 1000)
        rc = usage_error("--device '%s': expected a device number", v);
      req.device = (unsigned)n;
    } else if (!strcmp(a, "--distinct-buffers")) {
      req.distinct_buffers = 1;
    } else if (!strcmp(a, "--verbose")) {
      req.verbose = 1;
    } else if (!strcmp(a, "--check-guards")) {
      req.check_guards = 1;
    } else if (!strcmp(a, "--replay")) {
      req.replay = 1;
    } else if (!strcmp(a, "--virtual-workgroups")) {
      req.virtual_workgroups = 1;
    } else if (!strcmp(a, "--check")) {
      req.check = 1;
    } else if (!strcmp(a, "--check-ulp")) {
      const char *v = argv[++i];
      char *end;
      errno = 0;
      unsigned long n = strtoul(v, &end, 10);
      if (errno || end == v || *end || v[0] < '0' || v[0] > '9' || n > 0xffffffffUL)
        rc = usage_error("--check-ulp '%s': expected a count of units in the last place "
                         "(0 to 4294967295)",
                         v);
      req.check = 1;
      req.check_ulp = (unsigned)n;
    } else if (!strcmp(a, "--max-launches")) {
      size_t n[3];
      if (!tool_parse_dims(argv[++i], n) || n[1])
        rc = usage_error("--max-launches '%s': expected a positive count", argv[i]);
      req.max_launches = n[0];
    } else if (!strcmp(a, "--devices")) {
      size_t n[3];
      if (!tool_parse_dims(argv[++i], n) || n[1])
        rc = usage_error("--devices '%s': expected a positive count", argv[i]);
      req.devices = n[0];
    } else if (!strcmp(a, "--physical-groups")) {
      size_t n[3];
      if (!tool_parse_dims(argv[++i], n) || n[1])
        rc = usage_error("--physical-groups '%s': expected a positive count", argv[i]);
      req.physical_groups = n[0];
    } else if (strlen(a) == 3 && a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3') {
      req.opt_level = a[2] - '0';
    } else if (a[0] == '-') {
      rc = usage_error("unknown option '%s' for gridsplit run", a);
    } else if (!req.input) {
      req.input = a;
    } else {
      args[req.nargs++] = a;
    }
  }
  if (!rc && !req.input)
    rc = usage_error("%s", "gridsplit run: no input file");
  if (!rc && !have_grid)
    rc = usage_error("%s", "gridsplit run: --grid is required");
  size_t ilen = req.input ? strlen(req.input) : 0;
  int is_program = ilen > 4 && !strcmp(req.input + ilen - 4, ".gsp");
  /* a program brings its workgroup size, Vulkan shaders theirs (the
   * kernel's reqd_work_group_size, else 64) */
  if (!rc && !req.workgroup[0] && !is_program && req.runtime != GS_RUNTIME_VULKAN)
    rc = usage_error("%s", "gridsplit run: --workgroup is required");
  if (!rc) {
    req.args = args;
    req.barriers = barriers;
    gs_error *e = gs_run(&req);
    if (e) {
      print_input_error(req.input, e);
      gs_error_dispose(e);
      rc = EXIT_INPUT;
    } else if (req.check) {
      printf("gridsplit run: --check: every host-output buffer matches the reference\n");
    }
  }
  free(args);
  free(barriers);
  return rc;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "run"))
    return run_main(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "interpret"))
    return interpret_main(argc - 1, argv + 1);
  tool_args t = {.out_dir = "gridsplit-out",
                 .target = "ir",
                 .opt_level = 2,
                 .kind = GS_TARGET_IR,
                 .opts = gs_options_create()};
  int rc = parse_args(argc, argv, &t);
  if (rc < 0)
    rc = run(&t);
  gs_options_dispose(t.opts);
  return rc;
}
