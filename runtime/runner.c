/* The host runner of SPEC section 5 on the OpenCL API (POCL on a CPU here):
 * split, load the segments as SPIR bitcode, keep every buffer on the device,
 * launch a static schedule back to back and follow the control word of a
 * dynamic one, and stop with an error when invocations disagree. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include "gridsplit/run.h"

#include <CL/cl.h>
#include <errno.h>
#include <gridsplit/gridsplit.h>
#include <gridsplit/program.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "selfcheck.h"
#include "gs.h"
#include "json.h"
#include "order.h"
#include "pocl_builtins.h"

typedef enum {
  ARG_UNSET,
  ARG_FILE,
  ARG_ZEROS,
  ARG_LOCAL,
  ARG_SAME,
  ARG_SCALAR,
  ARG_VALUE /* a struct passed by value: its bytes, no buffer */
} arg_kind;

typedef struct {
  const char *name;
  LLVMTypeRef type;
  int is_pointer, is_local;
  unsigned value_bytes;   /* a struct passed by value (the plan's "values"): its size */
  const char *value_what; /* "struct", "array" or "vector" */
  unsigned elem_size; /* from kernel_arg_base_type, 0 when unknown */
  char elem_name[64];
  arg_kind kind;
  const char *spec; /* the text after '=' */
  size_t bytes;
  unsigned char *data; /* file contents */
  unsigned char scalar[8];
  size_t scalar_size;
  int same_as; /* ARG_SAME: the parameter whose buffer this is */
  cl_mem mem;
} param;

typedef struct {
  size_t nparams;
  param *params;
  cl_context ctx;
  cl_command_queue q;
  cl_program prog;
  cl_kernel *kernels;
  size_t nkernels;
  cl_mem state, control;
  gs_program *program; /* a .gsp input: its buffers bind as docs/programs.md says */
} run_state;

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
        rs->params[k].elem_size =
            opencl_type_size(s, rs->params[k].elem_name, sizeof rs->params[k].elem_name);
    }
    free(ops);
  }
  if (e)
    LLVMDisposeValueMetadataEntries(e);
}

static int parse_size(const char *s, size_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || end == s || *end || s[0] == '-')
    return 0;
  *out = (size_t)v;
  return 1;
}

static gs_error *parse_scalar(param *p, const char *kernel) {
  LLVMTypeKind k = LLVMGetTypeKind(p->type);
  char *end;
  errno = 0;
  if (k == LLVMIntegerTypeKind) {
    unsigned bits = LLVMGetIntTypeWidth(p->type);
    long long v = strtoll(p->spec, &end, 0);
    unsigned long long uv = (unsigned long long)v;
    if (errno == ERANGE && p->spec[0] != '-') {
      errno = 0;
      uv = strtoull(p->spec, &end, 0);
    }
    if (errno || end == p->spec || *end)
      return gs_errorf("kernel '%s': argument '%s' is a %u-bit integer, not '%s'", kernel,
                       p->name, bits, p->spec);
    if (bits < 64) {
      long long lo = -(1LL << (bits - 1));
      unsigned long long hi = (1ULL << bits) - 1;
      if ((p->spec[0] == '-' && v < lo) || (p->spec[0] != '-' && uv > hi))
        return gs_errorf("kernel '%s': argument '%s' = %s does not fit in %u bits", kernel,
                         p->name, p->spec, bits);
    }
    p->scalar_size = bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
    memcpy(p->scalar, &uv, p->scalar_size); /* little-endian host and device */
    return NULL;
  }
  if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind) {
    double d = strtod(p->spec, &end);
    if (errno || end == p->spec || *end)
      return gs_errorf("kernel '%s': argument '%s' is a floating-point number, not '%s'",
                       kernel, p->name, p->spec);
    if (k == LLVMFloatTypeKind) {
      float f = (float)d;
      memcpy(p->scalar, &f, 4);
      p->scalar_size = 4;
    } else {
      memcpy(p->scalar, &d, 8);
      p->scalar_size = 8;
    }
    return NULL;
  }
  return gs_errorf("kernel '%s': argument '%s' has a type gridsplit run cannot pass", kernel,
                   p->name);
}

/* The program buffer an argument passes, or NULL. */
static const gs_buffer *program_buffer(const run_state *rs, const param *p) {
  if (!rs->program)
    return NULL;
  int b = gs_program_find_buffer(rs->program, p->name);
  return b < 0 ? NULL : gs_program_buffer(rs->program, (size_t)b);
}

/* A program's scalars are read-only buffers of one element
 * (docs/programs.md): NAME=VALUE gives such a buffer that value. */
static gs_error *program_scalar(param *p, const gs_buffer *b, LLVMContextRef lctx,
                                const char *kernel) {
  param tmp = *p;
  switch (b->elem) {
  case GS_TYPE_I64:
  case GS_TYPE_U64: tmp.type = LLVMInt64TypeInContext(lctx); break;
  case GS_TYPE_F32: tmp.type = LLVMFloatTypeInContext(lctx); break;
  case GS_TYPE_F64: tmp.type = LLVMDoubleTypeInContext(lctx); break;
  default: tmp.type = LLVMInt32TypeInContext(lctx); break;
  }
  gs_error *e = parse_scalar(&tmp, kernel);
  if (e)
    return e;
  p->data = gs_xmalloc(tmp.scalar_size);
  memcpy(p->data, tmp.scalar, tmp.scalar_size);
  p->bytes = tmp.scalar_size;
  p->kind = ARG_FILE;
  return NULL;
}

/* The `<b>_len` argument of a program's run-time sized buffer b that the
 * user did not give: b's element count, from the bytes bound to it. */
static gs_error *program_lengths(run_state *rs, const char *kernel) {
  for (size_t k = 0; k < rs->nparams; k++) {
    param *p = &rs->params[k];
    const gs_buffer *b = program_buffer(rs, p);
    if (!b || b->count || p->kind == ARG_UNSET)
      continue;
    char name[256];
    snprintf(name, sizeof name, "%s_len", b->name);
    for (size_t j = 0; j < rs->nparams; j++) {
      param *len = &rs->params[j];
      if (strcmp(len->name, name) || len->is_pointer || len->kind != ARG_UNSET)
        continue;
      size_t count = p->bytes / gs_type_size(b->elem);
      if (count > 0xffffffffu)
        return gs_errorf("kernel '%s': buffer '%s' has %zu elements, more than len() can count",
                         kernel, b->name, count);
      uint32_t v = (uint32_t)count;
      memcpy(len->scalar, &v, 4);
      len->scalar_size = 4;
      len->kind = ARG_SCALAR;
    }
  }
  /* a buffer with a count holds exactly that many elements, as the
   * interpreter asks (include/gridsplit/interp.h) */
  for (size_t k = 0; k < rs->nparams; k++) {
    param *p = &rs->params[k];
    const gs_buffer *b = program_buffer(rs, p);
    if (b && b->count && p->kind != ARG_UNSET &&
        p->bytes != (size_t)b->count * gs_type_size(b->elem))
      return gs_errorf("kernel '%s': buffer '%s' is %s[%u] (%zu bytes), but %zu bytes were given",
                       kernel, b->name, gs_type_name(b->elem), (unsigned)b->count,
                       (size_t)b->count * gs_type_size(b->elem), p->bytes);
  }
  return NULL;
}

