/* Redirects OpenCL builtin calls that POCL's SPIR path lacks. */
#ifndef GS_POCL_BUILTINS_H
#define GS_POCL_BUILTINS_H

#include <llvm-c/Core.h>

#include "gridsplit/error.h"

void pocl_redirect_builtins(LLVMModuleRef m);

/* Optimizes the segments as clang -O1 would, for gs_run's second try when
 * POCL stopped on them as split. Every function declaration is marked
 * convergent first, so that no barrier call is duplicated or moved across
 * control flow whatever its declaration says. */
gs_error *pocl_optimize(LLVMModuleRef m);

/* POCL 3.1 takes a branch condition derived from the work-item ids,
 * computed before a workgroup barrier and tested after one inside a
 * conditional holding barriers, as one work-item's value for all (lit
 * Run_pocl_branch_after_barrier): a branch or switch whose condition is
 * computed from id queries, arguments and constants alone (no division)
 * gets the condition rebuilt beside it, as a kernel calling get_local_id(0)
 * there has it, each query passed through an empty inline-asm statement
 * (which POCL's optimizer cannot merge with the old query). Helpers are
 * inlined into the kernels first, so that a condition a helper computes is
 * seen too. */
gs_error *pocl_recompute_id_values(LLVMModuleRef m);

#endif
