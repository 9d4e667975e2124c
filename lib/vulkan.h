/* The Vulkan output's emission, shared by its five files (lib/
 * target_vulkan.c, docs/targets.md "Vulkan"): target_vulkan.c makes every
 * kernel a shader and drives the rewrite, vulkan_access.c turns accesses
 * through buffer and workgroup pointers into 32-bit words, vulkan_narrow.c
 * 64-bit arithmetic whose low 32 bits alone are used into 32-bit,
 * vulkan_fdiv.c float division to the nearest, and
 * vulkan_calls.c OpenCL's builtins, queries and barriers into a shader's.
 * LLVM 22 on. */
#ifndef GS_VULKAN_H
#define GS_VULKAN_H

#include "gs.h"
#include "vulkan_layout.h"

#if GS_LLVM_MAJOR >= 22

#include <llvm-c/Target.h>

#define VULKAN_TRIPLE GS_VULKAN_TRIPLE
#define AS_WORKGROUP 3
#define AS_STORAGE 11
#define AS_PUSH 13

typedef struct {
  LLVMValueRef handle; /* a buffer's handle, or NULL */
  int control;         /* the segments' control word */
  int writable;        /* a buffer bound read-write, or a workgroup variable */
  LLVMValueRef words;  /* a workgroup variable's array of words, or NULL */
  LLVMTypeRef words_ty;
} root;

typedef struct {
  LLVMModuleRef m;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMBuilderRef b;
  LLVMTypeRef i32, i64;
  gs_vec roots;        /* root */
  gs_map root_of;      /* argument or workgroup variable -> root index + 1 */
  gs_map root_memo;    /* pointer -> its one root + 1, or a ROOT_* (vulkan_access.c) */
  gs_map resolved;     /* pointer -> its i32 byte offset from its root */
  gs_map low32;        /* wider integer -> its low 32 bits (vulkan_narrow.c) */
  gs_map chosen;       /* pointer -> the i32 index of the root it reaches at run time */
  gs_vec dead;         /* instructions replaced */
  gs_map chooses;      /* shader -> 1: an access branches on a select's condition there
                        * (target_vulkan.c, unswitch_loops) */
  LLVMValueRef push;   /* the push constants, one block of words for every shader */
  LLVMTypeRef push_ty; /* { [N x i32] } */
} vk;

/* vulkan_access.c, with the helpers target_vulkan.c and vulkan_calls.c use */

LLVMValueRef vulkan_intrinsic(vk *v, const char *name, LLVMTypeRef *over, size_t n);
LLVMValueRef vulkan_call(vk *v, LLVMValueRef fn, LLVMValueRef *args, unsigned n, const char *nm);
/* a pointer to word IDX (i32) of the storage buffer HANDLE, at the builder */
LLVMValueRef vulkan_word_of(vk *v, LLVMValueRef handle, LLVMValueRef idx);
/* Whether values of TY go through memory as whole words (1), as a part of
 * one word (2), or not at all (0); their bytes in *BYTES */
int vulkan_shape(vk *v, LLVMTypeRef ty, unsigned *bytes);
/* the type of N words: i32 or <N x i32> */
LLVMTypeRef vulkan_words_type(vk *v, unsigned n);

/* every access through a buffer or workgroup pointer in FN into words; why
 * not, or NULL */
char *vulkan_rewrite_accesses(vk *v, LLVMValueRef fn);

/* vulkan_narrow.c: the low 32 bits of integer X (32 bits or wider) as an
 * i32, built beside X's own arithmetic (memoized in V->LOW32), which then
 * stays only where something else uses it; A + B and A * B in i32, at the
 * builder, without the operations that change nothing */
LLVMValueRef vulkan_low32(vk *v, LLVMValueRef x);
LLVMValueRef vulkan_add32(vk *v, LLVMValueRef a, LLVMValueRef b);
LLVMValueRef vulkan_mul32(vk *v, LLVMValueRef a, LLVMValueRef b);
/* every truncation of a wider integer to 32 bits or fewer in FN, of its
 * operand's low 32 bits; every unsigned comparison of two wider integers
 * known below 2^32, of their low 32 bits */
void vulkan_narrow_truncs(vk *v, LLVMValueRef fn);

/* vulkan_fdiv.c: every float fdiv in the module as a call of gs.fdiv,
 * which divides to the nearest float, ties to even, in integer arithmetic;
 * a division of other floats refused: why, or NULL */
char *vulkan_exact_fdiv(vk *v);

/* vulkan_calls.c: OpenCL's builtins, queries (workgroup size WG) and
 * barrier() in FN as a shader's; why not, or NULL */
char *vulkan_rewrite_builtins(vk *v, LLVMValueRef fn, const unsigned wg[3]);

#endif
#endif
