/* POCL 3.1, reading SPIR 1.2 bitcode, defines the OpenCL builtins for the
 * global, local, constant and private address spaces but not for the generic
 * one, which clang's OpenCL 2.0 headers use (vload4(size_t, const float *) is
 * mangled with PU3AS4), and it has no atom_* (OpenCL 1.0 extension) names.
 * Before the segments go to POCL, such calls are redirected: a generic
 * pointer argument that is an address-space cast of a global or local pointer
 * (possibly through GEPs and pointer bitcasts) is rebuilt in that space, and the callee's name
 * names that space instead; atom_inc and friends become atomic_inc etc.
 * POCL has no 64-bit atomic_min, _max, _and, _or, _xor, _sub or _xchg
 * (SPIRV-LLVM-Translator writes them back from SPIR-V's OpAtomicSMax and
 * friends): those calls become the atomicrmw they stand for. */
#include "pocl_builtins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridsplit/ir.h"

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    abort();
  return p;
}

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
  /* a pointer bitcast in the generic space (typed pointers: the translator
   * casts i32 addrspace(4)* to the builtin's parameter type) */
  if ((LLVMIsABitCastInst(v) ||
       (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast)) &&
      LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind) {
    LLVMValueRef base = in_space(b, LLVMGetOperand(v, 0), as, depth + 1);
    if (!base || LLVMPointerTypeIsOpaque(LLVMTypeOf(v)))
      return base;
    return LLVMBuildBitCast(b, base, LLVMPointerType(LLVMGetElementType(LLVMTypeOf(v)), *as), "");
  }
  if (LLVMIsAGetElementPtrInst(v)) {
    LLVMValueRef base = in_space(b, LLVMGetOperand(v, 0), as, depth + 1);
    if (!base)
      return NULL;
    unsigned n = (unsigned)LLVMGetNumOperands(v) - 1;
    LLVMValueRef *idx = xcalloc(n + 1, sizeof *idx);
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
  char *base = gs_itanium_base(name);
  char *r = NULL;
  if (!strncmp(base, "atom_", 5)) {
    size_t blen = strlen(base);
    const char *rest = name + 2;
    while (*rest >= '0' && *rest <= '9')
      rest++;
    rest += blen;
    size_t n = strlen(name) + 32;
    r = xcalloc(n, 1);
    snprintf(r, n, "_Z%zuatomic_%s%s", blen + 2, base + 5, rest);
  }
  free(base);
  return r;
}

/* atomic_OP(p, v) or atom_OP(p, v) on a 64-bit integer as
 * `atomicrmw OP p, v seq_cst`;
 * the mangled value type says the signedness (l: long, m: unsigned long) */
static int wide_atomic(LLVMValueRef call, const char *name) {
  static const struct {
    const char *op;
    LLVMAtomicRMWBinOp sop, uop;
  } ops[] = {{"atomic_add", LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpAdd},
             {"atomic_sub", LLVMAtomicRMWBinOpSub, LLVMAtomicRMWBinOpSub},
             {"atomic_xchg", LLVMAtomicRMWBinOpXchg, LLVMAtomicRMWBinOpXchg},
             {"atomic_min", LLVMAtomicRMWBinOpMin, LLVMAtomicRMWBinOpUMin},
             {"atomic_max", LLVMAtomicRMWBinOpMax, LLVMAtomicRMWBinOpUMax},
             {"atomic_and", LLVMAtomicRMWBinOpAnd, LLVMAtomicRMWBinOpAnd},
             {"atomic_or", LLVMAtomicRMWBinOpOr, LLVMAtomicRMWBinOpOr},
             {"atomic_xor", LLVMAtomicRMWBinOpXor, LLVMAtomicRMWBinOpXor}};
  if (LLVMGetNumArgOperands(call) != 2)
    return 0;
  LLVMValueRef p = LLVMGetOperand(call, 0), v = LLVMGetOperand(call, 1);
  if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind ||
      LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(v)) != 64)
    return 0;
  char *base = gs_itanium_base(name);
  size_t n = strlen(name);
  int done = 0;
  /* atom_max is cl_khr_int64_extended_atomics' spelling of atomic_max */
  const char *op = !strncmp(base, "atom_", 5) ? base + 5
                   : !strncmp(base, "atomic_", 7) ? base + 7
                                                  : "";
  for (size_t i = 0; i < sizeof ops / sizeof ops[0] && !done; i++) {
    if (strcmp(op, ops[i].op + 7))
      continue;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef r = LLVMBuildAtomicRMW(b, name[n - 1] == 'm' ? ops[i].uop : ops[i].sop, p, v,
                                        LLVMAtomicOrderingSequentiallyConsistent, 0);
    LLVMReplaceAllUsesWith(call, r);
    LLVMInstructionEraseFromParent(call);
    LLVMDisposeBuilder(b);
    done = 1;
  }
  free(base);
  return done;
}

