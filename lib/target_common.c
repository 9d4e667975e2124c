/* What the target descriptions share: calling conventions, the linear id,
 * the address spaces AMDGPU and NVPTX number alike, and the verifier's
 * message before code generation (docs/targets.md). */
#include "gs.h"

#include <llvm-c/Analysis.h>

#include <string.h>

int target_has_kernel_cc(LLVMValueRef fn, unsigned cc) {
  return LLVMGetFunctionCallConv(fn) == cc && LLVMCountBasicBlocks(fn) > 0;
}

/* (z * size_y + y) * size_x + x */
LLVMValueRef target_linear(LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t, gs_query id,
                           gs_query size) {
  LLVMValueRef x = t->build_query(b, m, id, 0), y = t->build_query(b, m, id, 1);
  LLVMValueRef z = t->build_query(b, m, id, 2);
  LLVMValueRef sx = t->build_query(b, m, size, 0), sy = t->build_query(b, m, size, 1);
  LLVMValueRef zy = LLVMBuildAdd(b, LLVMBuildMul(b, z, sy, ""), y, "");
  return LLVMBuildAdd(b, LLVMBuildMul(b, zy, sx, ""), x, "");
}

LLVMValueRef target_product(LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t, gs_query size) {
  LLVMValueRef p = t->build_query(b, m, size, 0);
  p = LLVMBuildMul(b, p, t->build_query(b, m, size, 1), "");
  return LLVMBuildMul(b, p, t->build_query(b, m, size, 2), "");
}

/* A call to a target query function NAME of type i32/i64 (ARG) or () */
LLVMValueRef target_call(LLVMBuilderRef b, LLVMModuleRef m, const char *name, LLVMTypeRef ret,
                         LLVMValueRef arg, unsigned cc) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef argty = arg ? LLVMTypeOf(arg) : NULL;
  LLVMTypeRef fty = LLVMFunctionType(ret, arg ? &argty : NULL, arg ? 1 : 0, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  if (!fn) {
    fn = LLVMAddFunction(m, name, fty);
    LLVMSetFunctionCallConv(fn, cc);
  } else {
    fty = LLVMGlobalGetValueType(fn);
  }
  LLVMValueRef call = LLVMBuildCall2(b, fty, fn, arg ? &arg : NULL, arg ? 1 : 0, "");
  LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(fn));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  return LLVMGetIntTypeWidth(LLVMTypeOf(call)) < 64 ? LLVMBuildZExt(b, call, i64, "") : call;
}

LLVMValueRef target_declare_convergent(LLVMModuleRef m, const char *name, LLVMTypeRef ret,
                                       LLVMTypeRef *params, unsigned n, unsigned cc) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  if (fn)
    return fn;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  fn = LLVMAddFunction(m, name, LLVMFunctionType(ret, params, n, 0));
  LLVMSetFunctionCallConv(fn, cc);
  static const char *const attrs[] = {"nounwind", "convergent"};
  for (int i = 0; i < 2; i++) {
    unsigned kind = LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i]));
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
  }
  return fn;
}

/* a call to FN in its calling convention */
LLVMValueRef target_build_call(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef *args, unsigned n) {
  LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, n, "");
  LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(fn));
  return call;
}

/* AMDGPU and NVPTX number their spaces alike for kernel arguments: 0 flat or
 * generic (HIP and CUDA pass global memory so), 1 global, 3 workgroup,
 * 4 constant. */
buffer_space target_flat_arg_space(unsigned as) {
  switch (as) {
  case 0:
  case 1:
    return SPACE_GLOBAL;
  case 4:
    return SPACE_CONSTANT;
  case 3:
    return SPACE_WORKGROUP;
  default:
    return SPACE_NONE;
  }
}

buffer_space target_global_space(unsigned as) {
  return as == 1 ? SPACE_GLOBAL : as == 3 ? SPACE_WORKGROUP : SPACE_NONE;
}

/* The verifier's complaint about a module about to be emitted, as an
 * internal error on one line, or NULL when it verifies. */
char *emit_verify_message(LLVMModuleRef m) {
  char *msg = NULL;
  if (!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return NULL;
  }
  gs_str s;
  str_init(&s);
  str_printf(&s, "internal error: the module prepared for code generation does not verify: %s",
             msg ? msg : "");
  for (size_t i = 0; i < s.len; i++)
    if (s.s[i] == '\n')
      s.s[i] = ' ';
  LLVMDisposeMessage(msg);
  return s.s;
}
