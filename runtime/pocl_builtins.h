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

/* POCL 3.1 takes a value derived from the work-item ids, computed before a
 * workgroup barrier and used after one inside a conditional holding
 * barriers, as one work-item's value for all (lit Run_pocl_as_given): each
 * use of such a value outside its block gets it recomputed beside the use,
 * as a kernel calling get_local_id(0) at each use has it. */
void pocl_recompute_id_values(LLVMModuleRef m);

/* POCL 3.1 mixed up the votes that a virtual-workgroup loop carries from
 * one virtual group to the next across its workgroup barrier (a valid 3-D
 * kernel with early returns stopped as a divergent grid barrier: campaign
 * seed 17, lit Run_pocl_loop_carried_vote). Each constant incoming value of
 * an integer phi passes through an empty inline-asm statement at the end of
 * its block, which POCL's uniformity analysis takes as varying, so the
 * value gets its own copy in every work-item. */
void pocl_opaque_phi_constants(LLVMModuleRef m);

#endif
