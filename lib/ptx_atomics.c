/* gridsplit: atomics of the system's scope on NVPTX.
 *
 * A grid spread over several GPUs (gs-cuda-run --devices N) shares its
 * buffers between them, and an atomic read-modify-write is atomic between
 * two GPUs only at the system's scope (PTX ISA, "Memory Consistency Model":
 * scope .sys). LLVM's NVPTX backend writes every atomicrmw as
 * `atom.global.add.u32`, with no scope (the GPU's) whatever its syncscope
 * and ordering; its cmpxchg keeps both. A module marked
 * `!gridsplit.system_atomics` (gs_emit_mark_system_atomics, the tool's
 * --system-atomics) therefore has every atomicrmw and cmpxchg on global or
 * generic memory written as inline PTX of the system's scope, with the
 * ordering it had: monotonic .relaxed, acquire .acquire, release .release,
 * acq_rel .acq_rel, seq_cst `fence.sc.sys` then .acquire (as the backend
 * writes a seq_cst cmpxchg); sub and fsub add the negated operand, LLVM's
 * wrapping increment and decrement are PTX's inc and dec (32 bits), which
 * wrap alike. Workgroup-memory atomics stay as they are. An
 * operation PTX has no atom for at the type (a byte's, a nand, a float's
 * minimum) is refused, naming the instruction. Needs sm_70 (PTX ISA 6.0)
 * for the scope. Atomic loads and stores on global or generic memory and
 * fences, which the backend (LLVM 22) writes with their syncscope's scope
 * (`ld.acquire.gpu` for "device", `.cta` for "block", `.sys` for the
 * system's, as clang's OpenCL writes every one), are given the system's
 * scope where theirs is the GPU's ("device") or a cluster's: what other
 * frontends (CUDA's scoped atomics) write for the grid. A block's scope
 * stays: its invocations share one GPU. (LLVM 15's NVPTX backend selects
 * no atomic load, store or fence at all.) */
#include "gs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYSTEM_ATOMICS_MD "gridsplit.system_atomics"

void gs_emit_mark_system_atomics(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMAddNamedMetadataOperand(m, SYSTEM_ATOMICS_MD, LLVMMDNodeInContext(ctx, NULL, 0));
}

int ptx_wants_system_atomics(LLVMModuleRef m) {
  return LLVMGetNamedMetadataNumOperands(m, SYSTEM_ATOMICS_MD) > 0;
}

/* PTX's name of ORDER's semantics, and whether a fence.sc.sys comes first */
static const char *semantics(LLVMAtomicOrdering order, int *fence) {
  *fence = 0;
  switch (order) {
  case LLVMAtomicOrderingAcquire:
    return ".acquire";
  case LLVMAtomicOrderingRelease:
    return ".release";
  case LLVMAtomicOrderingAcquireRelease:
    return ".acq_rel";
  case LLVMAtomicOrderingSequentiallyConsistent:
    *fence = 1;
    return ".acquire";
  default:
    return ".relaxed";
  }
}

/* PTX's atom for each integer atomicrmw: 32 and 64 bits (NULL: none),
 * and whether the operand is negated first */
static const struct {
  LLVMAtomicRMWBinOp op;
  const char *narrow, *wide;
  int negate;
} int_ops[] = {
    {LLVMAtomicRMWBinOpAdd, "add.u32", "add.u64", 0},
    {LLVMAtomicRMWBinOpSub, "add.u32", "add.u64", 1},
    {LLVMAtomicRMWBinOpXchg, "exch.b32", "exch.b64", 0},
    {LLVMAtomicRMWBinOpAnd, "and.b32", "and.b64", 0},
    {LLVMAtomicRMWBinOpOr, "or.b32", "or.b64", 0},
    {LLVMAtomicRMWBinOpXor, "xor.b32", "xor.b64", 0},
    {LLVMAtomicRMWBinOpMax, "max.s32", "max.s64", 0},
    {LLVMAtomicRMWBinOpMin, "min.s32", "min.s64", 0},
    {LLVMAtomicRMWBinOpUMax, "max.u32", "max.u64", 0},
    {LLVMAtomicRMWBinOpUMin, "min.u32", "min.u64", 0},
#if GS_LLVM_MAJOR >= 16
    /* PTX's inc and dec wrap as LLVM's do: (old >= b) ? 0 : old + 1, and
     * (old == 0 || old > b) ? b : old - 1 */
    {LLVMAtomicRMWBinOpUIncWrap, "inc.u32", NULL, 0},
    {LLVMAtomicRMWBinOpUDecWrap, "dec.u32", NULL, 0},
#endif
};

