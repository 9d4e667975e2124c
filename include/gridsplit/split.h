/* gridsplit: splitting kernels into segment kernels (SPEC section 2). */
#ifndef GRIDSPLIT_SPLIT_H
#define GRIDSPLIT_SPLIT_H

#include <llvm-c/Core.h>

#include "gridsplit/analysis.h"
#include "gridsplit/error.h"
#include "gridsplit/options.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Adds to M, for every kernel with grid barriers, the segment kernels
 * `<kernel>.seg<i>`. Under keep-original=false it removes every function
 * that reaches a grid barrier, whatever its linkage (the originals among
 * them), and the barriers' declarations (docs/split.md).
 * On success *OUT is the analysis of the emitted segments: their roles, the
 * live state and the plan (gs_plan_json). On error M is unchanged and *OUT
 * is NULL. OPTS may be NULL. (The exceptions are internal errors: the
 * verifier finding fault with the segments once linked into M, after the
 * scratch module they came from verified, when M holds them; a kernel moved
 * into the scratch module changing there, when M holds it as it came back.)
 * While the split runs, the kernels it moved into its scratch module are
 * out of M (docs/split.md). */
gs_error *gs_split_module(LLVMModuleRef m, const gs_options *opts, gs_analysis **out);

/* Fixes the workgroup size of every segment of A in M (the module
 * gs_split_module split) to WG (x, y, z, each at least 1): their
 * reqd_work_group_size, which a Vulkan shader takes as its LocalSize
 * (docs/targets.md "Vulkan", `--workgroup`). A segment whose kernel
 * already requires another size is an error naming both, and M is left as
 * it was. */
gs_error *gs_set_workgroup_size(LLVMModuleRef m, const gs_analysis *a, const unsigned wg[3]);

/* The split's steps, in the order gs_split_module runs them (docs/split.md):
 * the names gs_options_set_dump_after takes. NULL past the last. */
size_t gs_split_step_count(void);
const char *gs_split_step_name(size_t i);
/* Prints to stderr what the split's step STEP computes for M, as the option
 * dump-after=STEP does, and stops there: M is unchanged (the split runs on
 * a copy). The plugin's print<gridsplit-STEP> passes. */
gs_error *gs_split_print_step(LLVMModuleRef m, const gs_options *opts, const char *step);

/* Per kernel, after gs_split_module: the live-state argument index (-1 when
 * nothing is carried), its bytes per invocation, and the control-word
 * argument index (-1 for a static schedule). */
int gs_kernel_live_state_arg(const gs_analysis *a, size_t k);
unsigned gs_kernel_live_bytes(const gs_analysis *a, size_t k);
/* Bytes per workgroup of saved workgroup memory, after the per-invocation
 * area: the live-state buffer holds round_up(header_bytes + invocations *
 * live_bytes, 16) + workgroups * workgroup_bytes (the areas begin at a
 * multiple of 16). */
unsigned gs_kernel_workgroup_bytes(const gs_analysis *a, size_t k);
/* Workgroup memory passed as arguments and carried across barriers: the
 * host writes each one's byte size as a u64 at offset 8 * i of the live
 * state (a header of gs_kernel_live_header_bytes), and the per-workgroup
 * area grows by each size rounded up to 16. */
unsigned gs_kernel_live_header_bytes(const gs_analysis *a, size_t k);
size_t gs_kernel_workgroup_arg_count(const gs_analysis *a, size_t k);
int gs_kernel_workgroup_arg(const gs_analysis *a, size_t k, size_t i);
/* Program-scope variables the kernel writes live in the live state's header
 * (runtimes need not keep them from one launch to the next): the host writes
 * INIT (BYTES bytes) at OFFSET before the first segment and reads them back
 * from there. Returns the variable's name. */
size_t gs_kernel_carried_global_count(const gs_analysis *a, size_t k);
const char *gs_kernel_carried_global(const gs_analysis *a, size_t k, size_t i, unsigned *offset,
                                     unsigned *bytes, const unsigned char **init);
int gs_kernel_control_arg(const gs_analysis *a, size_t k);
/* With virtual workgroups (gs_options_set_virtual_workgroups): the index of
 * the first of four u32 arguments that follow the live-state and control
 * arguments: the virtual grid's workgroup counts in x, y, z, then the order
 * in which a launch runs them (0 from the first to the last, 1 from the last
 * to the first; any order computes the same, runtime/order.h chooses one);
 * -1 without. The host launches any number of physical workgroups (at most
 * the virtual count), each with the kernel's workgroup size. */
int gs_kernel_virtual_workgroups_arg(const gs_analysis *a, size_t k);
/* The earlier name of gs_kernel_virtual_workgroups_arg (the plan's key for
 * these arguments stays "virtual_groups": plan keys never change, SPEC 4). */
#define gs_kernel_virtual_groups_arg gs_kernel_virtual_workgroups_arg
/* Bytes per invocation of the values live across some barrier that the
 * split recomputes instead of carrying (what recomputation saves). */
unsigned gs_kernel_recomputed_bytes(const gs_analysis *a, size_t k);

#ifdef __cplusplus
}
#endif
#endif
