/* AMDGPU: address spaces of the AMDGPU backend user guide (0 flat, 1 global,
 * 3 local, 4 constant, 5 private); HIP kernel arguments are flat pointers to
 * global memory. */
#include "gs.h"

#include <llvm-c/Target.h>

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

static int amdgpu_is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  (void)m;
  return target_has_kernel_cc(fn, LLVMAMDGPUKERNELCallConv);
}

static int amdgpu_is_id_call(const char *callee) {
  return !strncmp(callee, "llvm.amdgcn.workitem.id.", 24) ||
         !strncmp(callee, "llvm.amdgcn.workgroup.id.", 25) ||
         !strncmp(callee, "llvm.amdgcn.mbcnt.", 18) || !strcmp(callee, "__ockl_get_global_id") ||
         !strcmp(callee, "__ockl_get_local_id") || !strcmp(callee, "__ockl_get_group_id") ||
         !strcmp(callee, "__ockl_get_global_linear_id") ||
         !strcmp(callee, "__ockl_get_local_linear_id");
}

static int amdgpu_is_id_global(const char *global) {
  (void)global;
  return 0;
}

static int amdgpu_is_pure_query(const char *callee) {
  return amdgpu_is_id_call(callee) && strncmp(callee, "llvm.amdgcn.mbcnt.", 18) != 0;
}

static LLVMValueRef amdgpu_intrinsic(LLVMBuilderRef b, LLVMModuleRef m, const char *what,
                                     unsigned dim) {
  char name[64];
  snprintf(name, sizeof name, "llvm.amdgcn.%s.%c", what, "xyz"[dim]);
  return target_call(b, m, name, LLVMInt32TypeInContext(LLVMGetModuleContext(m)), NULL,
                     LLVMCCallConv);
}

/* A field of the HSA kernel dispatch packet (hsa_kernel_dispatch_packet_t:
 * workgroup_size_x/y/z are u16 at bytes 4/6/8, grid_size_x/y/z u32 at
 * 12/16/20), zero-extended to i64. */
static LLVMValueRef amdgpu_dispatch_field(LLVMBuilderRef b, LLVMModuleRef m, unsigned offset,
                                          unsigned bits) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
  LLVMTypeRef pty = LLVMPointerType(i8, 4);
  LLVMTypeRef fty = LLVMFunctionType(pty, NULL, 0, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(m, "llvm.amdgcn.dispatch.ptr");
  if (!fn)
    fn = LLVMAddFunction(m, "llvm.amdgcn.dispatch.ptr", fty);
  LLVMValueRef base = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, NULL, 0, "");
  LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), offset, 0);
  LLVMValueRef p = LLVMBuildGEP2(b, i8, base, &off, 1, "");
  LLVMTypeRef ity = LLVMIntTypeInContext(ctx, bits);
  p = LLVMBuildPointerCast(b, p, LLVMPointerType(ity, 4), "");
  LLVMValueRef v = LLVMBuildLoad2(b, ity, p, "");
  return LLVMBuildZExt(b, v, LLVMInt64TypeInContext(ctx), "");
}

static LLVMValueRef amdgpu_query(LLVMBuilderRef b, LLVMModuleRef m, gs_query q, unsigned dim) {
  switch (q) {
  case Q_LOCAL_ID:
    return amdgpu_intrinsic(b, m, "workitem.id", dim);
  case Q_GROUP_ID:
    return amdgpu_intrinsic(b, m, "workgroup.id", dim);
  case Q_LOCAL_SIZE:
    return amdgpu_dispatch_field(b, m, 4 + 2 * dim, 16);
  case Q_GLOBAL_SIZE:
    return amdgpu_dispatch_field(b, m, 12 + 4 * dim, 32);
  case Q_NUM_GROUPS: {
    LLVMValueRef g = amdgpu_dispatch_field(b, m, 12 + 4 * dim, 32);
    LLVMValueRef l = amdgpu_dispatch_field(b, m, 4 + 2 * dim, 16);
    LLVMValueRef one = LLVMConstInt(LLVMTypeOf(g), 1, 0);
    return LLVMBuildUDiv(b, LLVMBuildSub(b, LLVMBuildAdd(b, g, l, ""), one, ""), l, "");
  }
  case Q_GLOBAL_ID:
  default:
    return LLVMBuildAdd(b,
                        LLVMBuildMul(b, amdgpu_intrinsic(b, m, "workgroup.id", dim),
                                     amdgpu_dispatch_field(b, m, 4 + 2 * dim, 16), ""),
                        amdgpu_intrinsic(b, m, "workitem.id", dim), "");
  }
}

/* s_barrier between a release and an acquire fence (system scope: the C
 * API of LLVM 15 cannot name the workgroup scope) */
static void amdgpu_workgroup_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(m, "llvm.amdgcn.s.barrier");
  if (!fn)
    fn = LLVMAddFunction(m, "llvm.amdgcn.s.barrier", fty);
  LLVMBuildFence(b, LLVMAtomicOrderingRelease, 0, "");
  LLVMBuildCall2(b, fty, fn, NULL, 0, "");
  LLVMBuildFence(b, LLVMAtomicOrderingAcquire, 0, "");
}

/* The grid's size is read from the dispatch packet (and the device
 * library's implicit arguments), which a segment cannot remap: virtual
 * workgroups are refused for AMDGPU. */
