/* The grid-barrier spellings of SPEC section 1. */
#include "gs.h"

#include <stdlib.h>
#include <string.h>

/* SPIR-V execution scopes (SPIR-V spec, "Scope <id>"): 1 is Device. */
enum { SPIRV_SCOPE_DEVICE = 1 };

static int is_control_barrier(const char *name) {
  return !strcmp(name, "__spirv_ControlBarrier") ||
         !strncmp(name, "_Z22__spirv_ControlBarrier", 26);
}

int barrier_is_spelling(const gs_options *opts, const char *name) {
  if (!strcmp(name, "gridsplit_grid_sync") || !strcmp(name, "__ockl_grid_sync") ||
      is_control_barrier(name))
    return 1;
  for (size_t i = 0; opts && i < opts->nbarriers; i++)
    if (!strcmp(name, opts->barriers[i]))
      return 1;
  return 0;
}

gs_error *barrier_classify(const gs_options *opts, LLVMValueRef call, call_kind *out) {
  *out = CALL_OTHER;
  const char *name = ir_callee_name(call);
  if (!name || !barrier_is_spelling(opts, name))
    return NULL;
  int extra = 0;
  for (size_t i = 0; opts && i < opts->nbarriers; i++)
    extra |= !strcmp(name, opts->barriers[i]);
  if (is_control_barrier(name) && !extra) {
    /* SPIR-V OpControlBarrier takes Execution, Memory and Semantics; the
     * error names the function holding the call and the call itself */
    LLVMValueRef scope = LLVMGetNumArgOperands(call) >= 1 ? LLVMGetOperand(call, 0) : NULL;
    const char *why = !scope                      ? "has no execution scope (it takes the "
                                                    "Execution, Memory and Semantics operands)"
                      : !LLVMIsAConstantInt(scope) ? "has an execution scope that is not a constant"
                                                   : NULL;
    if (why) {
      size_t len;
      LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
      char *where = ir_describe(call);
      gs_error *e = gs_errorf("function '%s': the call %s to %s %s", LLVMGetValueName2(fn, &len),
                              where, name, why);
      free(where);
      return e;
    }
    if (LLVMConstIntGetZExtValue(scope) != SPIRV_SCOPE_DEVICE)
      return NULL; /* a workgroup or subgroup barrier: an ordinary barrier */
  }
  *out = CALL_GRID_BARRIER;
  return NULL;
}
