/* The host runner of SPEC section 5 on the OpenCL API (POCL on a CPU here):
 * split, load the segments as SPIR bitcode, keep every buffer on the device,
 * launch a static schedule back to back and follow the control word of a
 * dynamic one, and stop with an error when invocations disagree. The plan
 * and the arguments go through runtime/hostplan.h, as for the other hosts. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include "gridsplit/run.h"

#include <CL/cl.h>
#include <errno.h>
#include <gridsplit/control_word.h>
#include <gridsplit/gridsplit.h>
#include <gridsplit/ir.h>
#include <gridsplit/program.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "devices.h"
#include "hostplan.h"
#include "order.h"
#include "pocl_builtins.h"
#include "program_args.h"
#include "run_vulkan.h"
#include "selfcheck.h"

typedef struct {
  size_t nparams;
  gs_host_arg *args;      /* the kernel's arguments (hostplan.h binds them) */
  char (*elem_names)[64]; /* per argument: kernel_arg_base_type's element */
  cl_mem *mem;            /* per argument: its buffer */
  cl_context ctx;
  cl_command_queue q; /* device 0's queue: every read and write goes here */
  /* --devices N: one in-order queue a logical device (queues[0] is Q), the
   * launches' events, which wait for which (devices.h) */
  cl_command_queue *queues;
  size_t ndevices;
  cl_event *events;
  gs_device_waits waits;
  gs_device_log log;
  size_t vtotal;   /* virtual workgroups: the grid's count */
  size_t physical; /* virtual workgroups: a launch's physical workgroups */
  int verbose;
  cl_program prog;
  cl_kernel *kernels;
  size_t nkernels;
  cl_mem state, control;
  void *header; /* the live state's header as the host writes it first */
  size_t header_bytes;
  gs_program *program; /* a .gsp input: its buffers bind as docs/programs.md says */
} run_state;

/* hostplan.h's errors as the library's */
static gs_error *host_error(const char *why) { return gs_error_create("%s", why); }

static unsigned opencl_type_size(const char *t, char *name, size_t name_size) {
  static const struct {
    const char *name;
    unsigned size;
  } types[] = {{"char", 1},   {"uchar", 1}, {"short", 2}, {"ushort", 2}, {"half", 2},
               {"int", 4},    {"uint", 4},  {"float", 4}, {"long", 8},   {"ulong", 8},
               {"double", 8}, {"unsigned char", 1}, {"unsigned int", 4}, {"unsigned short", 2},
               {"unsigned long", 8}};
  size_t n = strcspn(t, "*");
  while (n && t[n - 1] == ' ')
    n--;
  snprintf(name, name_size, "%.*s", (int)n, t);
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
    size_t len = strlen(types[i].name);
    if (n >= len && !strncmp(t, types[i].name, len)) {
      unsigned lanes = 1;
      if (n > len)
        lanes = (unsigned)atoi(t + len);
      if (lanes == 3)
        lanes = 4;
      if (n == len || (lanes == 2 || lanes == 4 || lanes == 8 || lanes == 16))
        return types[i].size * (lanes ? lanes : 1);
    }
  }
  return 0;
}

/* kernel_arg_base_type of the segment kernel, for element sizes */
static void element_types(LLVMValueRef fn, run_state *rs) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "kernel_arg_base_type", 20);
  size_t n = 0;
  LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(fn, &n);
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(e, (unsigned)i) != kind)
      continue;
    LLVMValueRef node = LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i));
    unsigned nops = LLVMGetMDNodeNumOperands(node);
    LLVMValueRef *ops = calloc(nops ? nops : 1, sizeof *ops);
    LLVMGetMDNodeOperands(node, ops);
    for (unsigned k = 0; k < nops && k < rs->nparams; k++) {
      unsigned len = 0;
      const char *s = LLVMGetMDString(ops[k], &len);
      if (s)
        rs->args[k].elem_size = opencl_type_size(s, rs->elem_names[k], sizeof rs->elem_names[k]);
    }
    free(ops);
  }
  if (e)
    LLVMDisposeValueMetadataEntries(e);
}

/* The number type of an LLVM scalar; bits 0 for one no host passes */
static gs_number_type number_type(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  gs_number_type n = {GS_NUMBER_SIGNLESS, 0};
  if (k == LLVMIntegerTypeKind)
    n.bits = LLVMGetIntTypeWidth(t);
  else if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind)
    n = (gs_number_type){GS_NUMBER_FLOAT, k == LLVMFloatTypeKind ? 32 : 64};
  return n;
}

/* What each argument of the segment kernel SEG0 takes, for hostplan.h */
static gs_error *describe_args(run_state *rs, const gs_host_plan *plan, LLVMValueRef seg0) {
  rs->args = calloc(rs->nparams ? rs->nparams : 1, sizeof *rs->args);
  rs->elem_names = calloc(rs->nparams ? rs->nparams : 1, sizeof *rs->elem_names);
  rs->mem = calloc(rs->nparams ? rs->nparams : 1, sizeof *rs->mem);
  for (size_t i = 0; i < rs->nparams; i++) {
    gs_host_arg *p = &rs->args[i];
    LLVMValueRef v = LLVMGetParam(seg0, (unsigned)i);
    LLVMTypeRef ty = LLVMTypeOf(v);
    size_t len;
    p->name = LLVMGetValueName2(v, &len);
    p->elem_name = rs->elem_names[i];
    if (!*p->name)
      return gs_error_create("kernel '%s': argument %zu has no name to bind it by", plan->kernel,
                             i);
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind) {
      p->kind = GS_HOST_SCALAR;
      p->scalar_type = number_type(ty);
    } else if (LLVMGetPointerAddressSpace(ty) == 3) {
      p->kind = GS_HOST_LOCAL;
    } else {
      p->kind = GS_HOST_BUFFER;
    }
  }
  gs_program_describe_args(rs->program, rs->args, rs->nparams);
  for (size_t i = 0; i < plan->nvalues; i++) {
    const gs_plan_value *pv = &plan->values[i];
    gs_host_arg *p = &rs->args[pv->arg]; /* plan_matches checked the index and type */
    LLVMTypeKind k = LLVMGetTypeKind(gs_value_arg_type(seg0, (unsigned)pv->arg));
    p->kind = GS_HOST_VALUE;
    p->value_bytes = pv->bytes;
    p->value_what = k == LLVMVectorTypeKind  ? "vector"
                    : k == LLVMArrayTypeKind ? "array"
                                             : "struct";
  }
  element_types(seg0, rs);
  return NULL;
}

static gs_error *bind_args(run_state *rs, const gs_run_request *req, const gs_host_plan *plan) {
  char why[2048];
  if (gs_bind_specs(rs->args, rs->nparams, req->args, req->nargs, plan->kernel, why, sizeof why))
    return host_error(why);
  gs_error *le = gs_program_complete_args(rs->program, rs->args, rs->nparams, plan->kernel);
  if (le)
    return le;
  if (gs_bind_finish(rs->args, rs->nparams, req->distinct_buffers || plan->distinct, plan->kernel,
                     why, sizeof why))
    return host_error(why);
  return NULL;
}