static gs_error *bind_args(run_state *rs, const gs_run_request *req, const char *kernel,
                           LLVMContextRef lctx) {
  for (size_t i = 0; i < req->nargs; i++) {
    const char *a = req->args[i];
    const char *eq = strchr(a, '=');
    if (!eq || eq == a)
      return gs_errorf("argument '%s': expected NAME=@FILE, NAME=zeros:BYTES, "
                       "NAME=local:BYTES, NAME=same:OTHER or NAME=VALUE",
                       a);
    param *p = NULL;
    for (size_t k = 0; k < rs->nparams && !p; k++)
      if (strlen(rs->params[k].name) == (size_t)(eq - a) &&
          !strncmp(rs->params[k].name, a, (size_t)(eq - a)))
        p = &rs->params[k];
    if (!p) {
      char names[1024] = "";
      for (size_t k = 0; k < rs->nparams; k++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "",
                 rs->params[k].name);
      return gs_errorf("kernel '%s' has no argument '%.*s' (its arguments: %s)", kernel,
                       (int)(eq - a), a, names);
    }
    if (p->kind != ARG_UNSET)
      return gs_errorf("argument '%s' is given twice", p->name);
    p->spec = eq + 1;
    const char *v = p->spec;
    if (p->value_bytes) {
      /* a struct passed by value (SPEC 4, "values"): the file's bytes, laid
       * out as the kernel's data layout says, padding included */
      if (v[0] != '@')
        return gs_errorf("kernel '%s': argument '%s' is a %s passed by value (%u bytes): "
                         "give its bytes as %s=@FILE",
                         kernel, p->name, p->value_what, p->value_bytes, p->name);
      gs_error *e = gs_read_file(v + 1, (char **)&p->data, &p->bytes);
      if (e)
        return e;
      if (p->bytes != p->value_bytes)
        return gs_errorf("kernel '%s': argument '%s' is a %s of %u bytes, but '%s' holds "
                         "%zu bytes",
                         kernel, p->name, p->value_what, p->value_bytes, v + 1, p->bytes);
      p->kind = ARG_VALUE;
      continue;
    }
    if (!p->is_pointer) {
      if (v[0] == '@' || !strncmp(v, "zeros:", 6) || !strncmp(v, "local:", 6) ||
          !strncmp(v, "same:", 5))
        return gs_errorf("kernel '%s': argument '%s' is a scalar, not a buffer ('%s')", kernel,
                         p->name, a);
      p->kind = ARG_SCALAR;
      gs_error *e = parse_scalar(p, kernel);
      if (e)
        return e;
      continue;
    }
    if (p->is_local) {
      if (strncmp(v, "local:", 6) || !parse_size(v + 6, &p->bytes) || !p->bytes)
        return gs_errorf("kernel '%s': argument '%s' is workgroup memory: give its size as "
                         "%s=local:BYTES",
                         kernel, p->name, p->name);
      p->kind = ARG_LOCAL;
      continue;
    }
    const gs_buffer *pb = program_buffer(rs, p);
    if (pb && pb->count == 1 &&
        (pb->access == GS_ACCESS_READ || pb->access == GS_ACCESS_UNIFORM) && v[0] != '@' &&
        strncmp(v, "zeros:", 6) && strncmp(v, "same:", 5)) {
      gs_error *e = program_scalar(p, pb, lctx, kernel);
      if (e)
        return e;
    } else if (v[0] == '@') {
      gs_error *e = gs_read_file(v + 1, (char **)&p->data, &p->bytes);
      if (e)
        return e;
      p->kind = ARG_FILE;
    } else if (!strncmp(v, "zeros:", 6)) {
      if (!parse_size(v + 6, &p->bytes))
        return gs_errorf("argument '%s': '%s' is not a byte count", p->name, v + 6);
      p->kind = ARG_ZEROS;
    } else if (!strncmp(v, "same:", 5)) {
      p->kind = ARG_SAME;
    } else {
      return gs_errorf("kernel '%s': argument '%s' is a buffer: give it as %s=@FILE, "
                       "%s=zeros:BYTES or %s=same:OTHER",
                       kernel, p->name, p->name, p->name, p->name);
    }
    if (p->kind != ARG_SAME && !p->bytes)
      return gs_errorf("kernel '%s': buffer '%s' is empty", kernel, p->name);
    if (p->kind != ARG_SAME && p->elem_size && p->bytes % p->elem_size)
      return gs_errorf("kernel '%s': buffer '%s' has %zu bytes, not a whole number of '%s' "
                       "elements (%u bytes each)",
                       kernel, p->name, p->bytes, p->elem_name, p->elem_size);
  }
  for (size_t k = 0; k < rs->nparams; k++) {
    param *p = &rs->params[k];
    if (p->kind == ARG_SAME) {
      for (size_t j = 0; j < rs->nparams; j++)
        if (!strcmp(rs->params[j].name, p->spec + 5) && j != k)
          p->bytes = rs->params[j].bytes;
    }
  }
  gs_error *le = program_lengths(rs, kernel);
  if (le)
    return le;
  for (size_t k = 0; k < rs->nparams; k++) {
    param *p = &rs->params[k];
    if (p->kind == ARG_UNSET)
      return gs_errorf("kernel '%s': argument '%s' is not given", kernel, p->name);
    if (p->kind == ARG_SAME) {
      p->same_as = -1;
      for (size_t j = 0; j < rs->nparams; j++)
        if (!strcmp(rs->params[j].name, p->spec + 5) && j != k &&
            (rs->params[j].kind == ARG_FILE || rs->params[j].kind == ARG_ZEROS))
          p->same_as = (int)j;
      if (p->same_as < 0)
        return gs_errorf("argument '%s': same:%s names no other buffer argument", p->name,
                         p->spec + 5);
      p->bytes = rs->params[p->same_as].bytes;
    }
  }
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
      err = gs_errorf("%s failed: %s (%d)", what, cl_error_name(cl_rc_), (int)cl_rc_);            \
      goto done;                                                                                   \
    }                                                                                              \
  } while (0)