/* A cmpxchg's one ordering from its success and failure ones, as LLVM's
 * NVPTX backend merges them: the stronger, release with acquire acq_rel */
static LLVMAtomicOrdering merged(LLVMAtomicOrdering success, LLVMAtomicOrdering failure) {
  if (success == LLVMAtomicOrderingSequentiallyConsistent ||
      failure == LLVMAtomicOrderingSequentiallyConsistent)
    return LLVMAtomicOrderingSequentiallyConsistent;
  int acquire = success == LLVMAtomicOrderingAcquire ||
                success == LLVMAtomicOrderingAcquireRelease ||
                failure == LLVMAtomicOrderingAcquire || failure == LLVMAtomicOrderingAcquireRelease;
  int release = success == LLVMAtomicOrderingRelease || success == LLVMAtomicOrderingAcquireRelease;
  return acquire && release ? LLVMAtomicOrderingAcquireRelease
         : acquire          ? LLVMAtomicOrderingAcquire
         : release          ? LLVMAtomicOrderingRelease
                            : LLVMAtomicOrderingMonotonic;
}

/* the operation and type suffix of atomicrmw OP on TY ("add.u32"), whether
 * the operand is negated first (sub, fsub), or NULL */
static const char *rmw_suffix(LLVMAtomicRMWBinOp op, LLVMTypeRef ty, int *negate) {
  *negate = 0;
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind) {
    int d = k == LLVMDoubleTypeKind;
    if (op == LLVMAtomicRMWBinOpFSub)
      *negate = 1;
    return op == LLVMAtomicRMWBinOpFAdd || op == LLVMAtomicRMWBinOpFSub
               ? (d ? "add.f64" : "add.f32")
           : op == LLVMAtomicRMWBinOpXchg ? (d ? "exch.b64" : "exch.b32")
                                          : NULL;
  }
  unsigned w = k == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
  for (size_t i = 0; (w == 32 || w == 64) && i < sizeof int_ops / sizeof *int_ops; i++)
    if (int_ops[i].op == op) {
      *negate = int_ops[i].negate;
      return w == 64 ? int_ops[i].wide : int_ops[i].narrow;
    }
  return NULL;
}

/* the inline-asm constraint letter of a register of type TY */
static char reg(LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  return k == LLVMFloatTypeKind          ? 'f'
         : k == LLVMDoubleTypeKind       ? 'd'
         : LLVMGetIntTypeWidth(ty) == 64 ? 'l'
                                         : 'r';
}

static char *refusal(LLVMValueRef in, const char *why) {
  char *where = ir_describe(in), *msg = gs_xmalloc(strlen(where) + strlen(why) + 64);
  sprintf(msg, "--system-atomics: %s %s", where, why);
  free(where);
  return msg;
}

/* IN, an atomicrmw or cmpxchg on global or generic memory, as inline PTX
 * of the system's scope; NULL, or why it cannot be */