static const char *cl_error_name(cl_int e) {
  switch (e) {
  case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
  case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
  case CL_INVALID_WORK_GROUP_SIZE: return "CL_INVALID_WORK_GROUP_SIZE";
  case CL_INVALID_WORK_ITEM_SIZE: return "CL_INVALID_WORK_ITEM_SIZE";
  case CL_INVALID_GLOBAL_WORK_SIZE: return "CL_INVALID_GLOBAL_WORK_SIZE";
  case CL_INVALID_KERNEL_ARGS: return "CL_INVALID_KERNEL_ARGS";
  case CL_INVALID_ARG_SIZE: return "CL_INVALID_ARG_SIZE";
  case CL_INVALID_BUFFER_SIZE: return "CL_INVALID_BUFFER_SIZE";
  case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
  case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
  case CL_INVALID_BINARY: return "CL_INVALID_BINARY";
  case CL_DEVICE_NOT_FOUND: return "CL_DEVICE_NOT_FOUND";
  default: return "an OpenCL error";
  }
}

#define CL_CHECK(call, what)                                                                       \
  do {                                                                                             \
    cl_int cl_rc_ = (call);                                                                        \
    if (cl_rc_ != CL_SUCCESS) {                                                                    \
      err = gs_error_create("%s failed: %s (%d)", what, cl_error_name(cl_rc_), (int)cl_rc_);       \
      goto done;                                                                                   \
    }                                                                                              \
  } while (0)

/* What the runner needs of a plan, from the split or from a plan file. */

static gs_error *choose_kernel(const gs_analysis *a, const char *want, size_t *k) {
  size_t with_barriers = 0, n = gs_analysis_kernel_count(a);
  for (size_t i = 0; i < n; i++) {
    if (want && !strcmp(gs_kernel_name(a, i), want)) {
      *k = i;
      return NULL;
    }
    if (gs_kernel_barrier_count(a, i)) {
      with_barriers++;
      *k = i;
    }
  }
  if (want)
    return gs_error_create("no kernel named '%s'", want);
  if (n == 1) {
    *k = 0;
    return NULL;
  }
  if (with_barriers == 1)
    return NULL;
  char names[1024] = "";
  for (size_t i = 0; i < n; i++)
    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
             gs_kernel_name(a, i));
  return gs_error_create("the module has several kernels (%s): choose one with --kernel", names);
}

/* The plan of the split's kernel K, read as a plan file is: one reader for
 * both (hostplan.h) */
static gs_error *plan_from_analysis(const gs_analysis *a, size_t k, const char *input,
                                    gs_host_plan *p) {
  char *json = gs_plan_json(a, input), why[2048];
  int rc = gs_host_plan_parse(json, input, gs_kernel_name(a, k), p, why, sizeof why);
  gs_dispose_string(json);
  return rc ? host_error(why) : NULL;
}

/* A program's `output` buffers (the lowering's gridsplit.outputs, copied to
 * every segment) are written back even where no segment writes them: the
 * host asked for them, and they then hold what was given. */
static void program_outputs(LLVMModuleRef m, gs_host_plan *p) {
  LLVMValueRef f = p->nsegments ? LLVMGetNamedFunction(m, p->segments[0].function) : NULL;
  LLVMValueRef md = NULL;
  if (f) {
    unsigned kind = LLVMGetMDKindIDInContext(LLVMGetModuleContext(m), "gridsplit.outputs", 17);
    size_t n = 0;
    LLVMValueMetadataEntry *all = LLVMGlobalCopyAllMetadata(f, &n);
    for (size_t i = 0; i < n; i++)
      if (LLVMValueMetadataEntriesGetKind(all, (unsigned)i) == kind)
        md = LLVMMetadataAsValue(LLVMGetModuleContext(m),
                                 LLVMValueMetadataEntriesGetMetadata(all, (unsigned)i));
    LLVMDisposeValueMetadataEntries(all);
  }
  unsigned n = md ? LLVMGetMDNodeNumOperands(md) : 0;
  LLVMValueRef *ops = calloc(n + 1, sizeof *ops);
  if (md)
    LLVMGetMDNodeOperands(md, ops);
  for (unsigned i = 0; i < n; i++) {
    if (!ops[i] || !LLVMIsAConstantInt(ops[i]))
      continue;
    int arg = (int)LLVMConstIntGetZExtValue(ops[i]), seen = 0;
    for (size_t j = 0; j < p->noutputs; j++)
      seen |= p->outputs[j] == arg;
    if (!seen) {
      int *grown = realloc(p->outputs, (p->noutputs + 1) * sizeof *grown);
      if (!grown)
        abort();
      p->outputs = grown;
      p->outputs[p->noutputs++] = arg;
    }
  }
  free(ops);
}

/* The plan must describe this module: every segment a kernel with the
 * kernel's arguments, then the live state, then the control word. */
