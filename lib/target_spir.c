/* SPIR and SPIR-V-friendly IR: OpenCL address spaces (SPIR 1.2 / 2.0 spec:
 * 0 private, 1 global, 2 constant, 3 local, 4 generic). */
#include "gs.h"

#include <stdlib.h>
#include <string.h>

static int spir_is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  (void)m;
  return target_has_kernel_cc(fn, LLVMSPIRKERNELCallConv);
}

static buffer_space spir_arg_space(unsigned as) {
  switch (as) {
  case 1:
    return SPACE_GLOBAL;
  case 2:
    return SPACE_CONSTANT;
  case 3:
    return SPACE_WORKGROUP;
  default:
    return SPACE_NONE;
  }
}

static buffer_space spir_global_space(unsigned as) {
  return as == 1 ? SPACE_GLOBAL : as == 3 ? SPACE_WORKGROUP : SPACE_NONE;
}

/* OpenCL C work-item functions whose results differ between work-items or
 * work-groups, and their SPIR-V builtin spellings. */
static const char *const spir_id_functions[] = {
    "get_global_id",  "get_local_id",     "get_group_id",        "get_global_linear_id",
    "get_local_linear_id", "get_sub_group_local_id", "get_sub_group_id",
    "__spirv_BuiltInGlobalInvocationId", "__spirv_BuiltInLocalInvocationId",
    "__spirv_BuiltInWorkgroupId", "__spirv_BuiltInGlobalLinearId",
    "__spirv_BuiltInLocalInvocationIndex", "__spirv_BuiltInSubgroupLocalInvocationId",
    "__spirv_BuiltInSubgroupId", NULL};

static int in_list(const char *const *list, const char *name) {
  char *base = ir_itanium_base(name);
  int found = 0;
  for (size_t i = 0; list[i] && !found; i++)
    found = !strcmp(base, list[i]);
  free(base);
  return found;
}

static int spir_is_id_call(const char *callee) { return in_list(spir_id_functions, callee); }

static int spir_is_id_global(const char *global) { return in_list(spir_id_functions, global); }

const gs_target target_spir = {"spir", spir_is_kernel, spir_arg_space, spir_global_space,
                               spir_is_id_call, spir_is_id_global};