static char *rewrite(LLVMBuilderRef b, LLVMValueRef in) {
  int cas = LLVMIsAAtomicCmpXchgInst(in) != NULL;
  LLVMValueRef ptr = LLVMGetOperand(in, 0);
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  LLVMValueRef val = LLVMGetOperand(in, 1);
  LLVMTypeRef ty = LLVMTypeOf(val);
  int negate = 0, fence = 0;
  const char *op = cas ? NULL : rmw_suffix(LLVMGetAtomicRMWBinOp(in), ty, &negate);
  if (cas) {
    unsigned w = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
    op = w == 32 ? "cas.b32" : w == 64 ? "cas.b64" : NULL;
  }
  if (!op)
    return refusal(in, "is an atomic operation PTX has no atom instruction for at its type");
  LLVMAtomicOrdering order =
      cas ? merged(LLVMGetCmpXchgSuccessOrdering(in), LLVMGetCmpXchgFailureOrdering(in))
          : LLVMGetOrdering(in);
  const char *sem = semantics(order, &fence);
  char code[160], cons[48];
  char r = reg(ty);
  snprintf(code, sizeof code, "%satom%s.sys%s.%s $0, [$1], $2%s;", fence ? "fence.sc.sys;\n\t" : "",
           sem, as == 1 ? ".global" : "", op, cas ? ", $3" : "");
  snprintf(cons, sizeof cons, "=%c,l,%c%s,~{memory}", r, r, cas ? (r == 'l' ? ",l" : ",r") : "");
  LLVMPositionBuilderBefore(b, in);
  if (negate)
    val = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMBuildNeg(b, val, "")
                                                     : LLVMBuildFNeg(b, val, "");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(ty));
  LLVMValueRef args[3] = {LLVMBuildPtrToInt(b, ptr, i64, ""), val,
                          cas ? LLVMGetOperand(in, 2) : NULL};
  LLVMTypeRef params[3] = {i64, ty, ty};
  LLVMTypeRef fty = LLVMFunctionType(ty, params, cas ? 3 : 2, 0);
  LLVMValueRef asm_ = LLVMGetInlineAsm(fty, code, strlen(code), cons, strlen(cons), 1, 0,
                                       LLVMInlineAsmDialectATT, 0);
  LLVMValueRef old = LLVMBuildCall2(b, fty, asm_, args, cas ? 3 : 2, "");
  LLVMValueRef result = old;
  if (cas) {
    /* cmpxchg's { old, whether it was the expected value } */
    LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntEQ, old, args[1], "");
    result = LLVMGetUndef(LLVMTypeOf(in));
    result = LLVMBuildInsertValue(b, result, old, 0, "");
    result = LLVMBuildInsertValue(b, result, ok, 1, "");
  }
  LLVMReplaceAllUsesWith(in, result);
  LLVMInstructionEraseFromParent(in);
  return NULL;
}

/* An atomic load or store on global or generic memory, or a fence, of the
 * GPU's or a cluster's scope: given the system's (syncscope ID 1) */
static void widen_scope(LLVMValueRef in, unsigned device, unsigned cluster) {
#if GS_LLVM_MAJOR >= 20
  int access = (LLVMIsALoadInst(in) || LLVMIsAStoreInst(in)) &&
               LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic;
  if (access) {
    unsigned as =
        LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(in, LLVMIsAStoreInst(in) ? 1 : 0)));
    access = as == 0 || as == 1;
  }
  if (!access && !LLVMIsAFenceInst(in))
    return;
  unsigned scope = LLVMGetAtomicSyncScopeID(in);
  if (scope == device || scope == cluster)
    LLVMSetAtomicSyncScopeID(in, 1);
#else
  (void)in, (void)device, (void)cluster;
#endif
}

char *ptx_system_atomics(LLVMModuleRef m, int sm) {
  if (sm < 70)
    return gs_strdup("--system-atomics: atomics of the system's scope need sm_70 or later "
                     "(PTX ISA 6.0)");
  LLVMContextRef ctx = LLVMGetModuleContext(m);
#if GS_LLVM_MAJOR >= 20
  unsigned device = LLVMGetSyncScopeID(ctx, "device", 6);
  unsigned cluster = LLVMGetSyncScopeID(ctx, "cluster", 7);
#else
  unsigned device = 0, cluster = 0;
#endif
  gs_vec atomics;
  vec_init(&atomics, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        widen_scope(in, device, cluster);
        if (!LLVMIsAAtomicRMWInst(in) && !LLVMIsAAtomicCmpXchgInst(in))
          continue;
        unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(in, 0)));
        if (as == 0 || as == 1)
          VEC_PUSH(&atomics, LLVMValueRef, in);
      }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  char *err = NULL;
  for (size_t k = 0; k < atomics.len && !err; k++)
    err = rewrite(b, VEC_AT(&atomics, LLVMValueRef, k));
  LLVMDisposeBuilder(b);
  vec_free(&atomics);
  return err;
}