static gs_error *plan_matches(const gs_host_plan *p, LLVMModuleRef m, size_t *nparams) {
  int nargs = -1;
  for (size_t s = 0; s < p->nsegments; s++) {
    LLVMValueRef f = LLVMGetNamedFunction(m, p->segments[s].function);
    if (!f || !LLVMCountBasicBlocks(f))
      return gs_error_create("the plan and the module do not match: the module has no kernel '%s'",
                             p->segments[s].function);
    int n = (int)LLVMCountParams(f);
    if (nargs >= 0 && n != nargs)
      return gs_error_create(
          "the plan and the module do not match: '%s' takes %d arguments, '%s' %d",
          p->segments[0].function, nargs, p->segments[s].function, n);
    nargs = n;
  }
  int extra = (p->live_arg >= 0) + (p->control_arg >= 0) + GS_VIRTUAL_ARGS * (p->virtual_arg >= 0);
  int orig = nargs - extra;
  if (orig < 0 || (p->live_arg >= 0 && p->live_arg != orig) ||
      (p->control_arg >= 0 && p->control_arg != orig + (p->live_arg >= 0)) ||
      (p->virtual_arg >= 0 &&
       p->virtual_arg != orig + (p->live_arg >= 0) + (p->control_arg >= 0)))
    return gs_error_create("the plan and the module do not match: '%s' takes %d arguments, which "
                           "cannot end with the plan's live state (argument %d), control word "
                           "(argument %d) and virtual workgroup counts, order and range "
                           "(argument %d)",
                           p->segments[0].function, nargs, p->live_arg, p->control_arg,
                           p->virtual_arg);
  LLVMValueRef f = LLVMGetNamedFunction(m, p->segments[0].function);
  int special[2] = {p->live_arg, p->control_arg};
  for (int i = 0; i < 2; i++) {
    if (special[i] < 0)
      continue;
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(f, (unsigned)special[i]));
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind || LLVMGetPointerAddressSpace(ty) != 1)
      return gs_error_create("the plan and the module do not match: argument %d of '%s' is not a "
                             "global pointer, so it cannot be the %s",
                             special[i], p->segments[0].function,
                             i ? "control word" : "live state");
  }
  for (size_t i = 0; i < p->noutputs + p->nworkgroup_args; i++) {
    int a = i < p->noutputs ? p->outputs[i] : p->workgroup_args[i - p->noutputs].arg;
    if (a < 0 || a >= orig ||
        LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(f, (unsigned)a))) != LLVMPointerTypeKind)
      return gs_error_create("the plan and the module do not match: the plan's buffer argument %d "
                             "is not a pointer argument of '%s'",
                             a, p->segments[0].function);
  }
  /* structs passed by value: exactly the plan's values, of the plan's sizes
   * (a buffer handle bound where the kernel reads a struct gives garbage) */
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  for (int a = 0; a < orig; a++) {
    LLVMTypeRef vt = gs_value_arg_type(f, (unsigned)a);
    const gs_plan_value *pv = NULL;
    for (size_t i = 0; i < p->nvalues; i++)
      if (p->values[i].arg == a)
        pv = &p->values[i];
    if (vt && !pv)
      return gs_error_create(
          "the plan and the module do not match: argument %d of '%s' is a struct "
          "or vector passed by value, which the plan does not list among its "
          "values",
          a, p->segments[0].function);
    if (pv && (!vt || LLVMABISizeOfType(td, vt) != pv->bytes))
      return gs_error_create("the plan and the module do not match: the plan's value argument %d "
                             "(%u bytes) is not a struct or vector of that size passed by value to "
                             "'%s'",
                             a, pv->bytes, p->segments[0].function);
  }
  for (size_t i = 0; i < p->nvalues; i++)
    if (p->values[i].arg >= orig)
      return gs_error_create(
          "the plan and the module do not match: '%s' has no argument %d for the "
          "plan's value",
          p->segments[0].function, p->values[i].arg);
  *nparams = (size_t)orig;
  return NULL;
}

static gs_error *write_bytes(const char *dir, const char *name, const void *data,
                             size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s.bin", dir, name);
  FILE *f = fopen(path, "wb");
  gs_error *err = NULL;
  if (!f || fwrite(data, 1, bytes, f) != bytes)
    err = gs_error_create("cannot write '%s': %s", path, strerror(errno));
  if (f)
    fclose(f);
  return err;
}

static gs_error *write_outputs(run_state *rs, const gs_host_plan *plan, const char *dir) {
  gs_error *err = NULL;
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    return gs_error_create("cannot create '%s': %s", dir, strerror(errno));
  for (size_t i = 0; i < plan->nglobals && !err; i++) {
    const gs_plan_global *g = &plan->globals[i];
    if (!g->output)
      continue;
    unsigned char *data = malloc(g->bytes ? g->bytes : 1);
    cl_int rc = clEnqueueReadBuffer(rs->q, rs->state, CL_TRUE, g->offset, g->bytes, data, 0,
                                    NULL, NULL);
    err = rc != CL_SUCCESS
              ? gs_error_create("reading '%s' back failed: %s", g->name, cl_error_name(rc))
              : write_bytes(dir, g->name, data, g->bytes);
    free(data);
  }
  if (err)
    return err;
  for (size_t b = 0; b < plan->noutputs; b++) {
    const gs_host_arg *p = &rs->args[plan->outputs[b]];
    if (p->form == GS_BOUND_LOCAL)
      continue;
    /* a buffer bound twice (same:) is written under each host-output name */
    unsigned char *data = malloc(p->bytes);
    CL_CHECK(clEnqueueReadBuffer(rs->q, rs->mem[plan->outputs[b]], CL_TRUE, 0, p->bytes, data, 0,
                                 NULL, NULL),
             "reading a buffer back");
    err = write_bytes(dir, p->name, data, p->bytes);
  done:
    free(data);
    if (err)
      return err;
  }
  return NULL;
}

static gs_error *set_args(run_state *rs, cl_kernel kern, const gs_host_plan *plan,
                          const cl_uint vgroups[3]) {
  int live_arg = plan->live_arg, control_arg = plan->control_arg;
  gs_error *err = NULL;
  for (size_t i = 0; i < rs->nparams; i++) {
    const gs_host_arg *p = &rs->args[i];
    if (p->form == GS_BOUND_SCALAR)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->scalar_size, p->scalar), "setting a scalar");
    else if (p->form == GS_BOUND_VALUE)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->bytes, p->data),
               "setting a struct passed by value");
    else if (p->form == GS_BOUND_LOCAL)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->bytes, NULL), "setting workgroup memory");
    else
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, sizeof(cl_mem), &rs->mem[i]), "setting a buffer");
  }
  if (live_arg >= 0)
    CL_CHECK(clSetKernelArg(kern, (cl_uint)live_arg, sizeof(cl_mem), &rs->state),
             "setting the live state");
  if (control_arg >= 0)
    CL_CHECK(clSetKernelArg(kern, (cl_uint)control_arg, sizeof(cl_mem), &rs->control),
             "setting the control word");
  for (cl_uint d = 0; plan->virtual_arg >= 0 && d < 3; d++)
    CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + d, sizeof(cl_uint), &vgroups[d]),
             "setting the virtual workgroup counts");
  /* first to last until set_order chooses for a launch, all of them until
   * launch_segment spreads them over devices */
  cl_uint forward = 0, all = vgroups[0] * vgroups[1] * vgroups[2];
  if (plan->virtual_arg >= 0) {
    CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + GS_VIRTUAL_ORDER, sizeof forward,
                            &forward),
             "setting the virtual workgroups' order");
    CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + GS_VIRTUAL_FIRST, sizeof forward,
                            &forward),
             "setting the virtual workgroups' range");
    CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + GS_VIRTUAL_END, sizeof all, &all),
             "setting the virtual workgroups' range");
  }
done:
  return err;
}

/* order.h's view of the plan: per segment, what it does to each bound
 * buffer (a same:OTHER argument counts as OTHER), and the buffers' sizes */
static void order_from_plan(gs_order *o, const gs_host_plan *plan, const run_state *rs) {
  gs_order_init(o, plan->nsegments, rs->nparams);
  for (size_t i = 0; i < rs->nparams; i++)
    o->bytes[i] = rs->args[i].bytes;
  for (size_t s = 0; s < plan->nsegments; s++)
    for (size_t j = 0; j < plan->segments[s].nuses; j++) {
      gs_plan_use u = plan->segments[s].uses[j];
      if (u.arg < 0 || (size_t)u.arg >= rs->nparams)
        continue;
      int a = rs->args[u.arg].form == GS_BOUND_SAME ? rs->args[u.arg].same_as : u.arg;
      gs_order_note(o, s, (size_t)a, u.access);
    }
}

