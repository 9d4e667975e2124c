/* POCL 3.1, reading SPIR 1.2 bitcode, defines the OpenCL builtins for the
 * global, local, constant and private address spaces but not for the generic
 * one, which clang's OpenCL 2.0 headers use (vload4(size_t, const float *) is
 * mangled with PU3AS4), and it has no atom_* (OpenCL 1.0 extension) names.
 * Before the segments go to POCL, such calls are redirected: a generic
 * pointer argument that is an address-space cast of a global or local pointer
 * (possibly through GEPs) is rebuilt in that space, and the callee's name
 * names that space instead; atom_inc and friends become atomic_inc etc. */
#include "pocl_builtins.h"

#include <stdlib.h>
#include <string.h>

#include "gs.h"

enum { AS_GENERIC = 4 };

/* V rebuilt in the address space it was cast from (*AS: 0 private, 1 global,
 * 2 constant, 3 local) at B, or NULL. */
static LLVMValueRef in_space(LLVMBuilderRef b, LLVMValueRef v, unsigned *as, int depth) {
  if (depth > 16)
    return NULL;
  if ((LLVMIsAAddrSpaceCastInst(v) ||
       (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))) {
    LLVMValueRef src = LLVMGetOperand(v, 0);
    unsigned s = LLVMGetPointerAddressSpace(LLVMTypeOf(src));
    if (s > 3)
      return NULL;
    *as = s;
    return src;
  }
  if (LLVMIsAGetElementPtrInst(v)) {
    LLVMValueRef base = in_space(b, LLVMGetOperand(v, 0), as, depth + 1);
    if (!base)
      return NULL;
    unsigned n = (unsigned)LLVMGetNumOperands(v) - 1;
    LLVMValueRef *idx = gs_xcalloc(n + 1, sizeof *idx);
    for (unsigned i = 0; i < n; i++)
      idx[i] = LLVMGetOperand(v, i + 1);
    LLVMValueRef r = LLVMIsInBounds(v)
                         ? LLVMBuildInBoundsGEP2(b, LLVMGetGEPSourceElementType(v), base, idx, n, "")
                         : LLVMBuildGEP2(b, LLVMGetGEPSourceElementType(v), base, idx, n, "");
    free(idx);
    return r;
  }
  return NULL;
}

/* "_Z8atom_incPU3AS1Vi" -> "_Z10atomic_incPU3AS1Vi" */
static char *atom_to_atomic(const char *name) {
  if (strncmp(name, "_Z", 2))
    return NULL;
  char *base = ir_itanium_base(name);
  char *r = NULL;
  if (!strncmp(base, "atom_", 5)) {
    size_t blen = strlen(base);
    const char *rest = name + 2;
    while (*rest >= '0' && *rest <= '9')
      rest++;
    rest += blen;
    gs_str s;
    str_init(&s);
    str_printf(&s, "_Z%zuatomic_%s%s", blen + 2, base + 5, rest);
    r = str_take(&s);
  }
  free(base);
  return r;
}

static void redirect_call(LLVMModuleRef m, LLVMValueRef call) {
  LLVMValueRef callee = ir_called_function(call);
  if (!callee || LLVMCountBasicBlocks(callee))
    return;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  int generic = strstr(name, "PU3AS4") != NULL;
  char *renamed = atom_to_atomic(name);
  if (!generic && !renamed)
    return;
  unsigned nargs = LLVMGetNumArgOperands(call);
  LLVMValueRef *args = gs_xcalloc(nargs + 1, sizeof *args);
  LLVMTypeRef *types = gs_xcalloc(nargs + 1, sizeof *types);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  LLVMPositionBuilderBefore(b, call);
  unsigned spaces[16], ngeneric = 0;
  int ok = 1;
  for (unsigned i = 0; i < nargs; i++) {
    args[i] = LLVMGetOperand(call, i);
    LLVMTypeRef t = LLVMTypeOf(args[i]);
    if (generic && LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
        LLVMGetPointerAddressSpace(t) == AS_GENERIC) {
      unsigned as = 0;
      LLVMValueRef r = ngeneric < 16 ? in_space(b, args[i], &as, 0) : NULL;
      if (r) {
        args[i] = r;
        spaces[ngeneric++] = as;
      } else {
        ok = 0;
      }
    }
    types[i] = LLVMTypeOf(args[i]);
  }
  /* the k-th generic pointer parameter is the k-th PU3AS4 of the name */
  const char *src = renamed ? renamed : name;
  unsigned occurrences = 0;
  for (const char *p = strstr(src, "PU3AS4"); p; p = strstr(p + 6, "PU3AS4"))
    occurrences++;
  if (generic && occurrences != ngeneric)
    ok = 0;
  if (ok) {
    gs_str n;
    str_init(&n);
    unsigned k = 0;
    for (const char *p = src; *p;) {
      if (generic && !strncmp(p, "PU3AS4", 6)) {
        /* SPIR mangling: private pointers carry no address-space qualifier */
        if (spaces[k])
          str_printf(&n, "PU3AS%u", spaces[k]);
        else
          str_printf(&n, "P");
        k++;
        p += 6;
      } else {
        str_printf(&n, "%c", *p++);
      }
    }
    char *newname = str_take(&n);
    LLVMTypeRef fty = LLVMFunctionType(LLVMGetReturnType(LLVMGlobalGetValueType(callee)), types,
                                       nargs, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(m, newname);
    if (!fn) {
      fn = LLVMAddFunction(m, newname, fty);
      LLVMSetFunctionCallConv(fn, LLVMGetFunctionCallConv(callee));
    }
    LLVMValueRef nc = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, nargs, "");
    LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call));
    LLVMReplaceAllUsesWith(call, nc);
    LLVMInstructionEraseFromParent(call);
    free(newname);
  }
  LLVMDisposeBuilder(b);
  free(args);
  free(types);
  free(renamed);
}

void pocl_redirect_builtins(LLVMModuleRef m) {
  gs_vec calls;
  vec_init(&calls, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (LLVMIsACallInst(in))
          VEC_PUSH(&calls, LLVMValueRef, in);
  for (size_t i = 0; i < calls.len; i++)
    redirect_call(m, VEC_AT(&calls, LLVMValueRef, i));
  vec_free(&calls);
}
