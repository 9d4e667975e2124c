/* NVPTX: address spaces of the NVPTX usage guide (0 generic, 1 global,
 * 3 shared, 4 constant, 5 local); CUDA kernel arguments are generic pointers
 * to global memory. Kernels are marked by the ptx_kernel calling convention
 * or, in older IR, by !nvvm.annotations. */
#include "gs.h"

#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nvptx_is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  if (LLVMCountBasicBlocks(fn) == 0)
    return 0;
  /* ptx_kernel, or spir_kernel as clang marks OpenCL C kernels for NVPTX */
  if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv ||
      LLVMGetFunctionCallConv(fn) == LLVMSPIRKERNELCallConv)
    return 1;
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  if (!n)
    return 0;
  LLVMValueRef *ops = gs_xcalloc(n, sizeof *ops);
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", ops);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    if (LLVMGetMDNodeNumOperands(ops[i]) < 3)
      continue;
    LLVMValueRef fields[3];
    LLVMGetMDNodeOperands(ops[i], fields);
    unsigned len = 0;
    const char *key = fields[1] ? LLVMGetMDString(fields[1], &len) : NULL;
    found = fields[0] == fn && key && len == 6 && !strncmp(key, "kernel", 6);
  }
  free(ops);
  return found;
}


static int nvptx_is_id_call(const char *callee) {
  static const char *const prefixes[] = {"llvm.nvvm.read.ptx.sreg.tid.",
                                         "llvm.nvvm.read.ptx.sreg.ctaid.",
                                         "llvm.nvvm.read.ptx.sreg.laneid",
                                         "llvm.nvvm.read.ptx.sreg.warpid",
                                         "llvm.nvvm.read.ptx.sreg.smid",
                                         "llvm.nvvm.read.ptx.sreg.clock", NULL};
  for (size_t i = 0; prefixes[i]; i++)
    if (!strncmp(callee, prefixes[i], strlen(prefixes[i])))
      return 1;
  return 0;
}

static int nvptx_is_id_global(const char *global) {
  (void)global;
  return 0;
}

static int nvptx_is_pure_query(const char *callee) {
  return !strncmp(callee, "llvm.nvvm.read.ptx.sreg.tid.", 28) ||
         !strncmp(callee, "llvm.nvvm.read.ptx.sreg.ctaid.", 30) ||
         !strncmp(callee, "llvm.nvvm.read.ptx.sreg.ntid.", 29) ||
         !strncmp(callee, "llvm.nvvm.read.ptx.sreg.nctaid.", 31);
}

/* PTX special registers (PTX ISA, "Special Registers"): %tid, %ntid,
 * %ctaid, %nctaid; global ids and sizes are built from them */
static LLVMValueRef nvptx_sreg(LLVMBuilderRef b, LLVMModuleRef m, const char *reg, unsigned dim) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[dim]);
  return target_call(b, m, name, LLVMInt32TypeInContext(LLVMGetModuleContext(m)), NULL,
                     LLVMCCallConv);
}

static LLVMValueRef nvptx_query(LLVMBuilderRef b, LLVMModuleRef m, gs_query q, unsigned dim) {
  switch (q) {
  case Q_LOCAL_ID:
    return nvptx_sreg(b, m, "tid", dim);
  case Q_LOCAL_SIZE:
    return nvptx_sreg(b, m, "ntid", dim);
  case Q_GROUP_ID:
    return nvptx_sreg(b, m, "ctaid", dim);
  case Q_NUM_GROUPS:
    return nvptx_sreg(b, m, "nctaid", dim);
  case Q_GLOBAL_ID:
    return LLVMBuildAdd(b,
                        LLVMBuildMul(b, nvptx_sreg(b, m, "ctaid", dim),
                                     nvptx_sreg(b, m, "ntid", dim), ""),
                        nvptx_sreg(b, m, "tid", dim), "");
  case Q_GLOBAL_SIZE:
  default:
    return LLVMBuildMul(b, nvptx_sreg(b, m, "nctaid", dim), nvptx_sreg(b, m, "ntid", dim), "");
  }
}

/* bar.sync 0: llvm.nvvm.barrier0 until LLVM 20 renamed it (LLVM reads old
 * IR's calls as the new name, but not a declaration built through the C API) */
static void nvptx_workgroup_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
#if GS_LLVM_MAJOR >= 20
  static const char name[] = "llvm.nvvm.barrier.cta.sync.aligned.all";
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &i32, 1, 0);
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0);
  LLVMValueRef args[1] = {zero};
  unsigned nargs = 1;
#else
  static const char name[] = "llvm.nvvm.barrier0";
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  LLVMValueRef *args = NULL;
  unsigned nargs = 0;
#endif
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  if (!fn)
    fn = LLVMAddFunction(m, name, fty);
  LLVMBuildCall2(b, fty, fn, args, nargs, "");
}