/* Segment S's next launch runs its virtual workgroups in the order order.h
 * chooses. */
static gs_error *set_order(cl_kernel kern, const gs_host_plan *plan, gs_order *o, size_t s,
                           cl_uint replay, int verbose) {
  /* verbose: after the line that names the segment */
  gs_error *err = NULL;
  cl_uint order = gs_order_next(o, s);
  if (plan->virtual_arg < 0)
    return NULL;
  if (verbose && order)
    fprintf(stderr, "gridsplit run: %s segment %zu runs its virtual workgroups last to first\n",
            plan->kernel, s);
  order |= replay;
  CL_CHECK(
      clSetKernelArg(kern, (cl_uint)plan->virtual_arg + GS_VIRTUAL_ORDER, sizeof order, &order),
      "setting the virtual workgroups' order");
done:
  return err;
}

/* Every device's launches ended, and forgotten (devices.h's log) */
static gs_error *sync_devices(run_state *rs) {
  gs_error *err = NULL;
  for (size_t d = 0; d < rs->ndevices; d++)
    CL_CHECK(clFinish(rs->queues[d]), "running the segments");
  for (size_t d = 0; rs->ndevices > 1 && d < rs->ndevices; d++)
    for (size_t k = 0; k < rs->log.len[d]; k++)
      clReleaseEvent(rs->events[d * rs->log.cap + k]);
  if (rs->ndevices > 1)
    gs_device_log_clear(&rs->log);
done:
  return err;
}

/* Launches segment S (kernel KERN): on one device as the grid says
 * (LAUNCH, LOCAL); on several (--devices N), once a device, each launch
 * its range of the virtual workgroups on at most as many physical ones,
 * after the launches on other devices it conflicts with (devices.h). The
 * host's writes on device 0's queue are done (sync_devices) before a
 * launch of the run's first segment. WHAT names the launch in errors. */
static gs_error *launch_segment(run_state *rs, const gs_host_plan *plan, cl_kernel kern, size_t s,
                                cl_uint dims, const size_t *launch, const size_t *local,
                                const char *what) {
  gs_error *err = NULL;
  if (rs->ndevices <= 1) {
    CL_CHECK(clEnqueueNDRangeKernel(rs->q, kern, dims, NULL, launch, local, 0, NULL, NULL), what);
    return NULL;
  }
  size_t wait[GS_DEVICES_MAX][GS_DEVICES_MAX], nwait[GS_DEVICES_MAX];
  if (gs_device_log_group_waits(&rs->log, &rs->waits, s, wait, nwait)) {
    err = sync_devices(rs);
    if (err)
      goto done;
    gs_device_log_group_waits(&rs->log, &rs->waits, s, wait, nwait);
  }
  for (size_t d = 0; d < rs->ndevices; d++) {
    cl_event list[64], ev;
    for (size_t k = 0; k < nwait[d]; k++) {
      list[k] = rs->events[wait[d][k]];
      size_t e = wait[d][k] / rs->log.cap;
      if (rs->verbose)
        fprintf(stderr,
                "gridsplit run: device %zu's segment %zu waits for device %zu's segment %d\n", d, s,
                e, rs->log.seg[wait[d][k]]);
    }
    uint32_t first, end;
    gs_device_range(rs->vtotal, rs->ndevices, d, &first, &end);
    size_t groups = end - first < rs->physical ? end - first : rs->physical;
    size_t here[3] = {local[0] * (groups ? groups : 1), launch[1], launch[2]};
    CL_CHECK(
        clSetKernelArg(kern, (cl_uint)plan->virtual_arg + GS_VIRTUAL_FIRST, sizeof first, &first),
        "setting the virtual workgroups' range");
    CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + GS_VIRTUAL_END, sizeof end, &end),
             "setting the virtual workgroups' range");
    CL_CHECK(clEnqueueNDRangeKernel(rs->queues[d], kern, dims, NULL, here, local, (cl_uint)nwait[d],
                                    nwait[d] ? list : NULL, &ev),
             what);
    rs->events[d * rs->log.cap + rs->log.len[d]] = ev;
    gs_device_log_add(&rs->log, d, s);
  }
done:
  return err;
}

/* The device builds only the segments of the kernel that runs and what they
 * call: other kernels (a kept original among them), and the functions only
 * they call, may still call a grid barrier, which no device library
 * defines. Whatever nothing uses goes, until nothing more does. */
static void strip_other_kernels(LLVMModuleRef m, const gs_host_plan *plan) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (LLVMGetFirstUse(f))
        continue;
      size_t len;
      const char *name = LLVMGetValueName2(f, &len);
      int mine = 0;
      for (size_t s = 0; s < plan->nsegments && !mine; s++)
        mine = !strcmp(name, plan->segments[s].function);
      if (!mine) {
        LLVMDeleteFunction(f);
        changed = 1;
      }
    }
  }
}

/* POCL inlines every function into its kernel, which its work-group
 * methods need for the work-item functions (get_group_id and the rest) a
 * helper calls; a noinline on a call site stops it, and the helper is left
 * naming POCL's per-workgroup context (undefined symbol _group_id_x).
 * SPIRV-LLVM-Translator puts the helper's noinline on its call sites too. */
static void allow_inlining(LLVMModuleRef m) {
  static const char *const drop[] = {"noinline", "optnone"};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (size_t i = 0; i < 2; i++) {
      unsigned kind = LLVMGetEnumAttributeKindForName(drop[i], strlen(drop[i]));
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind);
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
          if (LLVMIsACallInst(in))
            LLVMRemoveCallSiteEnumAttribute(in, LLVMAttributeFunctionIndex, kind);
    }
}

/* A program-scope variable's element type for --check-ulp: "f32", "i32" */
static void global_element(LLVMModuleRef m, const char *name, char *out, size_t n) {
  LLVMValueRef g = LLVMGetNamedGlobal(m, name);
  LLVMTypeRef t = g ? LLVMGlobalGetValueType(g) : NULL;
  while (t && (LLVMGetTypeKind(t) == LLVMArrayTypeKind ||
               LLVMGetTypeKind(t) == LLVMVectorTypeKind))
    t = LLVMGetElementType(t);
  LLVMTypeKind k = t ? LLVMGetTypeKind(t) : LLVMVoidTypeKind;
  if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind)
    snprintf(out, n, "f%d", k == LLVMFloatTypeKind ? 32 : 64);
  else if (k == LLVMIntegerTypeKind)
    snprintf(out, n, "i%u", LLVMGetIntTypeWidth(t));
  else
    out[0] = 0;
}

