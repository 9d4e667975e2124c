/* include/gridsplit/ir.h: the library's IR helpers for code built on it. */
#include "gridsplit/ir.h"

#include "gs.h"

gs_error *gs_run_passes(LLVMModuleRef m, const char *passes, const char *what) {
  return ir_run_passes(m, passes, what);
}

LLVMValueRef gs_called_function(LLVMValueRef call) { return ir_called_function(call); }

const char *gs_callee_name(LLVMValueRef call) { return ir_callee_name(call); }

char *gs_itanium_base(const char *name) { return ir_itanium_base(name); }

int gs_spir_is_workgroup_barrier(LLVMValueRef call) {
  const char *name = LLVMIsACallInst(call) ? ir_callee_name(call) : NULL;
  return name && target_spir.is_workgroup_barrier(call, name, 0);
}

int gs_spir_is_id_query(const char *callee) { return target_spir.is_pure_query(callee); }

LLVMTypeRef gs_value_arg_type(LLVMValueRef fn, unsigned i) { return ir_value_arg_type(fn, i); }
