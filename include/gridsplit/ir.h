/* LLVM IR helpers of the library for code built on it that transforms IR
 * itself: runtime/pocl prepares split bitcode for POCL with them, and the
 * runner reads segments' arguments with them. */
#ifndef GRIDSPLIT_IR_H
#define GRIDSPLIT_IR_H

#include <llvm-c/Core.h>

#include "gridsplit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the new pass manager's pipeline PASSES (opt's -passes syntax) on M;
 * an error (the pipeline's, or a diagnostic an LLVM pass reported) says
 * "WHAT failed: why", or "running 'PASSES' failed: why" when WHAT is NULL. */
gs_error *gs_run_passes(LLVMModuleRef m, const char *passes, const char *what);

/* The function CALL calls, looking through constant casts of it, or NULL;
 * and its name, or NULL. */
LLVMValueRef gs_called_function(LLVMValueRef call);
const char *gs_callee_name(LLVMValueRef call);

/* The unqualified name an Itanium-mangled NAME (_Z3fooi: "foo") mangles, or
 * NAME itself; released with gs_dispose_string. */
char *gs_itanium_base(const char *name);

/* What the SPIR (OpenCL) target knows of an OpenCL builtin: CALL a
 * workgroup barrier (barrier, work_group_barrier and their SPIR-V
 * spellings); CALLEE an invocation-id or size query (get_local_id and the
 * rest) whose result depends on nothing but its argument. */
int gs_spir_is_workgroup_barrier(LLVMValueRef call);
int gs_spir_is_id_query(const char *callee);

/* The type a struct, array or vector argument I of FN passes by value (as
 * such, or as a byval or byref pointer), or NULL: what the plan lists among
 * a kernel's "values" (SPEC section 4). */
LLVMTypeRef gs_value_arg_type(LLVMValueRef fn, unsigned i);

#ifdef __cplusplus
}
#endif
#endif
