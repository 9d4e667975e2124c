/* SPIR-V emission hooks of the SPIR target (lib/target_spir.c): before
 * LLVM 20 SPIRV-LLVM-Translator as a library, from typed-pointer IR; from
 * LLVM 20 on LLVM's SPIR-V backend, after spirv_legalize. Every module passes
 * the SPIRV-Tools validator or is not written (docs/targets.md). */
#include "gs.h"
#include "lowering.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GS_HAVE_SPIRV_TRANSLATOR
int gs_spirv_translate(LLVMModuleRef m, char **data, size_t *size, char **error);
#endif

/* NULL when the SPIR-V DATA may be written, else why not */
char *spirv_check(const char *data, size_t size) {
#if GS_HAVE_SPIRV_TOOLS
  return spirv_validate(data, size);
#else
  (void)data;
  (void)size;
  return gs_strdup("this gridsplit was built without SPIRV-Tools, which validates every SPIR-V "
                   "module before it is written");
#endif
}

/* SPIRV-LLVM-Translator 15 crashes on opaque pointers */
gs_error *spirv_emit_check(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (unsigned i = 0; i < LLVMCountParams(f); i++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(f, i));
      if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMPointerTypeIsOpaque(t)) {
        size_t len;
        return gs_errorf("function '%s' has opaque pointers, which SPIRV-LLVM-Translator 15 "
                         "cannot translate: give typed-pointer IR (clang-15 -Xclang "
                         "-no-opaque-pointers, or a .cl input, which gridsplit compiles so)",
                         LLVMGetValueName2(f, &len));
      }
    }
  return NULL;
}

/* M through the translator into the file OUT */
char *spirv_emit_translate(LLVMModuleRef m, const char *out) {
#if GS_HAVE_SPIRV_TRANSLATOR
  /* the translator's debug info does not pass spirv-val; segments carry
   * none of their own anyway */
  LLVMStripModuleDebugInfo(m);
  spirv_legalize(m);
  char *msg = emit_verify_message(m);
  if (msg)
    return msg;
  /* the translator writes dereferenceable(N) as MaxByteOffset N, an upper
   * bound on every offset, where LLVM's is a lower bound: the live state
   * (dereferenceable as far as its header) is read far beyond it */
  unsigned deref[2] = {LLVMGetEnumAttributeKindForName("dereferenceable", 15),
                       LLVMGetEnumAttributeKindForName("dereferenceable_or_null", 23)};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    for (unsigned i = 0; i < LLVMCountParams(f); i++)
      for (int k = 0; k < 2; k++)
        LLVMRemoveEnumAttributeAtIndex(f, i + 1, deref[k]);
    if (LLVMCountBasicBlocks(f))
      ir_tidy_blocks(f);
  }
  char *data = NULL;
  size_t size = 0;
  if (!gs_spirv_translate(m, &data, &size, &msg))
    return msg;
  if ((msg = spirv_check(data, size)))
    return msg;
  FILE *f = fopen(out, "wb");
  if (!f || fwrite(data, 1, size, f) != size)
    return gs_strdup("cannot write the SPIR-V");
  fclose(f);
  return NULL;
#else
  (void)m;
  (void)out;
  return gs_strdup("this gridsplit was built without SPIRV-LLVM-Translator");
#endif
}
