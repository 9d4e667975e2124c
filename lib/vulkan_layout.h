/* Where a Vulkan shader finds its arguments: bindings, push constants and
 * the workgroup size (lib/vulkan_layout.c), for the emission and the plan
 * alike. Every LLVM: the plan is written by every build. */
#ifndef GS_VULKAN_LAYOUT_H
#define GS_VULKAN_LAYOUT_H

#include "gs.h"

#include <llvm-c/Target.h>

#define GS_VULKAN_TRIPLE "spirv1.6-unknown-vulkan1.3-compute"

typedef struct {
  int binding;     /* a pointer argument's binding in set 0, else -1 */
  int bound;       /* the segment touches it: its binding is made */
  int writable;    /* bound read-write, else read-only (NonWritable) */
  int push_offset; /* a scalar's offset in the push constants, else -1 */
  unsigned bytes;  /* a scalar's bytes */
} vulkan_param;

typedef struct {
  vulkan_param *params; /* per argument of the kernel */
  unsigned nparams;
  unsigned push_bytes; /* this kernel's scalars, unrounded */
  unsigned wg[3];      /* the workgroup size */
} vulkan_layout;

/* The layout of kernel FN (TD: the module's data layout); NULL, or why FN
 * cannot be a shader (malloc'd; *OUT still to be freed). */
char *vulkan_layout_of(LLVMValueRef fn, LLVMTargetDataRef td, vulkan_layout *out);
void vulkan_layout_free(vulkan_layout *l);
/* Whether FN becomes a shader: a defined SPIR kernel that calls no grid
 * barrier (the split's originals are left out). */
int vulkan_is_shader_kernel(LLVMValueRef fn);
/* A module whose shaders have a control word (a dynamic schedule) also
 * has the step shader STEP_ENTRY (lib/target_vulkan.c): one invocation
 * that, after segment S ran, checks its choice against the successor
 * table, advances the control word and writes the dispatch words of the
 * next segment (runtime/vk_host.c). Its bindings in set 0: */
#define GS_VULKAN_STEP_ENTRY "gs.step"
enum {
  GS_VULKAN_STEP_CONTROL,    /* the control word */
  GS_VULKAN_STEP_SUCCESSORS, /* u32 per entry: row S of NSEG + 1, entry 0 the end, T + 1 segment T
                              */
  GS_VULKAN_STEP_DISPATCH,   /* per segment three u32: its workgroup counts */
  /* its push-constant words: S, NSEG, the grid's workgroup counts X, Y, Z */
  GS_VULKAN_STEP_PUSH_WORDS = 5
};
/* whether a shader of M has a control word */
int vulkan_needs_step(LLVMModuleRef m);

/* The bytes of the module's one push-constant block (a multiple of 4; 0:
 * none): the most any shader kernel's scalars take. NULL, or why not. */
char *vulkan_push_bytes(LLVMModuleRef m, LLVMTargetDataRef td, unsigned *bytes);

/* Whether values of TY go through memory as whole 32-bit words (1), as a
 * part of one word (2), or not at all (0); their bytes in *BYTES */
int vulkan_value_shape(LLVMTargetDataRef td, LLVMTypeRef ty, unsigned *bytes);
/* "--target vulkan: 'WHERE' WHY" (malloc'd) */
char *vulkan_refuse(LLVMValueRef where, const char *why);

#endif