/* What the runner needs of a plan, from the split or from a plan file. */
typedef struct {
  char *kernel;
  size_t nsegments;
  char **functions; /* per segment */
  unsigned char *empty; /* per segment: no effect, not launched in a static schedule */
  gs_vec *successors; /* per segment: int, -1 for the end */
  gs_vec *uses;       /* per segment: buffer_use, what it does to argument buffers */
  int live_arg, control_arg, virtual_arg;
  unsigned live_bytes, workgroup_bytes, header_bytes;
  gs_vec workgroup_args; /* int */
  gs_vec outputs;        /* int: arguments of host-output buffers */
  gs_vec globals;        /* plan_global: program-scope variables in the header */
  gs_vec values;         /* plan_value: structs passed by value */
  int distinct;
} run_plan;

typedef struct {
  int arg;
  unsigned bytes;
} plan_value;

typedef struct {
  char *name;
  unsigned offset, bytes;
  unsigned char *init;
  int output;
} plan_global;

typedef struct {
  int arg;
  unsigned char access; /* GS_ORDER_TOUCHES or GS_ORDER_READS (order.h) */
} buffer_use;

static void plan_init(run_plan *p) {
  memset(p, 0, sizeof *p);
  p->live_arg = p->control_arg = p->virtual_arg = -1;
  vec_init(&p->workgroup_args, sizeof(int));
  vec_init(&p->outputs, sizeof(int));
  vec_init(&p->globals, sizeof(plan_global));
  vec_init(&p->values, sizeof(plan_value));
}

static void plan_free(run_plan *p) {
  for (size_t s = 0; s < p->nsegments; s++) {
    free(p->functions[s]);
    vec_free(&p->successors[s]);
    vec_free(&p->uses[s]);
  }
  free(p->functions);
  free(p->uses);
  free(p->empty);
  free(p->successors);
  free(p->kernel);
  vec_free(&p->workgroup_args);
  vec_free(&p->outputs);
  for (size_t i = 0; i < p->globals.len; i++) {
    free(VEC_AT(&p->globals, plan_global, i).name);
    free(VEC_AT(&p->globals, plan_global, i).init);
  }
  vec_free(&p->globals);
  vec_free(&p->values);
}

static void mark_global_output(run_plan *p, const char *name) {
  for (size_t i = 0; i < p->globals.len; i++)
    if (!strcmp(VEC_AT(&p->globals, plan_global, i).name, name))
      VEC_AT(&p->globals, plan_global, i).output = 1;
}

static void plan_segments(run_plan *p, size_t n) {
  p->nsegments = n;
  p->functions = gs_xcalloc(n ? n : 1, sizeof *p->functions);
  p->successors = gs_xcalloc(n ? n : 1, sizeof *p->successors);
  p->empty = gs_xcalloc(n ? n : 1, 1);
  p->uses = gs_xcalloc(n ? n : 1, sizeof *p->uses);
  for (size_t s = 0; s < n; s++) {
    vec_init(&p->successors[s], sizeof(int));
    vec_init(&p->uses[s], sizeof(buffer_use));
  }
}

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
    return gs_errorf("no kernel named '%s'", want);
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
  return gs_errorf("the module has several kernels (%s): choose one with --kernel", names);
}

static void plan_from_analysis(const gs_analysis *a, size_t k, run_plan *p) {
  p->kernel = gs_strdup(gs_kernel_name(a, k));
  unsigned barriers = gs_kernel_barrier_count(a, k);
  plan_segments(p, gs_kernel_segment_count(a, k));
  for (size_t s = 0; s < p->nsegments; s++) {
    p->functions[s] = segment_function_name(p->kernel, barriers, s);
    p->empty[s] = (unsigned char)gs_segment_is_empty(a, k, s);
    for (size_t i = 0; i < gs_segment_successor_count(a, k, s); i++)
      VEC_PUSH(&p->successors[s], int, gs_segment_successor(a, k, s, i));
  }
  p->live_arg = gs_kernel_live_state_arg(a, k);
  p->virtual_arg = gs_kernel_virtual_groups_arg(a, k);
  p->control_arg = gs_kernel_control_arg(a, k);
  p->live_bytes = gs_kernel_live_bytes(a, k);
  p->workgroup_bytes = gs_kernel_workgroup_bytes(a, k);
  p->header_bytes = gs_kernel_live_header_bytes(a, k);
  for (size_t i = 0; i < gs_kernel_workgroup_arg_count(a, k); i++)
    VEC_PUSH(&p->workgroup_args, int, gs_kernel_workgroup_arg(a, k, i));
  for (size_t i = 0; i < gs_kernel_carried_global_count(a, k); i++) {
    plan_global g;
    const unsigned char *init;
    g.name = gs_strdup(gs_kernel_carried_global(a, k, i, &g.offset, &g.bytes, &init));
    g.init = gs_xmalloc(g.bytes ? g.bytes : 1);
    if (g.bytes)
      memcpy(g.init, init, g.bytes);
    g.output = 0;
    VEC_PUSH(&p->globals, plan_global, g);
  }
  for (size_t i = 0; i < gs_kernel_value_count(a, k); i++) {
    gs_value_info vi = gs_kernel_value(a, k, i);
    VEC_PUSH(&p->values, plan_value, ((plan_value){vi.arg, vi.bytes}));
  }
  for (size_t b = 0; b < gs_kernel_buffer_count(a, k); b++) {
    gs_buffer_info bi = gs_kernel_buffer(a, k, b);
    if (bi.arg >= 0 && bi.host_output)
      VEC_PUSH(&p->outputs, int, bi.arg);
    else if (bi.host_output)
      mark_global_output(p, bi.name);
    for (size_t s = 0; bi.arg >= 0 && s < p->nsegments; s++) {
      buffer_use u = {bi.arg,
                      gs_order_access(gs_role_name(gs_segment_buffer_access(a, k, s, b).role))};
      if (u.access != GS_ORDER_NONE)
        VEC_PUSH(&p->uses[s], buffer_use, u);
    }
  }
}

/* A program's `output` buffers (the lowering's gridsplit.outputs, copied to
 * every segment) are written back even where no segment writes them: the
 * host asked for them, and they then hold what was given. */
