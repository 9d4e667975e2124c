/* What a call does through a pointer argument when the access analysis
 * cannot walk the callee: the OpenCL C and SPIR-V atomic and memory builtins
 * by name, and a declaration's attributes (lib/provenance.c, docs/analysis.md). */
#include "gs.h"

#include <string.h>

static int starts(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

/* The OpenCL C atomic builtins (OpenCL C 1.2 6.12.11, 2.0 6.13.11), their
 * 1.0 atom_* extensions, and the SPIR-V friendly __spirv_Atomic* calls. */
unsigned effects_atomic_builtin(const char *base) {
  if (starts(base, "__spirv_Atomic"))
    return starts(base, "__spirv_AtomicLoad")    ? ACC_R
           : starts(base, "__spirv_AtomicStore") ? ACC_W
                                                 : ACC_A;
  if (!starts(base, "atomic_") && !starts(base, "atom_"))
    return 0;
  if (starts(base, "atomic_load"))
    return ACC_R;
  if (starts(base, "atomic_store") || !strcmp(base, "atomic_init") ||
      starts(base, "atomic_flag_clear"))
    return ACC_W;
  if (starts(base, "atomic_work_item_fence"))
    return 0;
  return ACC_A;
}

/* Per-argument flags of other OpenCL builtins that take buffer pointers. */
int effects_opencl_builtin(const char *base, unsigned argno, unsigned *flags) {
  if (starts(base, "vload")) {
    *flags = ACC_R;
    return 1;
  }
  if (starts(base, "vstore")) {
    *flags = ACC_W;
    return 1;
  }
  if (starts(base, "async_work_group")) {
    *flags = argno == 0 ? ACC_W : ACC_R;
    return 1;
  }
  if (!strcmp(base, "prefetch")) {
    *flags = 0;
    return 1;
  }
  if (!strcmp(base, "printf")) {
    *flags = ACC_R;
    return 1;
  }
  return 0;
}

static int has_attr(LLVMValueRef call, LLVMValueRef fn, unsigned idx, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return (fn && LLVMGetEnumAttributeAtIndex(fn, idx, kind)) ||
         LLVMGetCallSiteEnumAttribute(call, idx, kind);
}

/* LLVM >= 16 spells function memory effects as memory(...): two bits per
 * location, Ref = 1 and Mod = 2 (llvm/Support/ModRef.h). */
static unsigned memory_attr_flags(LLVMValueRef call, LLVMValueRef fn, int *known) {
  unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
  LLVMAttributeRef a = NULL;
  if (kind && fn)
    a = LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
  if (kind && !a)
    a = LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind);
  *known = a != NULL;
  if (!a)
    return 0;
  uint64_t bits = LLVMGetEnumAttributeValue(a);
  unsigned flags = 0;
  for (; bits; bits >>= 2) {
    if (bits & 1)
      flags |= ACC_R;
    if (bits & 2)
      flags |= ACC_W;
  }
  return flags;
}

/* What a declared function does through argument ARGNO, from its attributes.
 * Returns 0 when nothing is known. */
int effects_declared_param(LLVMValueRef call, LLVMValueRef fn, unsigned argno, unsigned *flags) {
  unsigned idx = argno + 1;
  int mem_known;
  unsigned mem = memory_attr_flags(call, fn, &mem_known);
  if (has_attr(call, fn, idx, "readnone") ||
      has_attr(call, fn, LLVMAttributeFunctionIndex, "readnone") || (mem_known && !mem)) {
    *flags = 0;
    return 1;
  }
  unsigned f = ACC_R | ACC_W;
  int known = mem_known;
  if (mem_known)
    f &= mem;
  if (has_attr(call, fn, idx, "readonly") ||
      has_attr(call, fn, LLVMAttributeFunctionIndex, "readonly")) {
    f &= ACC_R;
    known = 1;
  }
  if (has_attr(call, fn, idx, "writeonly") ||
      has_attr(call, fn, LLVMAttributeFunctionIndex, "writeonly")) {
    f &= ACC_W;
    known = 1;
  }
  if (has_attr(call, fn, idx, "nocapture") || has_attr(call, fn, idx, "captures"))
    known = 1;
  *flags = f;
  return known;
}