/* --check: the host outputs the split's run wrote, against the reference */
static gs_error *check_outputs(const gs_run_request *req, const run_state *rs,
                               const gs_host_plan *plan, LLVMModuleRef m) {
  size_t n = 0;
  check_output *outs = calloc(plan->noutputs + plan->nglobals + 1, sizeof *outs);
  char(*elems)[32] = calloc(plan->nglobals + 1, sizeof *elems);
  for (size_t b = 0; b < plan->noutputs; b++) {
    const gs_host_arg *p = &rs->args[plan->outputs[b]];
    if (p->form == GS_BOUND_LOCAL)
      continue;
    outs[n].name = p->name;
    outs[n++].element = rs->elem_names[plan->outputs[b]];
  }
  for (size_t i = 0; i < plan->nglobals; i++) {
    const gs_plan_global *g = &plan->globals[i];
    if (!g->output)
      continue;
    global_element(m, g->name, elems[i], sizeof elems[i]);
    outs[n].name = g->name;
    outs[n++].element = elems[i];
  }
  gs_error *e = check_against_reference(req, plan->kernel, outs, n,
                                        req->out_dir ? req->out_dir : "gridsplit-run");
  free(outs);
  free(elems);
  return e;
}

/* Splits INPUT, or reads the split module and its plan file, and binds the
 * arguments. */
static gs_error *prepare(const gs_run_request *req, LLVMContextRef lctx, LLVMModuleRef *m,
                         gs_host_plan *plan, run_state *rs) {
  gs_error *err = gs_load_module(lctx, req->input, req->opt_level, m);
  if (err)
    return err;
  size_t ilen = strlen(req->input);
  if (ilen > 4 && !strcmp(req->input + ilen - 4, ".gsp")) {
    err = gs_program_parse_file(req->input, &rs->program);
    if (err)
      return err;
  }
  if (req->plan) {
    char why[2048];
    if (gs_host_plan_read(req->plan, req->kernel, plan, why, sizeof why))
      err = host_error(why);
  } else {
    gs_options *opts = gs_options_create();
    gs_analysis *a = NULL;
    size_t k = 0;
    gs_options_set_keep_original(opts, 0);
    gs_options_set_distinct_buffers(opts, req->distinct_buffers);
    /* a grid spread over devices runs ranges of virtual workgroups */
    gs_options_set_virtual_workgroups(opts, req->virtual_workgroups > 0 || req->devices > 1 ? 1
                                            : req->virtual_workgroups < 0                   ? 0
                                                                                            : -1);
    for (size_t i = 0; i < req->nbarriers && !err; i++)
      err = gs_options_add_barrier(opts, req->barriers[i]);
    if (!err && req->kernel)
      err = gs_options_set_kernel(opts, req->kernel);
    if (!err)
      err = gs_split_module(*m, opts, &a);
    if (!err)
      err = choose_kernel(a, req->kernel, &k);
    if (!err)
      err = plan_from_analysis(a, k, req->input, plan);
    if (!err)
      program_outputs(*m, plan);
    gs_analysis_dispose(a);
    gs_options_dispose(opts);
  }
  if (!err)
    err = plan_matches(plan, *m, &rs->nparams);
  if (!err)
    err = describe_args(rs, plan, LLVMGetNamedFunction(*m, plan->segments[0].function));
  if (!err)
    err = bind_args(rs, req, plan);
  return err;
}

/* The inputs: the host's bytes into the buffers bound to files, zeros into
 * those bound to zeros; before the run, and again before a replay */
static gs_error *write_inputs(run_state *rs) {
  gs_error *err = NULL;
  for (size_t i = 0; i < rs->nparams; i++) {
    const gs_host_arg *p = &rs->args[i];
    if (p->form == GS_BOUND_FILE)
      CL_CHECK(
          clEnqueueWriteBuffer(rs->q, rs->mem[i], CL_FALSE, 0, p->bytes, p->data, 0, NULL, NULL),
          "uploading a buffer");
    else if (p->form == GS_BOUND_ZEROS) {
      unsigned char zero = 0;
      CL_CHECK(clEnqueueFillBuffer(rs->q, rs->mem[i], &zero, 1, 0, p->bytes, 0, NULL, NULL),
               "clearing a buffer");
    }
  }
done:
  return err;
}

/* The live state's header: the sizes of carried workgroup arguments and the
 * program-scope variables' initial contents (docs/split.md) */
static gs_error *write_header(run_state *rs) {
  gs_error *err = NULL;
  if (rs->header_bytes)
    CL_CHECK(clEnqueueWriteBuffer(rs->q, rs->state, CL_TRUE, 0, rs->header_bytes, rs->header, 0,
                                  NULL, NULL),
             "writing the live state's header");
done:
  return err;
}

/* the segments a dynamic schedule ran, in order */
typedef struct {
  cl_int *seg;
  size_t len, cap;
} gs_path;

/* A dynamic schedule, stepped from the host through the control word
 * (gridsplit/control_word.h): {unset, no flags, the launch's number, the
 * segment that runs now} before each launch, read back after it. The
 * segments that ran go to PATH. */
static gs_error *run_dynamic(const gs_run_request *req, const gs_host_plan *plan, run_state *rs,
                             gs_order *orders, cl_uint dims, const size_t *launch,
                             const size_t *local, gs_path *path) {
  gs_error *err = NULL;
  const char *kname = plan->kernel;
  size_t nseg = plan->nsegments, s = 0;
  for (cl_int launches = 0;; launches++) {
    if (req->max_launches && (size_t)launches >= req->max_launches) {
      err = gs_error_create("kernel '%s': the schedule has not ended after %zu launches "
                            "(--max-launches %zu): segment %zu would run next",
                            kname, req->max_launches, req->max_launches, s);
      goto done;
    }
    cl_int word[GS_CONTROL_WORDS];
    word[GS_CONTROL_NEXT] = GS_CONTROL_UNSET;
    word[GS_CONTROL_FLAGS] = 0;
    word[GS_CONTROL_LAUNCH] = launches;
    word[GS_CONTROL_CURRENT] = (cl_int)s;
    if (req->verbose)
      fprintf(stderr, "gridsplit run: %s segment %zu\n", kname, s);
    CL_CHECK(
        clEnqueueWriteBuffer(rs->q, rs->control, CL_FALSE, 0, sizeof word, word, 0, NULL, NULL),
        "resetting the control word");
    err = set_order(rs->kernels[s], plan, orders, s, 0, req->verbose);
    if (!err && rs->ndevices > 1)
      err = sync_devices(rs);
    if (!err)
      err = launch_segment(rs, plan, rs->kernels[s], s, dims, launch, local, "launching a segment");
    if (err)
      goto done;
    if (path->len == path->cap) {
      path->cap = path->cap ? 2 * path->cap : 16;
      path->seg = realloc(path->seg, path->cap * sizeof *path->seg);
    }
    path->seg[path->len++] = (cl_int)s;
    /* launches the schedule has not reached, as a runner that queues
     * ahead makes them: the control word names segment s, so they return
     * at once and leave buffers and word as they are */
    for (size_t t = 0; !err && req->check_guards && t < nseg; t++)
      if (t != s)
        err = launch_segment(rs, plan, rs->kernels[t], t, dims, launch, local,
                             "launching a segment the schedule has not reached");
    if (!err && rs->ndevices > 1)
      err = sync_devices(rs);
    if (err)
      goto done;
    CL_CHECK(clEnqueueReadBuffer(rs->q, rs->control, CL_TRUE, 0, sizeof word, word, 0, NULL, NULL),
             "reading the control word");
    if (word[GS_CONTROL_FLAGS]) {
      err = gs_error_create("kernel '%s': divergent grid barrier at run time: after segment %zu "
                            "the invocations did not all reach the same barrier",
                            kname, s);
      goto done;
    }
    cl_int next = word[GS_CONTROL_NEXT];
    if (next == GS_CONTROL_UNSET)
      break;
    int ok = 0;
    for (size_t i = 0; i < plan->segments[s].nsuccessors; i++)
      ok |= plan->segments[s].successors[i] == next;
    if (!ok || next < 0 || (size_t)next >= nseg) {
      err = gs_error_create("the plan and the kernel do not match: segment %zu chose segment %d, "
                            "which is not one of its successors",
                            s, (int)next);
      goto done;
    }
    s = (size_t)next;
  }
done:
  return err;
}