static int amdgpu_grid_query(LLVMValueRef call, const char *callee, gs_query *q,
                             LLVMValueRef *dim) {
  (void)call, (void)callee, (void)q, (void)dim;
  return -1;
}

/* s_barrier orders memory only between fences: it is taken for a barrier,
 * never for one that orders memory */
static int amdgpu_is_workgroup_barrier(LLVMValueRef call, const char *callee, int orders_memory) {
  (void)call;
  return !orders_memory && !strcmp(callee, "llvm.amdgcn.s.barrier");
}

static int amdgpu_is_group_id(const char *name) {
  return !strncmp(name, "llvm.amdgcn.workgroup.id.", 25) || !strcmp(name, "__ockl_get_group_id");
}

/* s_barrier between a release and an acquire fence, at workgroup scope
 * where the C API can name it (LLVM 20 on), else at system scope */
static void amdgpu_program_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef fn = target_declare_convergent(m, "llvm.amdgcn.s.barrier",
                                              LLVMVoidTypeInContext(ctx), NULL, 0, LLVMCCallConv);
#if GS_LLVM_MAJOR >= 20
  unsigned wg = LLVMGetSyncScopeID(ctx, "workgroup", 9);
  LLVMBuildFenceSyncScope(b, LLVMAtomicOrderingRelease, wg, "");
  target_build_call(b, fn, NULL, 0);
  LLVMBuildFenceSyncScope(b, LLVMAtomicOrderingAcquire, wg, "");
#else
  LLVMBuildFence(b, LLVMAtomicOrderingRelease, 0, "");
  target_build_call(b, fn, NULL, 0);
  LLVMBuildFence(b, LLVMAtomicOrderingAcquire, 0, "");
#endif
}

/* the workgroup size a lowered kernel requires, as the backend reads it */
static void amdgpu_kernel_attributes(LLVMValueRef fn, const unsigned wg[3]) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  char flat[32];
  snprintf(flat, sizeof flat, "%u,%u", wg[0] * wg[1] * wg[2], wg[0] * wg[1] * wg[2]);
  static const char key[] = "amdgpu-flat-work-group-size";
  LLVMAddAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(ctx, key, (unsigned)strlen(key), flat, (unsigned)strlen(flat)));
}

static void amdgpu_init_backend(void) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
}

#if GS_LLVM_MAJOR >= 22
#define AMDGCN_LAYOUT                                                                              \
  "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-"         \
  "p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-"       \
  "v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
#else
#define AMDGCN_LAYOUT                                                                              \
  "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-"          \
  "v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-"       \
  "ni:7"
#endif

/* AMDGPU emission hook of the AMDGPU target (lib/target_amdgpu.c): the
 * backend's object becomes an HSA code object. */

#define _POSIX_C_SOURCE 200809L

extern char **environ;

/* ld.lld -shared: an HSA code object from the AMDGPU object file */
gs_error *amdgpu_link_code_object(const char *obj, const char *out) {
  char *argv[] = {(char *)GS_LLD_PATH, "-shared", "-o", (char *)out, (char *)obj, NULL};
  pid_t pid;
  int rc = posix_spawn(&pid, GS_LLD_PATH, NULL, NULL, argv, environ);
  if (rc)
    return gs_errorf("cannot run %s: %s", GS_LLD_PATH, strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status))
    return gs_errorf("%s -shared could not link the AMDGPU code object", GS_LLD_PATH);
  return NULL;
}

/* An HSA code object: the AMDGPU backend's object, linked by ld.lld
 * (amdgpu_link_code_object, above). */
const gs_target target_amdgpu = {
    .name = "amdgcn",
    .triple = "amdgcn-amd-amdhsa",
    .triple_prefix = "amdgcn",
    .data_layout = AMDGCN_LAYOUT,
    .arg_space = target_flat_arg_space,
    .global_space = target_global_space,
    .constant_as = 4,
    .is_kernel = amdgpu_is_kernel,
    .kernel_cc = LLVMAMDGPUKERNELCallConv,
    .func_cc = LLVMCCallConv,
    .segment_cc = 0,
    .is_invocation_id_call = amdgpu_is_id_call,
    .is_invocation_id_global = amdgpu_is_id_global,
    .is_pure_query = amdgpu_is_pure_query,
    .build_query = amdgpu_query,
    .is_group_id = amdgpu_is_group_id,
    .grid_query = amdgpu_grid_query,
    .virtual_by_default = 0,
    .build_workgroup_barrier = amdgpu_workgroup_barrier,
    .build_program_barrier = amdgpu_program_barrier,
    .is_workgroup_barrier = amdgpu_is_workgroup_barrier,
    .device_scope = "agent",
    .workgroup_scope = "workgroup",
    .lower_kernel_attributes = amdgpu_kernel_attributes,
    .lower_module_metadata = NULL,
    .opencl_c = 0,
    .init_backend = amdgpu_init_backend,
    .default_cpu = "gfx90a",
    .emitter = "backend",
    .backend_triple = NULL,
    .emits_assembly = 0,
    .drop_dead_functions = 1,
    /* the AMDGPU backend of LLVM 15 stops on some one-element vectors that
     * cross blocks ("Cannot select: i8 = truncate"), which the carried state
     * makes more of: as scalars they are plain values */
    .emit_prepare = scalarize_one_element_vectors,
    .link = amdgpu_link_code_object,
};
