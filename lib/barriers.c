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
    if (LLVMGetNumArgOperands(call) < 1)
      return gs_errorf("call to %s without an execution scope", name);
    LLVMValueRef scope = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(scope)) {
      char *where = ir_describe(call);
      gs_error *e = gs_errorf("%s: the execution scope of %s is not a constant", where, name);
      free(where);
      return e;
    }
    if (LLVMConstIntGetZExtValue(scope) != SPIRV_SCOPE_DEVICE)
      return NULL; /* a workgroup or subgroup barrier: an ordinary barrier */
  }
  *out = CALL_GRID_BARRIER;
  return NULL;
}
