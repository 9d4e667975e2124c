/* Picks the target description from the module's triple. */
#include "gs.h"

#include <string.h>

const gs_target *target_for_module(LLVMModuleRef m) {
  const char *triple = LLVMGetTarget(m);
  if (!strncmp(triple, "amdgcn", 6))
    return &target_amdgpu;
  if (!strncmp(triple, "nvptx", 5))
    return &target_nvptx;
  /* spir, spir64, spirv*, and modules without a triple: OpenCL's numbering */
  return &target_spir;
}

int target_has_kernel_cc(LLVMValueRef fn, unsigned cc) {
  return LLVMGetFunctionCallConv(fn) == cc && LLVMCountBasicBlocks(fn) > 0;
}