static void program_outputs(LLVMModuleRef m, run_plan *p) {
  LLVMValueRef f = p->nsegments ? LLVMGetNamedFunction(m, p->functions[0]) : NULL;
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
  LLVMValueRef *ops = gs_xcalloc(n + 1, sizeof *ops);
  if (md)
    LLVMGetMDNodeOperands(md, ops);
  for (unsigned i = 0; i < n; i++) {
    if (!ops[i] || !LLVMIsAConstantInt(ops[i]))
      continue;
    int arg = (int)LLVMConstIntGetZExtValue(ops[i]), seen = 0;
    for (size_t j = 0; j < p->outputs.len; j++)
      seen |= VEC_AT(&p->outputs, int, j) == arg;
    if (!seen)
      VEC_PUSH(&p->outputs, int, arg);
  }
  free(ops);
}

/* A non-negative integer member, or -1 when absent or null. */
static int json_int(const json_value *o, const char *key) {
  const json_value *v = json_get(o, key);
  if (!v || v->kind != JSON_NUMBER || v->number < 0 || v->number > 1e9)
    return -1;
  return (int)v->number;
}

/* Reads the plan of SPEC section 4 (and docs/formats.md) from PATH. */
static gs_error *plan_from_file(const char *path, const char *want, run_plan *p) {
  char *text = NULL;
  size_t size = 0;
  gs_error *err = gs_read_file(path, &text, &size);
  if (err)
    return err;
  char why[256];
  json_value *root = json_parse(text, why, sizeof why);
  free(text);
  if (!root)
    return gs_errorf("%s: not a valid plan: %s", path, why);
  const json_value *fmt = json_get(root, "format"), *ver = json_get(root, "version");
  const json_value *kernels = json_get(root, "kernels");
  if (!fmt || fmt->kind != JSON_STRING || strcmp(fmt->string, "gridsplit-plan") || !ver ||
      ver->kind != JSON_NUMBER || ver->number != 1 || !kernels || kernels->kind != JSON_ARRAY) {
    json_free(root);
    return gs_errorf("%s: not a gridsplit plan of version 1", path);
  }
  const json_value *kern = NULL;
  for (size_t i = 0; i < kernels->count; i++) {
    const json_value *name = json_get(&kernels->items[i], "name");
    if (!name || name->kind != JSON_STRING)
      continue;
    if (want ? !strcmp(name->string, want) : kernels->count == 1)
      kern = &kernels->items[i];
  }
  if (!kern) {
    json_free(root);
    return want ? gs_errorf("%s: the plan has no kernel named '%s'", path, want)
                : gs_errorf("%s: the plan has several kernels: choose one with --kernel", path);
  }
  p->kernel = gs_strdup(json_get(kern, "name")->string);
  const json_value *segs = json_get(kern, "segments");
  if (!segs || segs->kind != JSON_ARRAY || !segs->count) {
    json_free(root);
    return gs_errorf("%s: kernel '%s' has no segments", path, p->kernel);
  }
  plan_segments(p, segs->count);
  for (size_t s = 0; s < segs->count && !err; s++) {
    const json_value *fn = json_get(&segs->items[s], "function");
    const json_value *succ = json_get(&segs->items[s], "successors");
    if (!fn || fn->kind != JSON_STRING || !succ || succ->kind != JSON_ARRAY) {
      err = gs_errorf("%s: segment %zu of '%s' lacks its function or successors", path, s,
                      p->kernel);
      break;
    }
    p->functions[s] = gs_strdup(fn->string);
    const json_value *empty = json_get(&segs->items[s], "empty");
    p->empty[s] = empty && empty->kind == JSON_BOOL && empty->number;
    for (size_t i = 0; i < succ->count; i++) {
      const json_value *t = &succ->items[i];
      if (t->kind != JSON_NUMBER || t->number < -1 || t->number >= (double)segs->count) {
        err = gs_errorf("%s: segment %zu of '%s' has a successor that is no segment", path, s,
                        p->kernel);
        break;
      }
      VEC_PUSH(&p->successors[s], int, (int)t->number);
    }
  }
  const json_value *live = json_get(kern, "live_state");
  if (live && live->kind == JSON_OBJECT) {
    p->live_arg = json_int(live, "arg");
    p->live_bytes = (unsigned)(json_int(live, "bytes_per_invocation") > 0
                                   ? json_int(live, "bytes_per_invocation") : 0);
    p->workgroup_bytes =
        (unsigned)(json_int(live, "workgroup_bytes") > 0 ? json_int(live, "workgroup_bytes") : 0);
    p->header_bytes =
        (unsigned)(json_int(live, "header_bytes") > 0 ? json_int(live, "header_bytes") : 0);
    const json_value *wa = json_get(live, "workgroup_args");
    for (size_t i = 0; wa && wa->kind == JSON_ARRAY && i < wa->count; i++)
      VEC_PUSH(&p->workgroup_args, int, json_int(&wa->items[i], "arg"));
    const json_value *gl = json_get(live, "globals");
    for (size_t i = 0; gl && gl->kind == JSON_ARRAY && i < gl->count && !err; i++) {
      const json_value *name = json_get(&gl->items[i], "name");
      const json_value *init = json_get(&gl->items[i], "init");
      int off = json_int(&gl->items[i], "offset"), bytes = json_int(&gl->items[i], "bytes");
      if (!name || name->kind != JSON_STRING || !init || init->kind != JSON_STRING || off < 0 ||
          bytes < 0 || strlen(init->string) != 2 * (size_t)bytes ||
          (unsigned)(off + bytes) > p->header_bytes) {
        err = gs_errorf("%s: kernel '%s': a carried global lacks its name, offset, bytes or "
                        "init, or lies outside the header",
                        path, p->kernel);
        break;
      }
      plan_global g = {gs_strdup(name->string), (unsigned)off, (unsigned)bytes,
                       gs_xcalloc((size_t)bytes + 1, 1), 0};
      for (int j = 0; j < bytes; j++) {
        unsigned v = 0;
        sscanf(init->string + 2 * j, "%2x", &v);
        g.init[j] = (unsigned char)v;
      }
      VEC_PUSH(&p->globals, plan_global, g);
    }
    if (p->live_arg < 0 && !err)
      err = gs_errorf("%s: kernel '%s': live_state has no argument index", path, p->kernel);
  }
  p->control_arg = json_int(json_get(kern, "control"), "arg");
  p->virtual_arg = json_int(json_get(kern, "virtual_groups"), "arg");
  if (p->virtual_arg >= 0 && !err &&
      json_int(json_get(kern, "virtual_groups"), "order_arg") != p->virtual_arg + 3)
    err = gs_errorf("%s: kernel '%s': virtual_groups has no order_arg after its three counts",
                    path, p->kernel);
  const json_value *vals = json_get(kern, "values");
  for (size_t i = 0; vals && vals->kind == JSON_ARRAY && i < vals->count && !err; i++) {
    int arg = json_int(&vals->items[i], "arg"), bytes = json_int(&vals->items[i], "bytes");
    if (arg < 0 || bytes <= 0)
      err = gs_errorf("%s: kernel '%s': a value lacks its argument index or size", path, p->kernel);
    else
      VEC_PUSH(&p->values, plan_value, ((plan_value){arg, (unsigned)bytes}));
  }
  const json_value *distinct = json_get(kern, "distinct_buffers");
  p->distinct = distinct && distinct->kind == JSON_BOOL && distinct->number;
  const json_value *bufs = json_get(kern, "buffers");
  for (size_t b = 0; bufs && bufs->kind == JSON_ARRAY && b < bufs->count; b++) {
    const json_value *out = json_get(&bufs->items[b], "host_output");
    const json_value *name = json_get(&bufs->items[b], "name");
    int arg = json_int(&bufs->items[b], "arg");
    int is_out = out && out->kind == JSON_BOOL && out->number;
    if (arg >= 0 && is_out)
      VEC_PUSH(&p->outputs, int, arg);
    else if (is_out && name && name->kind == JSON_STRING)
      mark_global_output(p, name->string);
    /* what each segment does to the argument buffer, for order.h */
    for (size_t s = 0; arg >= 0 && name && name->kind == JSON_STRING && s < p->nsegments; s++) {
      const json_value *used = json_get(&segs->items[s], "buffers");
      for (size_t j = 0; used && used->kind == JSON_ARRAY && j < used->count; j++) {
        const json_value *un = json_get(&used->items[j], "name");
        const json_value *role = json_get(&used->items[j], "role");
        buffer_use u = {arg, gs_order_access(role && role->kind == JSON_STRING ? role->string
                                                                              : NULL)};
        if (un && un->kind == JSON_STRING && !strcmp(un->string, name->string) &&
            u.access != GS_ORDER_NONE)
          VEC_PUSH(&p->uses[s], buffer_use, u);
      }
    }
  }
  json_free(root);
  return err;
}

