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
#include <llvm-c/BitWriter.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gs.h"

typedef enum { ARG_UNSET, ARG_FILE, ARG_ZEROS, ARG_LOCAL, ARG_SAME, ARG_SCALAR } arg_kind;

typedef struct {
  const char *name;
  LLVMTypeRef type;
  int is_pointer, is_local;
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

static gs_error *read_file(const char *path, unsigned char **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return gs_errorf("cannot read '%s': %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  *data = malloc(n > 0 ? (size_t)n : 1);
  *size = n > 0 ? (size_t)n : 0;
  size_t got = fread(*data, 1, *size, f);
  fclose(f);
  if (got != *size)
    return gs_errorf("cannot read '%s'", path);
  return NULL;
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

static gs_error *bind_args(run_state *rs, const gs_run_request *req, const char *kernel) {
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
    if (v[0] == '@') {
      gs_error *e = read_file(v + 1, &p->data, &p->bytes);
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

static gs_error *write_outputs(run_state *rs, const gs_analysis *a, size_t k, const char *dir) {
  gs_error *err = NULL;
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    return gs_errorf("cannot create '%s': %s", dir, strerror(errno));
  for (size_t b = 0; b < gs_kernel_buffer_count(a, k); b++) {
    gs_buffer_info bi = gs_kernel_buffer(a, k, b);
    if (bi.arg < 0 || !bi.host_output || (size_t)bi.arg >= rs->nparams)
      continue;
    param *p = &rs->params[bi.arg];
    if (p->kind == ARG_SAME)
      continue; /* written under the name of the buffer it shares */
    unsigned char *data = malloc(p->bytes);
    CL_CHECK(clEnqueueReadBuffer(rs->q, p->mem, CL_TRUE, 0, p->bytes, data, 0, NULL, NULL),
             "reading a buffer back");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", dir, p->name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, p->bytes, f) != p->bytes) {
      err = gs_errorf("cannot write '%s': %s", path, strerror(errno));
    }
    if (f)
      fclose(f);
  done:
    free(data);
    if (err)
      return err;
  }
  return NULL;
}

static gs_error *set_args(run_state *rs, cl_kernel kern, int live_arg, int control_arg) {
  gs_error *err = NULL;
  for (size_t i = 0; i < rs->nparams; i++) {
    param *p = &rs->params[i];
    if (p->kind == ARG_SCALAR)
      CL_CHECK(clSetKernelArg(kern, (cl_uint)i, p->scalar_size, p->scalar), "setting a scalar");
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
done:
  return err;
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

/* The device builds only the segments of the kernel that runs: other
 * kernels may still call a grid barrier, which no device library defines. */
static void strip_other_kernels(LLVMModuleRef m, const char *kname, int split) {
  size_t klen = strlen(kname);
  for (LLVMValueRef f = LLVMGetFirstFunction(m), next; f; f = next) {
    next = LLVMGetNextFunction(f);
    if (LLVMGetFunctionCallConv(f) != LLVMSPIRKERNELCallConv || LLVMGetFirstUse(f))
      continue;
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    int mine = split ? (len > klen + 4 && !strncmp(name, kname, klen) &&
                        !strncmp(name + klen, ".seg", 4))
                     : !strcmp(name, kname);
    if (!mine)
      LLVMDeleteFunction(f);
  }
}

gs_error *gs_run(const gs_run_request *req) {
  if (GS_LLVM_MAJOR != 15)
    return gs_errorf("gridsplit run executes segments on POCL, which reads LLVM 15 bitcode; "
                     "this gridsplit is built with LLVM %d",
                     GS_LLVM_MAJOR);
  gs_error *err = NULL;
  run_state rs;
  memset(&rs, 0, sizeof rs);
  LLVMContextRef lctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_analysis *a = NULL;
  gs_options *opts = gs_options_create();
  size_t k = 0;
  LLVMMemoryBufferRef bc = NULL;
  gs_options_set_keep_original(opts, 0);
  gs_options_set_distinct_buffers(opts, req->distinct_buffers);
  for (size_t i = 0; i < req->nbarriers && !err; i++)
    err = gs_options_add_barrier(opts, req->barriers[i]);
  if (!err && req->kernel)
    err = gs_options_set_kernel(opts, req->kernel);
  if (!err)
    err = gs_load_module(lctx, req->input, req->opt_level, &m);
  if (!err)
    err = gs_split_module(m, opts, &a);
  if (!err)
    err = choose_kernel(a, req->kernel, &k);
  if (err)
    goto done;
  const char *kname = gs_kernel_name(a, k);
  size_t nseg = gs_kernel_segment_count(a, k);
  unsigned barriers = gs_kernel_barrier_count(a, k);
  int live_arg = gs_kernel_live_state_arg(a, k), control_arg = gs_kernel_control_arg(a, k);
  char fname[1024];
  if (barriers)
    snprintf(fname, sizeof fname, "%s.seg0", kname);
  else
    snprintf(fname, sizeof fname, "%s", kname);
  LLVMValueRef seg0 = LLVMGetNamedFunction(m, fname);
  if (!seg0) {
    err = gs_errorf("the plan and the module do not match: no function '%s'", fname);
    goto done;
  }
  rs.nparams = LLVMCountParams(seg0) - (live_arg >= 0) - (control_arg >= 0);
  rs.params = calloc(rs.nparams ? rs.nparams : 1, sizeof *rs.params);
  for (size_t i = 0; i < rs.nparams; i++) {
    param *p = &rs.params[i];
    LLVMValueRef v = LLVMGetParam(seg0, (unsigned)i);
    size_t len;
    p->name = LLVMGetValueName2(v, &len);
    p->type = LLVMTypeOf(v);
    p->is_pointer = LLVMGetTypeKind(p->type) == LLVMPointerTypeKind;
    p->is_local = p->is_pointer && LLVMGetPointerAddressSpace(p->type) == 3;
    if (!*p->name) {
      err = gs_errorf("kernel '%s': argument %zu has no name to bind it by", kname, i);
      goto done;
    }
  }
  element_types(seg0, &rs);
  err = bind_args(&rs, req, kname);
  if (err)
    goto done;
  /* distinct buffers are a promise about the run: check it (SPEC 6) */
  if (req->distinct_buffers)
    for (size_t i = 0; i < rs.nparams; i++)
      if (rs.params[i].kind == ARG_SAME) {
        err = gs_errorf("kernel '%s': buffers were declared distinct, but '%s' is the same "
                        "buffer as '%s'",
                        kname, rs.params[i].name, rs.params[rs.params[i].same_as].name);
        goto done;
      }
  size_t dims = 0, ninv = 1, global[3] = {1, 1, 1}, local[3] = {1, 1, 1};
  for (size_t d = 0; d < 3 && req->grid[d]; d++) {
    dims = d + 1;
    global[d] = req->grid[d];
    local[d] = req->workgroup[d] ? req->workgroup[d] : 1;
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
  cl_platform_id platform;
  cl_device_id device;
  cl_int rc;
  CL_CHECK(clGetPlatformIDs(1, &platform, NULL), "finding an OpenCL platform");
  CL_CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL),
           "finding an OpenCL device");
  rs.ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
  CL_CHECK(rc, "creating an OpenCL context");
  rs.q = clCreateCommandQueue(rs.ctx, device, 0, &rc);
  CL_CHECK(rc, "creating a command queue");
  strip_other_kernels(m, kname, barriers != 0);
  bc = LLVMWriteBitcodeToMemoryBuffer(m);
  size_t bc_size = LLVMGetBufferSize(bc);
  const unsigned char *bc_data = (const unsigned char *)LLVMGetBufferStart(bc);
  cl_int bin_status;
  rs.prog = clCreateProgramWithBinary(rs.ctx, 1, &device, &bc_size, &bc_data, &bin_status, &rc);
  CL_CHECK(rc, "loading the segments");
  rc = clBuildProgram(rs.prog, 1, &device, "-x spir -spir-std=1.2", NULL, NULL);
  if (rc != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(rs.prog, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    err = gs_errorf("the OpenCL device could not build the segments (%s):\n%s",
                    cl_error_name(rc), log);
    goto done;
  }
  for (size_t i = 0; i < rs.nparams; i++) {
    param *p = &rs.params[i];
    if (p->kind == ARG_FILE || p->kind == ARG_ZEROS) {
      p->mem = clCreateBuffer(rs.ctx, CL_MEM_READ_WRITE, p->bytes, NULL, &rc);
      CL_CHECK(rc, "creating a buffer");
      if (p->kind == ARG_FILE)
        CL_CHECK(clEnqueueWriteBuffer(rs.q, p->mem, CL_FALSE, 0, p->bytes, p->data, 0, NULL,
                                      NULL),
                 "uploading a buffer");
      else {
        unsigned char zero = 0;
        CL_CHECK(clEnqueueFillBuffer(rs.q, p->mem, &zero, 1, 0, p->bytes, 0, NULL, NULL),
                 "clearing a buffer");
      }
    }
  }
  for (size_t i = 0; i < rs.nparams; i++)
    if (rs.params[i].kind == ARG_SAME)
      rs.params[i].mem = rs.params[rs.params[i].same_as].mem;
  if (live_arg >= 0) {
    size_t ngroups = 1;
    for (size_t d = 0; d < dims; d++)
      ngroups *= global[d] / local[d];
    /* header: the sizes of carried workgroup arguments (docs/split.md) */
    size_t header = gs_kernel_live_header_bytes(a, k), per_group = gs_kernel_workgroup_bytes(a, k);
    uint64_t *sizes = calloc(header / 8 + 1, sizeof *sizes);
    for (size_t i = 0; i < gs_kernel_workgroup_arg_count(a, k); i++) {
      sizes[i] = rs.params[gs_kernel_workgroup_arg(a, k, i)].bytes;
      per_group += (size_t)((sizes[i] + 15) / 16 * 16);
    }
    size_t bytes = header + ninv * gs_kernel_live_bytes(a, k) + ngroups * per_group;
    rs.state = clCreateBuffer(rs.ctx, CL_MEM_READ_WRITE, bytes, NULL, &rc);
    if (rc == CL_SUCCESS && header)
      rc = clEnqueueWriteBuffer(rs.q, rs.state, CL_TRUE, 0, header, sizes, 0, NULL, NULL);
    free(sizes);
    CL_CHECK(rc, "creating the live state");
  }
  if (control_arg >= 0) {
    rs.control = clCreateBuffer(rs.ctx, CL_MEM_READ_WRITE, 2 * sizeof(cl_int), NULL, &rc);
    CL_CHECK(rc, "creating the control word");
  }
  rs.nkernels = nseg;
  rs.kernels = calloc(nseg, sizeof *rs.kernels);
  for (size_t s = 0; s < nseg; s++) {
    if (barriers)
      snprintf(fname, sizeof fname, "%s.seg%zu", kname, s);
    rs.kernels[s] = clCreateKernel(rs.prog, fname, &rc);
    CL_CHECK(rc, "creating a segment kernel");
    err = set_args(&rs, rs.kernels[s], live_arg, control_arg);
    if (err)
      goto done;
  }
  if (control_arg < 0) {
    /* static: back to back, no read-back between segments */
    for (size_t s = 0; s < nseg; s++) {
      if (req->verbose)
        fprintf(stderr, "gridsplit run: %s segment %zu\n", kname, s);
      CL_CHECK(clEnqueueNDRangeKernel(rs.q, rs.kernels[s], (cl_uint)dims, NULL, global, local,
                                      0, NULL, NULL),
               "launching a segment");
    }
  } else {
    size_t s = 0;
    for (;;) {
      cl_int word[2] = {-1, 0};
      if (req->verbose)
        fprintf(stderr, "gridsplit run: %s segment %zu\n", kname, s);
      CL_CHECK(clEnqueueWriteBuffer(rs.q, rs.control, CL_FALSE, 0, sizeof word, word, 0, NULL,
                                    NULL),
               "resetting the control word");
      CL_CHECK(clEnqueueNDRangeKernel(rs.q, rs.kernels[s], (cl_uint)dims, NULL, global, local,
                                      0, NULL, NULL),
               "launching a segment");
      CL_CHECK(clEnqueueReadBuffer(rs.q, rs.control, CL_TRUE, 0, sizeof word, word, 0, NULL,
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
      for (size_t i = 0; i < gs_segment_successor_count(a, k, s); i++)
        ok |= gs_segment_successor(a, k, s, i) == word[0];
      if (!ok || word[0] < 0 || (size_t)word[0] >= nseg) {
        err = gs_errorf("the plan and the kernel do not match: segment %zu chose segment %d, "
                        "which is not one of its successors",
                        s, (int)word[0]);
        goto done;
      }
      s = (size_t)word[0];
    }
  }
  CL_CHECK(clFinish(rs.q), "running the segments");
  err = write_outputs(&rs, a, k, req->out_dir ? req->out_dir : "gridsplit-run");
done:
  for (size_t s = 0; s < rs.nkernels; s++)
    if (rs.kernels[s])
      clReleaseKernel(rs.kernels[s]);
  free(rs.kernels);
  for (size_t i = 0; i < rs.nparams; i++) {
    if (rs.params[i].mem && rs.params[i].kind != ARG_SAME)
      clReleaseMemObject(rs.params[i].mem);
    free(rs.params[i].data);
  }
  free(rs.params);
  if (rs.state)
    clReleaseMemObject(rs.state);
  if (rs.control)
    clReleaseMemObject(rs.control);
  if (rs.prog)
    clReleaseProgram(rs.prog);
  if (rs.q)
    clReleaseCommandQueue(rs.q);
  if (rs.ctx)
    clReleaseContext(rs.ctx);
  if (bc)
    LLVMDisposeMemoryBuffer(bc);
  gs_analysis_dispose(a);
  gs_options_dispose(opts);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(lctx);
  return err;
}