/* Whether --replay can replay kernel PLAN: a dynamic schedule, virtual
 * workgroups (the order argument carries the replay), and a path that
 * follows from the arguments */
static gs_error *check_replay(const gs_run_request *req, const gs_host_plan *plan) {
  const char *why = req->replay ? gs_plan_replay_refusal(plan) : NULL;
  return why ? gs_error_create("--replay: kernel '%s' cannot be replayed: %s", plan->kernel, why)
             : NULL;
}

/* --replay: the inputs and the live state's header written again, and the
 * segments of PATH launched as the runner's replay (docs/split.md,
 * "Replaying a path"): no guard, no choice, no control word */
static gs_error *replay_path(const gs_run_request *req, const gs_host_plan *plan, run_state *rs,
                             gs_order *orders, cl_uint dims, const size_t *launch,
                             const size_t *local, const gs_path *path) {
  gs_error *err = sync_devices(rs);
  if (err)
    goto done;
  err = write_inputs(rs);
  if (!err)
    err = write_header(rs);
  if (!err && rs->ndevices > 1)
    err = sync_devices(rs);
  for (size_t l = 0; !err && l < path->len; l++) {
    size_t s = (size_t)path->seg[l];
    if (req->verbose)
      fprintf(stderr, "gridsplit run: %s segment %zu replayed\n", plan->kernel, s);
    err = set_order(rs->kernels[s], plan, orders, s, GS_ORDER_REPLAY | GS_ORDER_LAUNCH(l),
                    req->verbose);
    if (!err)
      err = launch_segment(rs, plan, rs->kernels[s], s, dims, launch, local, "replaying a segment");
  }
done:
  return err;
}

/* Builds the segments on POCL and runs the schedule: what runs in the
 * child process of gs_run. OPTIMIZE gives POCL the segments optimized
 * (pocl_optimize). The OpenCL objects are the process's, left to its exit. */