/* The plan must describe this module: every segment a kernel with the
 * kernel's arguments, then the live state, then the control word. */
static gs_error *plan_matches(const run_plan *p, LLVMModuleRef m, size_t *nparams) {
  int nargs = -1;
  for (size_t s = 0; s < p->nsegments; s++) {
    LLVMValueRef f = LLVMGetNamedFunction(m, p->functions[s]);
    if (!f || !LLVMCountBasicBlocks(f))
      return gs_errorf("the plan and the module do not match: the module has no kernel '%s'",
                       p->functions[s]);
    int n = (int)LLVMCountParams(f);
    if (nargs >= 0 && n != nargs)
      return gs_errorf("the plan and the module do not match: '%s' takes %d arguments, '%s' %d",
                       p->functions[0], nargs, p->functions[s], n);
    nargs = n;
  }
  int extra = (p->live_arg >= 0) + (p->control_arg >= 0) + 4 * (p->virtual_arg >= 0);
  int orig = nargs - extra;
  if (orig < 0 || (p->live_arg >= 0 && p->live_arg != orig) ||
      (p->control_arg >= 0 && p->control_arg != orig + (p->live_arg >= 0)) ||
      (p->virtual_arg >= 0 &&
       p->virtual_arg != orig + (p->live_arg >= 0) + (p->control_arg >= 0)))
    return gs_errorf("the plan and the module do not match: '%s' takes %d arguments, which "
                     "cannot end with the plan's live state (argument %d), control word "
                     "(argument %d) and virtual workgroup counts and order (argument %d)",
                     p->functions[0], nargs, p->live_arg, p->control_arg, p->virtual_arg);
  LLVMValueRef f = LLVMGetNamedFunction(m, p->functions[0]);
  int special[2] = {p->live_arg, p->control_arg};
  for (int i = 0; i < 2; i++) {
    if (special[i] < 0)
      continue;
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetParam(f, (unsigned)special[i]));
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind || LLVMGetPointerAddressSpace(ty) != 1)
      return gs_errorf("the plan and the module do not match: argument %d of '%s' is not a "
                       "global pointer, so it cannot be the %s",
                       special[i], p->functions[0], i ? "control word" : "live state");
  }
  for (size_t i = 0; i < p->outputs.len + p->workgroup_args.len; i++) {
    int a = i < p->outputs.len ? VEC_AT(&p->outputs, int, i)
                               : VEC_AT(&p->workgroup_args, int, i - p->outputs.len);
    if (a < 0 || a >= orig ||
        LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(f, (unsigned)a))) != LLVMPointerTypeKind)
      return gs_errorf("the plan and the module do not match: the plan's buffer argument %d "
                       "is not a pointer argument of '%s'",
                       a, p->functions[0]);
  }
  /* structs passed by value: exactly the plan's values, of the plan's sizes
   * (a buffer handle bound where the kernel reads a struct gives garbage) */
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  for (int a = 0; a < orig; a++) {
    LLVMTypeRef vt = ir_value_arg_type(f, (unsigned)a);
    const plan_value *pv = NULL;
    for (size_t i = 0; i < p->values.len; i++)
      if (VEC_AT(&p->values, plan_value, i).arg == a)
        pv = &VEC_AT(&p->values, plan_value, i);
    if (vt && !pv)
      return gs_errorf("the plan and the module do not match: argument %d of '%s' is a struct "
                       "or vector passed by value, which the plan does not list among its "
                       "values",
                       a, p->functions[0]);
    if (pv && (!vt || LLVMABISizeOfType(td, vt) != pv->bytes))
      return gs_errorf("the plan and the module do not match: the plan's value argument %d "
                       "(%u bytes) is not a struct or vector of that size passed by value to "
                       "'%s'",
                       a, pv->bytes, p->functions[0]);
  }
  for (size_t i = 0; i < p->values.len; i++)
    if (VEC_AT(&p->values, plan_value, i).arg >= orig)
      return gs_errorf("the plan and the module do not match: '%s' has no argument %d for the "
                       "plan's value",
                       p->functions[0], VEC_AT(&p->values, plan_value, i).arg);
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
    err = gs_errorf("cannot write '%s': %s", path, strerror(errno));
  if (f)
    fclose(f);
  return err;
}

