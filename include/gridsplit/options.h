/* gridsplit: options shared by the analysis, the pass and the tool. */
#ifndef GRIDSPLIT_OPTIONS_H
#define GRIDSPLIT_OPTIONS_H

#include "gridsplit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_options gs_options;

gs_options *gs_options_create(void);
void gs_options_dispose(gs_options *opts);

/* An extra grid-barrier function name (SPEC section 1, `barrier=NAME`). */
gs_error *gs_options_add_barrier(gs_options *opts, const char *name);
/* Analyse only the kernel called NAME; it is an error if there is none. */
gs_error *gs_options_set_kernel(gs_options *opts, const char *name);
/* The split keeps the original kernels unless told otherwise (SPEC 2). */
void gs_options_set_keep_original(gs_options *opts, int keep);
/* The user declares that no two buffers overlap: segments get noalias, the
 * plan records it and runners check it at launch (SPEC section 6). */
void gs_options_set_distinct_buffers(gs_options *opts, int distinct);
/* Segments loop over virtual workgroups (SPEC section 4,
 * "virtual_workgroups"): 1 on, 0 off, -1 the target's default (on for NVPTX,
 * off for SPIR; not available for AMDGPU). */
void gs_options_set_virtual_workgroups(gs_options *opts, int on);
/* A dynamic schedule's step in its segments (docs/split.md, "The step in
 * the segments"): with virtual workgroups, the last physical workgroup of
 * each launch checks the choice and writes the next launch's workgroup
 * counts into the control word's extended words (gridsplit/control_word.h),
 * where a host otherwise runs a step shader or kernel after each launch.
 * Only the Vulkan host takes such a plan ("control": {"step":
 * "segments"}); gridsplit --target vulkan sets it. Off by default. */
void gs_options_set_steps_in_segments(gs_options *opts, int on);
/* Debug aids (docs/split.md, "Steps"): after the split's step STEP
 * (gs_split_step_name), print to stderr the module or the analysis it made;
 * an error lists the steps when STEP is none of them. */
gs_error *gs_options_set_dump_after(gs_options *opts, const char *step);
/* Run LLVM's verifier on the scratch module after every step of the split:
 * an error names the step after which it failed. */
void gs_options_set_verify_each(gs_options *opts, int on);
/* Print to stderr, after the split, the wall time each of its steps took
 * (the kernel steps summed over the kernels), in step order. */
void gs_options_set_time_steps(gs_options *opts, int on);
/* The plan=FILE option, or NULL. */
const char *gs_options_plan_path(const gs_options *opts);
/* Parses pass-option text as the plugin takes it:
 * `barrier=A;barrier=B;kernel=K;keep-original=false;distinct-buffers=true;
 * virtual-workgroups=true;steps-in-segments=true;plan=FILE;dump-after=STEP;
 * verify-each=true;time-steps=true`.
 * Unknown keys are an error naming the key. */
gs_error *gs_options_parse(gs_options *opts, const char *text);

#ifdef __cplusplus
}
#endif
#endif
