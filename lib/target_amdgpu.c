/* AMDGPU: address spaces of the AMDGPU backend user guide (0 flat, 1 global,
 * 3 local, 4 constant, 5 private); HIP kernel arguments are flat pointers to
 * global memory. */
#include "gs.h"

#include <string.h>

static int amdgpu_is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  (void)m;
  return target_has_kernel_cc(fn, LLVMAMDGPUKERNELCallConv);
}

static buffer_space amdgpu_arg_space(unsigned as) {
  switch (as) {
  case 0:
  case 1:
    return SPACE_GLOBAL;
  case 4:
    return SPACE_CONSTANT;
  case 3:
    return SPACE_WORKGROUP;
  default:
    return SPACE_NONE;
  }
}

static buffer_space amdgpu_global_space(unsigned as) {
  return as == 1 ? SPACE_GLOBAL : as == 3 ? SPACE_WORKGROUP : SPACE_NONE;
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

const gs_target target_amdgpu = {"amdgcn",           amdgpu_is_kernel,    amdgpu_arg_space,
                                 amdgpu_global_space, amdgpu_is_id_call,   amdgpu_is_id_global,
                                 amdgpu_is_pure_query, NULL};