/* %ctaid and %nctaid are the grid; %tid and %ntid stay as they are */
static int nvptx_grid_query(LLVMValueRef call, const char *callee, gs_query *q, LLVMValueRef *dim) {
  static const char *const regs[] = {"llvm.nvvm.read.ptx.sreg.ctaid.",
                                     "llvm.nvvm.read.ptx.sreg.nctaid.", NULL};
  for (int i = 0; regs[i]; i++) {
    size_t n = strlen(regs[i]);
    if (!strncmp(callee, regs[i], n) && callee[n] >= 'x' && callee[n] <= 'z' && !callee[n + 1]) {
      *q = i ? Q_NUM_GROUPS : Q_GROUP_ID;
      *dim = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(call))),
                          (unsigned long long)(callee[n] - 'x'), 0);
      return 1;
    }
  }
  return 0;
}

/* bar.sync 0 in its spellings (barrier0 before LLVM 20) */
static int nvptx_is_workgroup_barrier(LLVMValueRef call, const char *callee, int orders_memory) {
  (void)call, (void)orders_memory;
  return !strcmp(callee, "llvm.nvvm.barrier0") ||
         !strcmp(callee, "llvm.nvvm.barrier.cta.sync.aligned.all") ||
         !strcmp(callee, "llvm.nvvm.barrier.cta.sync.all");
}

static int nvptx_is_group_id(const char *name) {
  return !strncmp(name, "llvm.nvvm.read.ptx.sreg.ctaid.", 30);
}

/* bar.sync 0, which orders the CTA's memory itself: barrier0 until LLVM 20
 * renamed it barrier.cta.sync.aligned.all(0) */
static void nvptx_program_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef vty = LLVMVoidTypeInContext(ctx);
#if GS_LLVM_MAJOR >= 20
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef fn = target_declare_convergent(m, "llvm.nvvm.barrier.cta.sync.aligned.all", vty,
                                              &i32, 1, LLVMCCallConv);
  LLVMValueRef id = LLVMConstInt(i32, 0, 0);
  target_build_call(b, fn, &id, 1);
#else
  LLVMValueRef fn = target_declare_convergent(m, "llvm.nvvm.barrier0", vty, NULL, 0, LLVMCCallConv);
  target_build_call(b, fn, NULL, 0);
#endif
}

#if GS_LLVM_MAJOR < 20
/* NVPTX of LLVM 15 also reads kernels from nvvm.annotations */
static void nvptx_module_metadata(LLVMModuleRef m, LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef ops[3] = {fn, LLVMMDStringInContext(ctx, "kernel", 6),
                         LLVMConstInt(LLVMInt32TypeInContext(ctx), 1, 0)};
  LLVMAddNamedMetadataOperand(m, "nvvm.annotations", LLVMMDNodeInContext(ctx, ops, 3));
}
#endif

static void nvptx_init_backend(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

#if GS_LLVM_MAJOR >= 22
#define NVPTX_LAYOUT "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
#else
#define NVPTX_LAYOUT "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
#endif

/* PTX text from the NVPTX backend; kernel parameters a CUDA host cannot
 * pass, '.' in names, and for sm_90 the grid dependency and streaming loads
 * are rewritten first (lowering/emit_nvptx.c). A PTX kernel cannot be given
 * a constant-bank buffer: the lowering's uniform buffers are global memory
 * the kernel only reads. */
const gs_target target_nvptx = {
    .name = "nvptx",
    .triple = "nvptx64-nvidia-cuda",
    .triple_prefix = "nvptx",
    .data_layout = NVPTX_LAYOUT,
    .arg_space = target_flat_arg_space,
    .global_space = target_global_space,
    .constant_as = 1,
    .is_kernel = nvptx_is_kernel,
    .kernel_cc = LLVMPTXKernelCallConv,
    .func_cc = LLVMCCallConv,
    .segment_cc = LLVMPTXKernelCallConv,
    .is_invocation_id_call = nvptx_is_id_call,
    .is_invocation_id_global = nvptx_is_id_global,
    .is_pure_query = nvptx_is_pure_query,
    .build_query = nvptx_query,
    .is_group_id = nvptx_is_group_id,
    .grid_query = nvptx_grid_query,
    .virtual_by_default = 1,
    .build_workgroup_barrier = nvptx_workgroup_barrier,
    .build_program_barrier = nvptx_program_barrier,
    .is_workgroup_barrier = nvptx_is_workgroup_barrier,
    .device_scope = "device",
    .workgroup_scope = "block",
    .lower_kernel_attributes = NULL,
#if GS_LLVM_MAJOR < 20
    .lower_module_metadata = nvptx_module_metadata,
#endif
    .opencl_c = 0,
    .init_backend = nvptx_init_backend,
    .default_cpu = "sm_80",
    .emitter = "backend",
    .backend_triple = NULL,
    .emits_assembly = 1,
    .drop_dead_functions = 1,
    .emit_rewrite = nvptx_emit_rewrite,
    .emit_laid_out = nvptx_emit_laid_out,
};