static gs_error *write_outputs(run_state *rs, const run_plan *plan, const char *dir) {
  gs_error *err = NULL;
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    return gs_errorf("cannot create '%s': %s", dir, strerror(errno));
  for (size_t i = 0; i < plan->globals.len && !err; i++) {
    const plan_global *g = &VEC_AT(&plan->globals, plan_global, i);
    if (!g->output)
      continue;
    unsigned char *data = gs_xmalloc(g->bytes ? g->bytes : 1);
    cl_int rc = clEnqueueReadBuffer(rs->q, rs->state, CL_TRUE, g->offset, g->bytes, data, 0,
                                    NULL, NULL);
    err = rc != CL_SUCCESS ? gs_errorf("reading '%s' back failed: %s", g->name,
                                       cl_error_name(rc))
                           : write_bytes(dir, g->name, data, g->bytes);
    free(data);
  }
  if (err)
    return err;
  for (size_t b = 0; b < plan->outputs.len; b++) {
    param *p = &rs->params[VEC_AT(&plan->outputs, int, b)];
    if (p->kind == ARG_LOCAL)
      continue;
    /* a buffer bound twice (same:) is written under each host-output name */
    unsigned char *data = malloc(p->bytes);
    CL_CHECK(clEnqueueReadBuffer(rs->q, p->mem, CL_TRUE, 0, p->bytes, data, 0, NULL, NULL),
             "reading a buffer back");
    err = write_bytes(dir, p->name, data, p->bytes);
  done:
    free(data);
    if (err)
      return err;
  }
  return NULL;
}

static gs_error *set_args(run_state *rs, cl_kernel kern, const run_plan *plan,
                          const cl_uint vgroups[3]) {
  int live_arg = plan->live_arg, control_arg = plan->control_arg;
  gs_error *err = NULL;
  for (size_t i = 0; i < rs->nparams; i++) {
    param *p = &rs->params[i];
    if (p->kind == ARG_SCALAR)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->scalar_size, p->scalar), "setting a scalar");
    else if (p->kind == ARG_VALUE)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->bytes, p->data),
               "setting a struct passed by value");
    else if (p->kind == ARG_LOCAL)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->bytes, NULL), "setting workgroup memory");
    else
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, sizeof(cl_mem), &p->mem), "setting a buffer");
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
  /* first to last until set_order chooses for a launch */
  cl_uint forward = 0;
  if (plan->virtual_arg >= 0)
    CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + 3, sizeof forward, &forward),
             "setting the virtual workgroups' order");
done:
  return err;
}

/* order.h's view of the plan: per segment, what it does to each bound
 * buffer (a same:OTHER argument counts as OTHER), and the buffers' sizes */
static void order_from_plan(gs_order *o, const run_plan *plan, const run_state *rs) {
  gs_order_init(o, plan->nsegments, rs->nparams);
  for (size_t i = 0; i < rs->nparams; i++)
    o->bytes[i] = rs->params[i].bytes;
  for (size_t s = 0; s < plan->nsegments; s++)
    for (size_t j = 0; j < plan->uses[s].len; j++) {
      buffer_use u = VEC_AT(&plan->uses[s], buffer_use, j);
      if (u.arg < 0 || (size_t)u.arg >= rs->nparams)
        continue;
      int a = rs->params[u.arg].kind == ARG_SAME ? rs->params[u.arg].same_as : u.arg;
      gs_order_note(o, s, (size_t)a, u.access);
    }
}

/* Segment S's next launch runs its virtual workgroups in the order order.h
 * chooses. */
static gs_error *set_order(cl_kernel kern, const run_plan *plan, gs_order *o, size_t s,
                           int verbose) {
  /* verbose: after the line that names the segment */
  gs_error *err = NULL;
  cl_uint order = gs_order_next(o, s);
  if (plan->virtual_arg < 0)
    return NULL;
  if (verbose && order)
    fprintf(stderr, "gridsplit run: %s segment %zu runs its virtual workgroups last to first\n",
            plan->kernel, s);
  CL_CHECK(clSetKernelArg(kern, (cl_uint)plan->virtual_arg + 3, sizeof order, &order),
           "setting the virtual workgroups' order");
done:
  return err;
}

/* The device builds only the segments of the kernel that runs and what they
 * call: other kernels (a kept original among them), and the functions only
 * they call, may still call a grid barrier, which no device library
 * defines. Whatever nothing uses goes, until nothing more does. */
static void strip_other_kernels(LLVMModuleRef m, const run_plan *plan) {
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
        mine = !strcmp(name, plan->functions[s]);
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
                               const run_plan *plan, LLVMModuleRef m) {
  size_t n = 0;
  check_output *outs = gs_xcalloc(plan->outputs.len + plan->globals.len + 1, sizeof *outs);
  char(*elems)[32] = gs_xcalloc(plan->globals.len + 1, sizeof *elems);
  for (size_t b = 0; b < plan->outputs.len; b++) {
    const param *p = &rs->params[VEC_AT(&plan->outputs, int, b)];
    if (p->kind == ARG_LOCAL)
      continue;
    outs[n].name = p->name;
    outs[n++].element = p->elem_name;
  }
  for (size_t i = 0; i < plan->globals.len; i++) {
    const plan_global *g = &VEC_AT(&plan->globals, plan_global, i);
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
                         run_plan *plan, run_state *rs) {
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
    err = plan_from_file(req->plan, req->kernel, plan);
  } else {
    gs_options *opts = gs_options_create();
    gs_analysis *a = NULL;
    size_t k = 0;
    gs_options_set_keep_original(opts, 0);
    gs_options_set_distinct_buffers(opts, req->distinct_buffers);
    gs_options_set_virtual_workgroups(opts, req->virtual_workgroups > 0   ? 1
                                            : req->virtual_workgroups < 0 ? 0
                                                                          : -1);
    for (size_t i = 0; i < req->nbarriers && !err; i++)
      err = gs_options_add_barrier(opts, req->barriers[i]);
    if (!err && req->kernel)
      err = gs_options_set_kernel(opts, req->kernel);
    if (!err)
      err = gs_split_module(*m, opts, &a);
    if (!err)
      err = choose_kernel(a, req->kernel, &k);
    if (!err) {
      plan_from_analysis(a, k, plan);
      program_outputs(*m, plan);
    }
    gs_analysis_dispose(a);
    gs_options_dispose(opts);
  }
  if (!err)
    err = plan_matches(plan, *m, &rs->nparams);
  if (err)
    return err;
  LLVMValueRef seg0 = LLVMGetNamedFunction(*m, plan->functions[0]);
  rs->params = calloc(rs->nparams ? rs->nparams : 1, sizeof *rs->params);
  for (size_t i = 0; i < rs->nparams; i++) {
    param *p = &rs->params[i];
    LLVMValueRef v = LLVMGetParam(seg0, (unsigned)i);
    size_t len;
    p->name = LLVMGetValueName2(v, &len);
    p->type = LLVMTypeOf(v);
    p->is_pointer = LLVMGetTypeKind(p->type) == LLVMPointerTypeKind;
    p->is_local = p->is_pointer && LLVMGetPointerAddressSpace(p->type) == 3;
    if (!*p->name)
      return gs_errorf("kernel '%s': argument %zu has no name to bind it by", plan->kernel, i);
  }
  for (size_t i = 0; i < plan->values.len; i++) {
    const plan_value *pv = &VEC_AT(&plan->values, plan_value, i);
    param *p = &rs->params[pv->arg]; /* plan_matches checked the index and type */
    LLVMTypeKind k = LLVMGetTypeKind(ir_value_arg_type(seg0, (unsigned)pv->arg));
    p->value_bytes = pv->bytes;
    p->value_what = k == LLVMVectorTypeKind  ? "vector"
                    : k == LLVMArrayTypeKind ? "array"
                                             : "struct";
  }
  element_types(seg0, rs);
  err = bind_args(rs, req, plan->kernel, lctx);
  /* distinct buffers are a promise about the run: check it (SPEC 6) */
  for (size_t i = 0; !err && (req->distinct_buffers || plan->distinct) && i < rs->nparams; i++)
    if (rs->params[i].kind == ARG_SAME)
      err = gs_errorf("kernel '%s': buffers were declared distinct, but '%s' is the same "
                      "buffer as '%s'",
                      plan->kernel, rs->params[i].name, rs->params[rs->params[i].same_as].name);
  return err;
}

