/* Redirects OpenCL builtin calls that POCL's SPIR path lacks. */
#ifndef GS_POCL_BUILTINS_H
#define GS_POCL_BUILTINS_H

#include <stddef.h>

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

/* POCL 3.1 copies a block that a barrier does not dominate once per edge
 * it reaches it by from that barrier's blocks, and then takes a branch whose
 * ways both reach such a block as one work-item's choice for all (FINDINGS.md
 * N6): in every defined function, such edges are first joined into one, in
 * a block of their own (pocl_regions.c). Changes no behaviour. Runs LLVM's
 * simplifycfg, loop-simplify and loop-rotate first, as POCL does; *JOINS is
 * the number of blocks added. */
gs_error *pocl_join_region_edges(LLVMModuleRef m, size_t *joins);

#endif