static gs_error *run_on_pocl(const gs_run_request *req, gs_host_plan *plan, run_state *rs,
                             gs_order *orders, LLVMModuleRef m, size_t dims, const size_t *global,
                             const size_t *local, size_t ninv, int optimize) {
  gs_error *err = NULL;
  cl_int rc;
  const char *kname = plan->kernel;
  size_t nseg = plan->nsegments;
  cl_platform_id platform;
  cl_device_id device;
  CL_CHECK(clGetPlatformIDs(1, &platform, NULL), "finding an OpenCL platform");
  CL_CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL),
           "finding an OpenCL device");
  rs->ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
  CL_CHECK(rc, "creating an OpenCL context");
  rs->ndevices = req->devices > 1 ? req->devices : 1;
  rs->verbose = req->verbose;
  rs->queues = calloc(rs->ndevices, sizeof *rs->queues);
  for (size_t d = 0; d < rs->ndevices; d++) {
    rs->queues[d] = clCreateCommandQueue(rs->ctx, device, 0, &rc);
    CL_CHECK(rc, "creating a command queue");
  }
  rs->q = rs->queues[0];
  strip_other_kernels(m, plan);
  allow_inlining(m);
  if (optimize) {
    err = pocl_optimize(m);
    if (err)
      goto done;
  }
  err = pocl_recompute_id_values(m);
  if (err)
    goto done;
  /* POCL links its own kernel library, whose functions carry no debug info */
  LLVMStripModuleDebugInfo(m);
  pocl_redirect_builtins(m);
  size_t joins;
  err = pocl_join_region_edges(m, &joins);
  if (err)
    goto done;
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
  size_t bc_size = LLVMGetBufferSize(bc);
  const unsigned char *bc_data = (const unsigned char *)LLVMGetBufferStart(bc);
  cl_int bin_status;
  rs->prog = clCreateProgramWithBinary(rs->ctx, 1, &device, &bc_size, &bc_data, &bin_status, &rc);
  LLVMDisposeMemoryBuffer(bc);
  CL_CHECK(rc, "loading the segments");
  rc = clBuildProgram(rs->prog, 1, &device, "-x spir -spir-std=1.2", NULL, NULL);
  if (rc != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(rs->prog, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    err = gs_error_create("the OpenCL device could not build the segments (%s):\n%s",
                          cl_error_name(rc), log);
    LLVMDisposeMemoryBuffer(bc);
    goto done;
  }
  for (size_t i = 0; i < rs->nparams; i++) {
    const gs_host_arg *p = &rs->args[i];
    if (p->form == GS_BOUND_FILE || p->form == GS_BOUND_ZEROS) {
      rs->mem[i] = clCreateBuffer(rs->ctx, CL_MEM_READ_WRITE, p->bytes, NULL, &rc);
      CL_CHECK(rc, "creating a buffer");
    }
  }
  err = write_inputs(rs);
  if (err)
    goto done;
  for (size_t i = 0; i < rs->nparams; i++)
    if (rs->args[i].form == GS_BOUND_SAME)
      rs->mem[i] = rs->mem[rs->args[i].same_as];
  if (plan->live_arg >= 0) {
    size_t ngroups = 1;
    for (size_t d = 0; d < dims; d++)
      ngroups *= global[d] / local[d];
    /* header: the sizes of carried workgroup arguments (docs/split.md) */
    size_t header = plan->header_bytes, per_group = plan->workgroup_bytes;
    uint64_t *sizes = calloc(header / 8 + 1, sizeof *sizes);
    for (size_t i = 0; i < plan->nworkgroup_args && i < header / 8; i++) {
      sizes[i] = rs->args[plan->workgroup_args[i].arg].bytes;
      per_group += (size_t)((sizes[i] + 15) / 16 * 16);
    }
    /* then the program-scope variables, with their initial contents */
    for (size_t i = 0; i < plan->nglobals; i++) {
      const gs_plan_global *g = &plan->globals[i];
      memcpy((unsigned char *)sizes + g->offset, g->init, g->bytes);
    }
    /* the workgroups' areas from a multiple of 16 (docs/split.md) */
    size_t bytes = (header + ninv * plan->live_bytes + 15) / 16 * 16 + ngroups * per_group;
    rs->state = clCreateBuffer(rs->ctx, CL_MEM_READ_WRITE, bytes ? bytes : 16, NULL, &rc);
    rs->header = sizes;
    rs->header_bytes = header;
    CL_CHECK(rc, "creating the live state");
    err = write_header(rs);
    if (err)
      goto done;
  }
  if (plan->control_arg >= 0) {
    rs->control = clCreateBuffer(rs->ctx, CL_MEM_READ_WRITE, GS_CONTROL_BYTES, NULL, &rc);
    CL_CHECK(rc, "creating the control word");
  }
  /* virtual workgroups: the segments take the grid's workgroup counts and
   * run on as many physical workgroups as the device holds (SPEC 4) */
  cl_uint vgroups[3] = {1, 1, 1};
  size_t launch[3] = {global[0], global[1], global[2]};
  if (plan->virtual_arg >= 0) {
    size_t total = 1;
    for (size_t d = 0; d < 3; d++) {
      vgroups[d] = (cl_uint)(global[d] / local[d]);
      total *= global[d] / local[d];
      launch[d] = local[d];
    }
    /* the segments count virtual workgroups in 32 bits (docs/split.md) */
    if (total > (size_t)1 << 31) {
      err = gs_error_create("the grid has %zu workgroups; with virtual workgroups at most 2^31",
                            total);
      goto done;
    }
    size_t phys = req->physical_groups;
    if (!phys) {
      cl_uint units = 1;
      CL_CHECK(clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL),
               "asking for the compute units");
      phys = 4 * (size_t)units;
    }
    launch[0] = local[0] * (phys < total ? phys : total);
    rs->vtotal = total;
    rs->physical = phys;
    if (req->verbose)
      fprintf(stderr, "gridsplit run: %zu virtual workgroups on %zu physical%s\n", total,
              launch[0] / local[0], rs->ndevices > 1 ? " a device" : "");
    for (size_t d = 0; req->verbose && rs->ndevices > 1 && d < rs->ndevices; d++) {
      uint32_t first, end;
      gs_device_range(total, rs->ndevices, d, &first, &end);
      fprintf(stderr, "gridsplit run: device %zu runs virtual workgroups %u to %u\n", d, first,
              end);
    }
  } else if (rs->ndevices > 1 && nseg == 1 && plan->live_arg < 0 && plan->control_arg < 0) {
    /* no grid barrier left (clang may drop one that no invocation reaches):
     * an ordinary kernel, launched whole on the first device */
    fprintf(stderr,
            "gridsplit run: kernel '%s' has no grid barrier to split at; it runs on device 0 "
            "alone\n",
            kname);
    rs->ndevices = 1;
  } else if (rs->ndevices > 1) {
    err = gs_error_create("--devices %zu: kernel '%s' was split without virtual workgroups, "
                          "which a grid spread over devices needs (split it with "
                          "--virtual-workgroups)",
                          rs->ndevices, kname);
    goto done;
  }
  if (rs->ndevices > 1) {
    /* a static schedule's launches, or a dynamic one's (it waits for every
     * device after each) */
    size_t cap = 2 * nseg + 2;
    gs_device_waits_init(&rs->waits, plan, rs->args, rs->nparams);
    gs_device_log_init(&rs->log, rs->ndevices, cap);
    rs->events = calloc(rs->ndevices * cap, sizeof *rs->events);
  }
  rs->nkernels = nseg;
  rs->kernels = calloc(nseg, sizeof *rs->kernels);
  for (size_t s = 0; s < nseg; s++) {
    rs->kernels[s] = clCreateKernel(rs->prog, plan->segments[s].function, &rc);
    CL_CHECK(rc, "creating a segment kernel");
    err = set_args(rs, rs->kernels[s], plan, vgroups);
    if (err)
      goto done;
  }
  order_from_plan(orders, plan, rs);
  /* the inputs written before any device's first launch */
  if (rs->ndevices > 1) {
    err = sync_devices(rs);
    if (err)
      goto done;
  }
  if (plan->control_arg < 0) {
    /* static: back to back, no read-back between segments */
    for (size_t s = 0; s < nseg; s++) {
      if (req->verbose)
        fprintf(stderr, "gridsplit run: %s segment %zu%s\n", kname, s,
                plan->segments[s].empty ? ": empty, not launched" : "");
      if (plan->segments[s].empty)
        continue;
      err = set_order(rs->kernels[s], plan, orders, s, 0, req->verbose);
      if (!err)
        err = launch_segment(rs, plan, rs->kernels[s], s, (cl_uint)dims, launch, local,
                             "launching a segment");
      if (err)
        goto done;
    }
  } else {
    gs_path path = {NULL, 0, 0};
    err = run_dynamic(req, plan, rs, orders, (cl_uint)dims, launch, local, &path);
    if (!err && req->replay)
      err = replay_path(req, plan, rs, orders, (cl_uint)dims, launch, local, &path);
    free(path.seg);
    if (err)
      goto done;
  }
  err = sync_devices(rs);
  if (err)
    goto done;
  err = write_outputs(rs, plan, req->out_dir ? req->out_dir : "gridsplit-run");
  if (!err && req->check)
    err = check_outputs(req, rs, plan, m);
done:
  return err;
}

/* run_on_pocl's arguments, for gs_run_in_child */
typedef struct {
  const gs_run_request *req;
  gs_host_plan *plan;
  run_state *rs;
  gs_order *orders;
  LLVMModuleRef m;
  size_t dims;
  const size_t *global, *local;
  size_t ninv;
  int optimize;
} pocl_job;

/* A test's way to stop a child as POCL does (lit Run_pocl_retry_crash):
 * GRIDSPLIT_TEST_POCL_SEGV=always stops every child with a segmentation
 * fault, =FILE the first one (which makes FILE) */
static void test_crash(void) {
  const char *when = getenv("GRIDSPLIT_TEST_POCL_SEGV");
  if (!when || !*when)
    return;
  if (strcmp(when, "always")) {
    FILE *f = fopen(when, "r");
    if (f) {
      fclose(f);
      return;
    }
    f = fopen(when, "w");
    if (f)
      fclose(f);
  }
  raise(SIGSEGV);
}

static gs_error *pocl_job_run(void *ctx) {
  pocl_job *j = ctx;
  test_crash();
  return run_on_pocl(j->req, j->plan, j->rs, j->orders, j->m, j->dims, j->global, j->local, j->ninv,
                     j->optimize);
}