/* Builds the segments on POCL and runs the schedule: what runs in the
 * child process of gs_run. OPTIMIZE gives POCL the segments optimized
 * (pocl_optimize). The OpenCL objects are the process's, left to its exit. */
static gs_error *run_on_pocl(const gs_run_request *req, run_plan *plan, run_state *rs,
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
  rs->q = clCreateCommandQueue(rs->ctx, device, 0, &rc);
  CL_CHECK(rc, "creating a command queue");
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
    err = gs_errorf("the OpenCL device could not build the segments (%s):\n%s",
                    cl_error_name(rc), log);
    LLVMDisposeMemoryBuffer(bc);
    goto done;
  }
  for (size_t i = 0; i < rs->nparams; i++) {
    param *p = &rs->params[i];
    if (p->kind == ARG_FILE || p->kind == ARG_ZEROS) {
      p->mem = clCreateBuffer(rs->ctx, CL_MEM_READ_WRITE, p->bytes, NULL, &rc);
      CL_CHECK(rc, "creating a buffer");
      if (p->kind == ARG_FILE)
        CL_CHECK(clEnqueueWriteBuffer(rs->q, p->mem, CL_FALSE, 0, p->bytes, p->data, 0, NULL,
                                      NULL),
                 "uploading a buffer");
      else {
        unsigned char zero = 0;
        CL_CHECK(clEnqueueFillBuffer(rs->q, p->mem, &zero, 1, 0, p->bytes, 0, NULL, NULL),
                 "clearing a buffer");
      }
    }
  }
  for (size_t i = 0; i < rs->nparams; i++)
    if (rs->params[i].kind == ARG_SAME)
      rs->params[i].mem = rs->params[rs->params[i].same_as].mem;
  if (plan->live_arg >= 0) {
    size_t ngroups = 1;
    for (size_t d = 0; d < dims; d++)
      ngroups *= global[d] / local[d];
    /* header: the sizes of carried workgroup arguments (docs/split.md) */
    size_t header = plan->header_bytes, per_group = plan->workgroup_bytes;
    uint64_t *sizes = calloc(header / 8 + 1, sizeof *sizes);
    for (size_t i = 0; i < plan->workgroup_args.len && i < header / 8; i++) {
      sizes[i] = rs->params[VEC_AT(&plan->workgroup_args, int, i)].bytes;
      per_group += (size_t)((sizes[i] + 15) / 16 * 16);
    }
    /* then the program-scope variables, with their initial contents */
    for (size_t i = 0; i < plan->globals.len; i++) {
      const plan_global *g = &VEC_AT(&plan->globals, plan_global, i);
      memcpy((unsigned char *)sizes + g->offset, g->init, g->bytes);
    }
    size_t bytes = header + ninv * plan->live_bytes + ngroups * per_group;
    rs->state = clCreateBuffer(rs->ctx, CL_MEM_READ_WRITE, bytes ? bytes : 16, NULL, &rc);
    if (rc == CL_SUCCESS && header)
      rc = clEnqueueWriteBuffer(rs->q, rs->state, CL_TRUE, 0, header, sizes, 0, NULL, NULL);
    free(sizes);
    CL_CHECK(rc, "creating the live state");
  }
  if (plan->control_arg >= 0) {
    rs->control = clCreateBuffer(rs->ctx, CL_MEM_READ_WRITE, 4 * sizeof(cl_int), NULL, &rc);
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
      err = gs_errorf("the grid has %zu workgroups; with virtual workgroups at most 2^31", total);
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
    if (req->verbose)
      fprintf(stderr, "gridsplit run: %zu virtual workgroups on %zu physical\n", total,
              launch[0] / local[0]);
  }
  rs->nkernels = nseg;
  rs->kernels = calloc(nseg, sizeof *rs->kernels);
  for (size_t s = 0; s < nseg; s++) {
    rs->kernels[s] = clCreateKernel(rs->prog, plan->functions[s], &rc);
    CL_CHECK(rc, "creating a segment kernel");
    err = set_args(rs, rs->kernels[s], plan, vgroups);
    if (err)
      goto done;
  }
  order_from_plan(orders, plan, rs);
  if (plan->control_arg < 0) {
    /* static: back to back, no read-back between segments */
    for (size_t s = 0; s < nseg; s++) {
      if (req->verbose)
        fprintf(stderr, "gridsplit run: %s segment %zu%s\n", kname, s,
                plan->empty[s] ? ": empty, not launched" : "");
      if (plan->empty[s])
        continue;
      err = set_order(rs->kernels[s], plan, orders, s, req->verbose);
      if (err)
        goto done;
      CL_CHECK(clEnqueueNDRangeKernel(rs->q, rs->kernels[s], (cl_uint)dims, NULL, launch, local,
                                      0, NULL, NULL),
               "launching a segment");
    }
  } else {
    size_t s = 0;
    /* the control word: the next segment, the divergence flag, the
     * launch's number in the schedule and the segment that runs now
     * (docs/split.md) */
    for (cl_int launches = 0;; launches++) {
      cl_int word[4] = {-1, 0, launches, (cl_int)s};
      if (req->verbose)
        fprintf(stderr, "gridsplit run: %s segment %zu\n", kname, s);
      CL_CHECK(clEnqueueWriteBuffer(rs->q, rs->control, CL_FALSE, 0, sizeof word, word, 0, NULL,
                                    NULL),
               "resetting the control word");
      err = set_order(rs->kernels[s], plan, orders, s, req->verbose);
      if (err)
        goto done;
      CL_CHECK(clEnqueueNDRangeKernel(rs->q, rs->kernels[s], (cl_uint)dims, NULL, launch, local,
                                      0, NULL, NULL),
               "launching a segment");
      /* launches the schedule has not reached, as a runner that queues
       * ahead makes them: the control word names segment s, so they return
       * at once and leave buffers and word as they are */
      for (size_t t = 0; req->check_guards && t < nseg; t++)
        if (t != s)
          CL_CHECK(clEnqueueNDRangeKernel(rs->q, rs->kernels[t], (cl_uint)dims, NULL, launch,
                                          local, 0, NULL, NULL),
                   "launching a segment the schedule has not reached");
      CL_CHECK(clEnqueueReadBuffer(rs->q, rs->control, CL_TRUE, 0, sizeof word, word, 0, NULL,
                                   NULL),
               "reading the control word");
      if (word[1]) {
        err = gs_errorf("kernel '%s': divergent grid barrier at run time: after segment %zu "
                        "the invocations did not all reach the same barrier",
                        kname, s);
        goto done;
      }
      if (word[0] == -1)
        break;
      int ok = 0;
      for (size_t i = 0; i < plan->successors[s].len; i++)
        ok |= VEC_AT(&plan->successors[s], int, i) == word[0];
      if (!ok || word[0] < 0 || (size_t)word[0] >= nseg) {
        err = gs_errorf("the plan and the kernel do not match: segment %zu chose segment %d, "
                        "which is not one of its successors",
                        s, (int)word[0]);
        goto done;
      }
      s = (size_t)word[0];
    }
  }
  CL_CHECK(clFinish(rs->q), "running the segments");
  err = write_outputs(rs, plan, req->out_dir ? req->out_dir : "gridsplit-run");
  if (!err && req->check)
    err = check_outputs(req, rs, plan, m);