static void redirect_call(LLVMModuleRef m, LLVMValueRef call) {
  LLVMValueRef callee = gs_called_function(call);
  if (!callee || LLVMCountBasicBlocks(callee))
    return;
  size_t len;
  const char *name = LLVMGetValueName2(callee, &len);
  if (wide_atomic(call, name))
    return;
  int generic = strstr(name, "PU3AS4") != NULL;
  char *renamed = atom_to_atomic(name);
  if (!generic && !renamed)
    return;
  unsigned nargs = LLVMGetNumArgOperands(call);
  LLVMValueRef *args = xcalloc(nargs + 1, sizeof *args);
  LLVMTypeRef *types = xcalloc(nargs + 1, sizeof *types);
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
    /* no longer than SRC: each PU3AS4 becomes PU3ASn or P */
    char *newname = xcalloc(strlen(src) + 1, 1), *out = newname;
    unsigned k = 0;
    for (const char *p = src; *p;) {
      if (generic && !strncmp(p, "PU3AS4", 6)) {
        /* SPIR mangling: private pointers carry no address-space qualifier */
        if (spaces[k])
          out += sprintf(out, "PU3AS%u", spaces[k]);
        else
          *out++ = 'P';
        k++;
        p += 6;
      } else {
        *out++ = *p++;
      }
    }
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
  /* the calls first: redirecting one replaces it */
  size_t n = 0, cap = 0;
  LLVMValueRef *calls = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (LLVMIsACallInst(in)) {
          if (n == cap) {
            calls = realloc(calls, (cap = cap ? 2 * cap : 64) * sizeof *calls);
            if (!calls)
              abort();
          }
          calls[n++] = in;
        }
  for (size_t i = 0; i < n; i++)
    redirect_call(m, calls[i]);
  free(calls);
}

/* Whether V is computed from work-item queries with constant dimensions
 * (the SPIR target's pure queries, which the split itself recomputes
 * anywhere), arguments and constants alone, by pure instructions that
 * cannot trap, in at most *budget instructions. */
static int id_derived(LLVMValueRef v, int *budget) {
  if (LLVMIsAArgument(v) || LLVMIsAConstant(v))
    return 1;
  if (!LLVMIsAInstruction(v) || --*budget < 0)
    return 0;
  if (LLVMIsACallInst(v)) {
    const char *name = gs_callee_name(v);
    return name && gs_spir_is_id_query(name) && LLVMGetNumArgOperands(v) == 1 &&
           LLVMIsAConstantInt(LLVMGetOperand(v, 0));
  }
  if (LLVMIsABinaryOperator(v)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem)
      return 0; /* may trap where the original did not run */
  } else if (!LLVMIsACastInst(v) && !LLVMIsACmpInst(v) && !LLVMIsASelectInst(v)) {
    return 0;
  }
  for (int i = 0; i < LLVMGetNumOperands(v); i++)
    if (!id_derived(LLVMGetOperand(v, i), budget))
      return 0;
  return 1;
}

/* V passed through an empty inline-assembly statement at B: the same value,
 * which neither POCL's optimizer nor its uniformity analysis sees through. */
static LLVMValueRef opaque(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeRef ft = LLVMFunctionType(t, &t, 1, 0);
  LLVMValueRef id = LLVMGetInlineAsm(ft, "", 0, "=r,0", 4, 1, 0, LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(b, ft, id, &v, 1, "");
}

/* A copy of the id-derived V at B, its instruction operands copied too.
 * Each query's result passes through an empty inline-assembly statement,
 * which keeps POCL's own optimizer from merging the copy back into the
 * value computed before the barrier. */
static LLVMValueRef recompute(LLVMBuilderRef b, LLVMValueRef v) {
  if (!LLVMIsAInstruction(v))
    return v;
  LLVMValueRef c = LLVMInstructionClone(v);
  int n = LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1 : 0);
  for (int i = 0; i < n; i++)
    LLVMSetOperand(c, (unsigned)i, recompute(b, LLVMGetOperand(v, i)));
  LLVMInsertIntoBuilder(b, c);
  if (!LLVMIsACallInst(v))
    return c;
  return opaque(b, c);
}

gs_error *pocl_recompute_id_values(LLVMModuleRef m) {
  /* first the helpers into the kernels, as POCL inlines them anyway: a
   * condition computed by a helper (lid == 0 returned by a call) is then
   * seen for what it is */
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && LLVMGetFunctionCallConv(f) != LLVMSPIRKERNELCallConv)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(ctx, always, 0));
  gs_error *err = gs_run_passes(m, "always-inline", "inlining the helpers for POCL");
  if (err)
    return err;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
      if (!t || !(LLVMIsABranchInst(t) || LLVMIsASwitchInst(t)) ||
          (LLVMIsABranchInst(t) && !LLVMIsConditional(t)))
        continue;
      LLVMValueRef cond = LLVMGetOperand(t, 0); /* a br's or a switch's condition */
      int budget = 16;
      if (!LLVMIsAInstruction(cond) || !id_derived(cond, &budget))
        continue;
      LLVMPositionBuilderBefore(b, t);
      LLVMSetOperand(t, 0, recompute(b, cond));
    }
  LLVMDisposeBuilder(b);
  return NULL;
}

gs_error *pocl_optimize(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned convergent = LLVMGetEnumAttributeKindForName("convergent", 10);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMIsDeclaration(f))
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(ctx, convergent, 0));
  return gs_run_passes(m, "default<O1>", "optimizing the segments for POCL");
}