/* gs_run's POCL part in a child process, so that POCL's assertions and
 * crashes (it compiles each segment as it is first launched) become an
 * error, not the tool's own crash. When POCL stops on the segments as
 * split, they run once more, optimized: POCL 3.1 aborted in
 * ParallelRegion::Verify on some -O0 segments with virtual workgroups that
 * it builds once optimized (campaign seed 3046, lit Run_pocl_retry_optimized).
 * Returns 0, or the signal that stopped the child; *ERR gets the child's
 * error. */
static int run_child(const gs_run_request *req, gs_host_plan *plan, run_state *rs, gs_order *orders,
                     LLVMModuleRef m, size_t dims, const size_t *global, const size_t *local,
                     size_t ninv, int optimize, gs_error **err) {
  pocl_job j = {req, plan, rs, orders, m, dims, global, local, ninv, optimize};
  return gs_run_in_child(pocl_job_run, &j, "the POCL run", err);
}

gs_error *gs_run(const gs_run_request *req) {
  if (req->devices > 1 && req->runtime == GS_RUNTIME_VULKAN)
    return gs_error_create("--devices %zu: the Vulkan runner runs a grid on one device; the "
                           "OpenCL runner and gs-cuda-run spread it over several",
                           req->devices);
  if (req->devices > 1 && req->virtual_workgroups < 0)
    return gs_error_create("--devices %zu: a grid spread over devices runs ranges of virtual "
                           "workgroups, which this request turns off",
                           req->devices);
  if (req->devices > GS_DEVICES_MAX)
    return gs_error_create("--devices %zu: at most %d devices", req->devices, GS_DEVICES_MAX);
  if (req->runtime == GS_RUNTIME_VULKAN)
    return gs_run_vulkan(req);
  if (GS_LLVM_MAJOR != 15)
    return gs_error_create("gridsplit run executes segments on POCL, which reads LLVM 15 bitcode; "
                           "this gridsplit is built with LLVM %d",
                           GS_LLVM_MAJOR);
  /* POCL 3.1's default work-group method (continuation-based barriers)
   * crashes on some segments with a workgroup barrier after divergent code;
   * its work-item loops do not. A user's own choice is kept. */
  setenv("POCL_WORK_GROUP_METHOD", "loops", 0);
  /* POCL 3.1's work-item loops, specialized for a workgroup size whose
   * first dimension is 1 (1,2 or 1,1,2), run the first work-item twice
   * through the code around a workgroup barrier under a condition: an
   * atomic counts twice, a private array's read-modify-write at a varying
   * index is applied twice (lit Run_pocl_peeled_workitem). Its generic
   * work-group function, for any size, does not. A user's own choice is
   * kept. */
  setenv("POCL_WORK_GROUP_SPECIALIZATION", "0", 0);
  run_state rs;
  memset(&rs, 0, sizeof rs);
  gs_host_plan plan;
  memset(&plan, 0, sizeof plan);
  gs_order orders;
  memset(&orders, 0, sizeof orders);
  LLVMContextRef lctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_error *err = req->check ? check_request(req) : NULL;
  if (!err)
    err = prepare(req, lctx, &m, &plan, &rs);
  if (err)
    goto done;
  size_t dims = 0, ninv = 1, global[3] = {1, 1, 1}, local[3] = {1, 1, 1};
  size_t wg[3] = {req->workgroup[0], req->workgroup[1], req->workgroup[2]};
  if (rs.program) {
    /* a program has one workgroup size (docs/programs.md): the kernel
     * requires it (reqd_work_group_size) */
    unsigned pw[3];
    gs_program_workgroup_size(rs.program, pw);
    int given_any = wg[0] != 0;
    for (int d = 0; d < 3 && !err; d++) {
      size_t given = given_any ? (wg[d] ? wg[d] : 1) : pw[d];
      if (given != pw[d])
        err = gs_error_create("program '%s' has workgroup size %u,%u,%u; --workgroup gives %zu in "
                              "dimension %d",
                              plan.kernel, pw[0], pw[1], pw[2], given, d);
      else if (pw[d] > 1 && !req->grid[d])
        err = gs_error_create("program '%s' has workgroup size %u,%u,%u: --grid needs dimension %d",
                              plan.kernel, pw[0], pw[1], pw[2], d);
      wg[d] = pw[d];
    }
    if (err)
      goto done;
  }
  for (size_t d = 0; d < 3 && req->grid[d]; d++) {
    dims = d + 1;
    global[d] = req->grid[d];
    local[d] = wg[d] ? wg[d] : 1;
    if (global[d] % local[d]) {
      err = gs_error_create("the grid (%zu) is not a multiple of the workgroup size (%zu) in "
                            "dimension %zu",
                            global[d], local[d], d);
      goto done;
    }
    ninv *= global[d];
  }
  if (!dims) {
    err = gs_error_create("no grid size given");
    goto done;
  }
  err = check_replay(req, &plan);
  if (err)
    goto done;
  int optimized = 0;
  int stopped = run_child(req, &plan, &rs, &orders, m, dims, global, local, ninv, 0, &err);
  if (stopped == SIGABRT) {
    optimized = 1;
    fprintf(stderr, "gridsplit run: POCL stopped (signal %d) on the segments as split; running "
                    "them again optimized\n",
            stopped);
    stopped = run_child(req, &plan, &rs, &orders, m, dims, global, local, ninv, 1, &err);
  }
  /* POCL 3.1 stopped with a segmentation fault twice in CI, where two e2e
   * runs shared the machine's two cores, and never in some 150 runs of the
   * same cases here (one under valgrind): running a grid over three command
   * queues (e2e-virtual-devices3, cell_list's release_cells at 64
   * invocations, on 791d286) and on one (e2e-virtual, mlp_forward at 256
   * invocations, on 0feeaf4). So once more, from the start: the retry reads
   * the same inputs and writes every output again, so it cannot mix two
   * runs' bytes; a fault that recurs is reported. */
  if (stopped == SIGSEGV) {
    fprintf(stderr,
            "gridsplit run: POCL stopped (signal %d) running kernel '%s''s segments; "
            "running them once more\n",
            stopped, plan.kernel);
    stopped = run_child(req, &plan, &rs, &orders, m, dims, global, local, ninv, optimized, &err);
  }
  if (stopped)
    err = gs_error_create("POCL stopped (signal %d: %s) while building or running kernel '%s''s "
                          "segments (its message, if any, is above)",
                          stopped, strsignal(stopped), plan.kernel);
done:
  /* the OpenCL objects were the child's (run_child) */
  if (rs.args)
    gs_bind_free(rs.args, rs.nparams);
  free(rs.args);
  free(rs.elem_names);
  free(rs.mem);
  gs_host_plan_free(&plan);
  gs_order_free(&orders);
  gs_program_dispose(rs.program);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(lctx);
  return err;
}