done:
  return err;
}

/* gs_run's POCL part in a child process, so that POCL's assertions and
 * crashes (it compiles each segment as it is first launched) become an
 * error, not the tool's own crash. When POCL stops on the segments as
 * split, they run once more, optimized: POCL 3.1 aborted in
 * ParallelRegion::Verify on some -O0 segments with virtual workgroups that
 * it builds once optimized (campaign seed 3046, lit Run_pocl_retry_optimized).
 * Returns 0, or the signal that stopped the child; *ERR gets the child's
 * error. */
static int run_child(const gs_run_request *req, run_plan *plan, run_state *rs, gs_order *orders,
                     LLVMModuleRef m, size_t dims, const size_t *global, const size_t *local,
                     size_t ninv, int optimize, gs_error **err) {
  int fds[2];
  *err = NULL;
  if (pipe(fds) != 0) {
    *err = gs_errorf("cannot create a pipe: %s", strerror(errno));
    return 0;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    *err = gs_errorf("cannot fork: %s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return 0;
  }
  if (pid == 0) {
    close(fds[0]);
    gs_error *e = run_on_pocl(req, plan, rs, orders, m, dims, global, local, ninv, optimize);
    const char *msg = e ? gs_error_message(e) : "";
    size_t len = strlen(msg), off = 0;
    while (off < len) {
      ssize_t w = write(fds[1], msg + off, len - off);
      if (w <= 0)
        break;
      off += (size_t)w;
    }
    fflush(stdout);
    fflush(stderr);
    _exit(e ? 1 : 0);
  }
  close(fds[1]);
  gs_str text;
  str_init(&text);
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    str_append(&text, buf, (size_t)n);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  char *msg = str_take(&text);
  int stopped = 0;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    ;
  else if (WIFEXITED(status) && WEXITSTATUS(status) == 1)
    *err = gs_errorf("%s", msg);
  else if (WIFSIGNALED(status))
    stopped = WTERMSIG(status);
  else
    *err = gs_errorf("the POCL run ended with status %d", WEXITSTATUS(status));
  free(msg);
  return stopped;
}

gs_error *gs_run(const gs_run_request *req) {
  if (GS_LLVM_MAJOR != 15)
    return gs_errorf("gridsplit run executes segments on POCL, which reads LLVM 15 bitcode; "
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
  run_plan plan;
  plan_init(&plan);
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
        err = gs_errorf("program '%s' has workgroup size %u,%u,%u; --workgroup gives %zu in "
                        "dimension %d",
                        plan.kernel, pw[0], pw[1], pw[2], given, d);
      else if (pw[d] > 1 && !req->grid[d])
        err = gs_errorf("program '%s' has workgroup size %u,%u,%u: --grid needs dimension %d",
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
      err = gs_errorf("the grid (%zu) is not a multiple of the workgroup size (%zu) in "
                      "dimension %zu",
                      global[d], local[d], d);
      goto done;
    }
    ninv *= global[d];
  }
  if (!dims) {
    err = gs_errorf("no grid size given");
    goto done;
  }
  int stopped = run_child(req, &plan, &rs, &orders, m, dims, global, local, ninv, 0, &err);
  if (stopped == SIGABRT) {
    fprintf(stderr, "gridsplit run: POCL stopped (signal %d) on the segments as split; running "
                    "them again optimized\n",
            stopped);
    stopped = run_child(req, &plan, &rs, &orders, m, dims, global, local, ninv, 1, &err);
  }
  if (stopped)
    err = gs_errorf("POCL stopped (signal %d: %s) while building or running kernel '%s''s "
                    "segments (its message, if any, is above)",
                    stopped, strsignal(stopped), plan.kernel);
done:
  /* the OpenCL objects were the child's (run_child) */
  for (size_t i = 0; i < rs.nparams && rs.params; i++)
    free(rs.params[i].data);
  free(rs.params);
  plan_free(&plan);
  gs_order_free(&orders);
  gs_program_dispose(rs.program);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(lctx);
  return err;
}
