/* Where a Vulkan shader finds its arguments (docs/targets.md "Vulkan"),
 * decided once for the emission (lib/target_vulkan.c) and the plan's
 * "bindings", "push_constants" and "workgroup_size" (lib/plan.c), so that
 * the two cannot disagree:
 * - the pointer arguments, in order, are bindings 0, 1, ... of set 0: a
 *   buffer keeps its number in every segment of its kernel. An argument
 *   the segment does not touch (`readnone`, the roles' attribute) is not
 *   bound at all; one it only reads (`readonly`, or constant memory) is
 *   bound read-only (NonWritable);
 * - the scalar arguments, in order, each at the next multiple of its size
 *   (the host's C layout; with virtual workgroups their counts and order
 *   come last, as the split appends them), in one push-constant block that every shader of
 *   the module shares (LLVM 22 lists every variable of a module in every
 *   entry point's interface, and Vulkan allows one block per entry point):
 *   the block's size is the largest of the module's kernels';
 * - the workgroup size is the kernel's reqd_work_group_size, else
 *   64 x 1 x 1 (gs_set_workgroup_size sets it).
 * Needs no LLVM 22: the plan is written by every build. */
#include "vulkan_layout.h"

#include <stdlib.h>
#include <string.h>

int vulkan_value_shape(LLVMTargetDataRef td, LLVMTypeRef ty, unsigned *bytes) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMVectorTypeKind)
    k = LLVMGetTypeKind(LLVMGetElementType(ty));
  int scalar = k == LLVMIntegerTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ||
               k == LLVMHalfTypeKind;
  if (!scalar)
    return 0;
  unsigned long long store = LLVMStoreSizeOfType(td, ty);
  if (LLVMSizeOfTypeInBits(td, ty) != 8 * store)
    return 0; /* i1 and other odd widths: in memory only as their bytes */
  *bytes = (unsigned)store;
  if (store % 4 == 0)
    return 1;
  return store < 4 ? 2 : 0;
}

static void reqd_size(LLVMValueRef fn, unsigned wg[3]) {
  if (!ir_reqd_work_group_size(fn, wg)) {
    wg[0] = 64;
    wg[1] = wg[2] = 1;
  }
}

static int has_attr(LLVMValueRef fn, unsigned i, const char *name) {
  return LLVMGetEnumAttributeAtIndex(fn, i + 1,
                                     LLVMGetEnumAttributeKindForName(name, strlen(name))) != NULL;
}

char *vulkan_layout_of(LLVMValueRef fn, LLVMTargetDataRef td, vulkan_layout *out) {
  unsigned n = LLVMCountParams(fn), binding = 0, at = 0;
  memset(out, 0, sizeof *out);
  out->params = gs_xcalloc(n + 1, sizeof *out->params);
  out->nparams = n;
  reqd_size(fn, out->wg);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef a = LLVMGetParam(fn, i);
    LLVMTypeRef ty = LLVMTypeOf(a);
    vulkan_param *p = &out->params[i];
    p->binding = p->push_offset = -1;
    if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind) {
      unsigned as = LLVMGetPointerAddressSpace(ty);
      if (as != 1 && as != 2)
        return vulkan_refuse(a, "is a pointer argument outside global and constant memory, which "
                                "a Vulkan shader cannot take");
      p->binding = (int)binding++;
      p->bound = !has_attr(fn, i, "readnone");
      p->writable = as == 1 && !has_attr(fn, i, "readonly");
      continue;
    }
    unsigned bytes;
#if GS_LLVM_MAJOR >= 16
    if (LLVMGetTypeKind(ty) == LLVMTargetExtTypeKind)
      return vulkan_refuse(a, "is an image, sampler or other opaque object, which --target vulkan "
                              "does not take");
#endif
    if (LLVMGetTypeKind(ty) == LLVMStructTypeKind || LLVMGetTypeKind(ty) == LLVMArrayTypeKind)
      return vulkan_refuse(a, "is a struct or array passed by value, which --target vulkan does "
                              "not take");
    if (!vulkan_value_shape(td, ty, &bytes) || bytes > 8)
      return vulkan_refuse(a, "is a scalar argument that a push constant cannot hold");
    at = (at + bytes - 1) / bytes * bytes;
    p->push_offset = (int)at;
    p->bytes = bytes;
    at += bytes;
  }
  out->push_bytes = at;
  return NULL;
}

void vulkan_layout_free(vulkan_layout *l) {
  free(l->params);
  l->params = NULL;
}

/* whether FN, or a function it calls, calls a grid barrier */
static int calls_grid_barrier(LLVMValueRef fn, gs_map *seen) {
  if (map_get(seen, fn, NULL))
    return 0;
  map_put(seen, fn, 1);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!ir_is_call(in))
        continue;
      const char *name = ir_callee_name(in);
      if (name && barrier_is_spelling(NULL, name))
        return 1;
      LLVMValueRef callee = LLVMGetCalledValue(in);
      if (callee && LLVMIsAFunction(callee) && calls_grid_barrier(callee, seen))
        return 1;
    }
  return 0;
}

int vulkan_is_shader_kernel(LLVMValueRef fn) {
  if (!LLVMCountBasicBlocks(fn) || LLVMGetFunctionCallConv(fn) != LLVMSPIRKERNELCallConv)
    return 0;
  /* the split's originals call a grid barrier (maybe in a helper, which the
   * emission inlines first): no shader can */
  gs_map seen;
  map_init(&seen);
  int originals = calls_grid_barrier(fn, &seen);
  map_free(&seen);
  return !originals;
}

int vulkan_needs_step(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    for (unsigned i = 0; i < LLVMCountParams(f); i++)
      if (!strcmp(LLVMGetValueName2(LLVMGetParam(f, i), &len), GS_CONTROL_ARG_NAME) &&
          vulkan_is_shader_kernel(f) && !virtual_steps_itself(f))
        return 1;
  }
  return 0;
}

char *vulkan_push_bytes(LLVMModuleRef m, LLVMTargetDataRef td, unsigned *bytes) {
  *bytes = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!vulkan_is_shader_kernel(f))
      continue;
    vulkan_layout l;
    char *err = vulkan_layout_of(f, td, &l);
    if (!err && l.push_bytes > *bytes)
      *bytes = l.push_bytes;
    vulkan_layout_free(&l);
    if (err)
      return err;
  }
  *bytes = (*bytes + 3) / 4 * 4;
  if (vulkan_needs_step(m) && *bytes < 4 * GS_VULKAN_STEP_PUSH_WORDS)
    *bytes = 4 * GS_VULKAN_STEP_PUSH_WORDS;
  return NULL;
}

char *vulkan_refuse(LLVMValueRef where, const char *why) {
  char *what = ir_describe(where);
  gs_str s;
  str_init(&s);
  str_printf(&s, "--target vulkan: %s %s", what, why);
  free(what);
  return s.s;
}
