/* gridsplit: the loop over virtual workgroups ends where the work does.
 *
 * A phase that only some workgroups run (`if (g < m2) { ... }` in the
 * second level of a reduction, `if (g == 0)` in its last) leaves most of
 * the segment's virtual workgroups with nothing to do, and each still costs
 * an iteration of the loop over virtual workgroups: its tests and the
 * workgroup barrier between two virtual workgroups. Reduce at 2^27 elements
 * has 2^19 virtual workgroups in each of its four segments; on the H200 the
 * three where at most 2^11 work took some 130 us each through Vulkan.
 *
 * virtualize_segment bounds the one-dimensional loop by
 * `gs.vlimit(total)`, an opaque call the optimizer leaves alone. Once the
 * body is inlined and tidied, virtual_trim looks at the body's first branch:
 * where it compares the virtual workgroup V with a value E that only
 * parameters and constants make (launch-invariant), the side that runs when
 * V is beyond a limit L(E) is free of effects (no store, atomic, fence,
 * volatile load, barrier or unknown call on any way from it to the loop's
 * latch), and what runs before the branch is free of effects too, the
 * virtual workgroups from L on do nothing, and the loop stops at
 * min(total, L): gs.vlimit's result, which the reversed order's start also
 * counts from. Otherwise the call becomes TOTAL. The work side's virtual
 * workgroups run as before; no workgroup of the launch runs differently.
 *
 * V < 2^31 (runners launch at most 2^31 virtual workgroups), so V read
 * through zext, sext, a truncation to 32 bits or more, or a mask keeping
 * its 31 low bits is V, and a signed comparison of it is an unsigned one.
 * The limits, for the side that works (the other side negated):
 *   V <u E: E;   V <=u E, V == E: E + 1;   V <s E: max(E, 0);
 *   V <=s E: E < 0 ? 0 : E + 1
 * each computed in 64 bits and saturated at TOTAL, from a copy of E's
 * instructions made without their poison flags, then frozen. A segment
 * whose skipped workgroups would record a dynamic schedule's choice (a store
 * on the skipped side) is not trimmed: their choice is checked. */
#include "gs.h"

#include <string.h>

#define VLIMIT_NAME "gridsplit.vlimit"
#define MAX_BLOCKS 64
#define MAX_EXPR 48

LLVMValueRef virtual_limit(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef total) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef fty = LLVMFunctionType(i32, &i32, 1, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(m, VLIMIT_NAME);
  if (!fn) {
    fn = LLVMAddFunction(m, VLIMIT_NAME, fty);
    /* touches no memory, returns, never unwinds: the optimizer may move
     * or merge it, not drop the loop's dependence on it */
    const char *const attrs[] = {"nounwind", "willreturn", "nosync", "nofree"};
    for (size_t k = 0; k < sizeof attrs / sizeof *attrs; k++)
      LLVMAddAttributeAtIndex(
          fn, LLVMAttributeFunctionIndex,
          LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName(attrs[k], strlen(attrs[k])),
                                  0));
    unsigned mem = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAddAttributeAtIndex(
        fn, LLVMAttributeFunctionIndex,
        mem ? LLVMCreateEnumAttribute(ctx, mem, 0)
            : LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName("readnone", 8), 0));
  }
  return LLVMBuildCall2(b, fty, fn, &total, 1, "gs.vlimit");
}

/* whether I has no effect another invocation or a later one could see */
static int pure(LLVMValueRef i, const gs_target *t) {
  if (LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
      LLVMIsAFenceInst(i) || (LLVMIsALoadInst(i) && LLVMGetVolatile(i)))
    return 0;
  if (!ir_is_call(i) || ir_is_marker(i))
    return 1;
  const char *callee = ir_callee_name(i);
  return callee && t->is_pure_query(callee);
}

static int is_latch_barrier(LLVMValueRef i, const gs_target *t) {
  const char *callee = ir_is_call(i) ? ir_callee_name(i) : NULL;
  return callee && t->is_workgroup_barrier(i, callee, 0);
}

/* X is the virtual workgroup V, read as the comment at the top says */
static int is_v(LLVMValueRef x, LLVMValueRef v) {
  for (int depth = 0; depth < 8; depth++) {
    if (x == v)
      return 1;
    if (!LLVMIsAInstruction(x))
      return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    if (op == LLVMTrunc) {
      if (LLVMGetIntTypeWidth(LLVMTypeOf(x)) < 32)
        return 0;
    } else if (op == LLVMAnd) {
      LLVMValueRef c = LLVMGetOperand(x, 1);
      if (!LLVMIsAConstantInt(c) || LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64 ||
          (LLVMConstIntGetZExtValue(c) & 0x7fffffffull) != 0x7fffffffull)
        return 0;
    } else if (op != LLVMZExt && op != LLVMSExt) {
      return 0;
    }
    x = LLVMGetOperand(x, 0);
  }
  return 0;
}

/* whether E is made of the segment's parameters and constants only, by
 * operations that cannot trap (*COUNT: instructions seen) */
static int invariant(LLVMValueRef e, LLVMValueRef seg, int *count) {
  if (LLVMIsAConstantInt(e))
    return 1;
  if (LLVMIsAArgument(e))
    return LLVMGetParamParent(e) == seg;
  if (!LLVMIsAInstruction(e) || ++*count > MAX_EXPR)
    return 0;
  if (LLVMGetTypeKind(LLVMTypeOf(e)) != LLVMIntegerTypeKind)
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(e);
  switch (op) {
  case LLVMUDiv:
  case LLVMURem:
  case LLVMSDiv:
  case LLVMSRem: {
    LLVMValueRef d = LLVMGetOperand(e, 1);
    if (!LLVMIsAConstantInt(d) || LLVMGetIntTypeWidth(LLVMTypeOf(d)) > 64)
      return 0;
    long long s = LLVMConstIntGetSExtValue(d);
    if (s == 0 || ((op == LLVMSDiv || op == LLVMSRem) && s == -1))
      return 0;
    return invariant(LLVMGetOperand(e, 0), seg, count);
  }
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMSelect:
  case LLVMICmp:
  case LLVMFreeze:
    break;
  default:
    return 0;
  }
  unsigned n = (unsigned)LLVMGetNumOperands(e);
  for (unsigned k = 0; k < n; k++)
    if (!invariant(LLVMGetOperand(e, k), seg, count))
      return 0;
  return 1;
}

/* a copy of invariant E at the builder, without poison flags */
static LLVMValueRef copy_expr(LLVMBuilderRef b, LLVMValueRef e) {
  if (!LLVMIsAInstruction(e))
    return e;
  LLVMOpcode op = LLVMGetInstructionOpcode(e);
  LLVMValueRef a = copy_expr(b, LLVMGetOperand(e, 0));
  switch (op) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
    return LLVMBuildCast(b, op, a, LLVMTypeOf(e), "");
  case LLVMFreeze:
    return LLVMBuildFreeze(b, a, "");
  case LLVMSelect:
    return LLVMBuildSelect(b, a, copy_expr(b, LLVMGetOperand(e, 1)),
                           copy_expr(b, LLVMGetOperand(e, 2)), "");
  case LLVMICmp:
    return LLVMBuildICmp(b, LLVMGetICmpPredicate(e), a, copy_expr(b, LLVMGetOperand(e, 1)), "");
  default:
    return LLVMBuildBinOp(b, op, a, copy_expr(b, LLVMGetOperand(e, 1)), "");
  }
}

static LLVMIntPredicate swapped(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntULT:
    return LLVMIntUGT;
  case LLVMIntULE:
    return LLVMIntUGE;
  case LLVMIntUGT:
    return LLVMIntULT;
  case LLVMIntUGE:
    return LLVMIntULE;
  case LLVMIntSLT:
    return LLVMIntSGT;
  case LLVMIntSLE:
    return LLVMIntSGE;
  case LLVMIntSGT:
    return LLVMIntSLT;
  case LLVMIntSGE:
    return LLVMIntSLE;
  default:
    return p; /* eq, ne */
  }
}

static LLVMIntPredicate negated(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ:
    return LLVMIntNE;
  case LLVMIntNE:
    return LLVMIntEQ;
  case LLVMIntULT:
    return LLVMIntUGE;
  case LLVMIntULE:
    return LLVMIntUGT;
  case LLVMIntUGT:
    return LLVMIntULE;
  case LLVMIntUGE:
    return LLVMIntULT;
  case LLVMIntSLT:
    return LLVMIntSGE;
  case LLVMIntSLE:
    return LLVMIntSGT;
  case LLVMIntSGT:
    return LLVMIntSLE;
  default:
    return LLVMIntSLT; /* sge */
  }
}

/* The loop's shape as virtualize_segment builds it and the tidy step
 * leaves it: HEAD holds the phi V and `V <u LIMIT` (either way round),
 * branching to the body's first block or out; the latch adds the step to V
 * and branches back. */
typedef struct {
  LLVMBasicBlockRef head, body, latch;
  LLVMValueRef v;
} vshape;

static int find_loop(LLVMValueRef call, vshape *s) {
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef cmp = LLVMGetUser(u);
    if (!LLVMIsAICmpInst(cmp))
      continue;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
    LLVMValueRef v =
        LLVMGetOperand(cmp, 0) == call ? LLVMGetOperand(cmp, 1) : LLVMGetOperand(cmp, 0);
    int v_left = LLVMGetOperand(cmp, 0) == v;
    if (!LLVMIsAPHINode(v) || (v_left ? p != LLVMIntULT : p != LLVMIntUGT) ||
        LLVMGetInstructionParent(v) != LLVMGetInstructionParent(cmp) || LLVMCountIncoming(v) != 2)
      continue;
    LLVMBasicBlockRef head = LLVMGetInstructionParent(cmp);
    LLVMValueRef br = LLVMGetBasicBlockTerminator(head);
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) || LLVMGetCondition(br) != cmp)
      continue;
    /* the latch: the incoming block whose value is V + step */
    LLVMBasicBlockRef latch = NULL;
    for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef in = LLVMGetIncomingValue(v, k);
      if (LLVMIsAInstruction(in) && LLVMGetInstructionOpcode(in) == LLVMAdd &&
          (LLVMGetOperand(in, 0) == v || LLVMGetOperand(in, 1) == v) &&
          LLVMGetInstructionParent(in) == LLVMGetIncomingBlock(v, k))
        latch = LLVMGetIncomingBlock(v, k);
    }
    LLVMValueRef back = latch ? LLVMGetBasicBlockTerminator(latch) : NULL;
    if (!back || !LLVMIsABranchInst(back) || LLVMIsConditional(back) ||
        LLVMGetSuccessor(back, 0) != head || LLVMGetSuccessor(br, 0) == latch)
      continue;
    s->head = head;
    s->body = LLVMGetSuccessor(br, 0);
    s->latch = latch;
    s->v = v;
    return 1;
  }
  return 0;
}

/* every way from FROM to the latch is free of effects and stays in the
 * body (no way back to the head, out of the loop, or to a return) */
static int skips_cleanly(LLVMBasicBlockRef from, const vshape *s, const gs_target *t) {
  LLVMBasicBlockRef stack[MAX_BLOCKS], seen[MAX_BLOCKS];
  size_t nstack = 0, nseen = 0;
  stack[nstack++] = from;
  while (nstack) {
    LLVMBasicBlockRef bb = stack[--nstack];
    if (bb == s->latch)
      continue;
    int was = 0;
    for (size_t k = 0; k < nseen; k++)
      was |= seen[k] == bb;
    if (was)
      continue;
    if (bb == s->head || nseen == MAX_BLOCKS)
      return 0;
    seen[nseen++] = bb;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (!pure(i, t))
        return 0;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (!term || !LLVMIsABranchInst(term))
      return 0;
    unsigned n = LLVMGetNumSuccessors(term);
    for (unsigned k = 0; k < n; k++) {
      if (nstack == MAX_BLOCKS)
        return 0;
      stack[nstack++] = LLVMGetSuccessor(term, k);
    }
  }
  return 1;
}

/* The limit past which the body does nothing, built at B, or NULL */
static LLVMValueRef trimmed_limit(LLVMBuilderRef b, LLVMValueRef seg, const vshape *s,
                                  LLVMValueRef total, const gs_target *t) {
  /* the latch: the step, the barrier between virtual workgroups, nothing
   * with an effect (a skipped workgroup would not make it) */
  for (LLVMValueRef i = LLVMGetFirstInstruction(s->latch); i; i = LLVMGetNextInstruction(i))
    if (!pure(i, t) && !is_latch_barrier(i, t))
      return NULL;
  /* from the body's start, through blocks free of effects, to its first
   * conditional branch */
  LLVMBasicBlockRef bb = s->body, seen[MAX_BLOCKS];
  size_t nseen = 0;
  LLVMValueRef br = NULL;
  while (!br) {
    for (size_t k = 0; k < nseen; k++)
      if (seen[k] == bb)
        return NULL;
    if (bb == s->head || bb == s->latch || nseen == MAX_BLOCKS)
      return NULL;
    seen[nseen++] = bb;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (!pure(i, t))
        return NULL;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (!term || !LLVMIsABranchInst(term))
      return NULL;
    if (LLVMIsConditional(term))
      br = term;
    else
      bb = LLVMGetSuccessor(term, 0);
  }
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp))
    return NULL;
  LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
  LLVMValueRef e = NULL;
  if (is_v(LLVMGetOperand(cmp, 0), s->v))
    e = LLVMGetOperand(cmp, 1);
  else if (is_v(LLVMGetOperand(cmp, 1), s->v))
    e = LLVMGetOperand(cmp, 0), p = swapped(p);
  int count = 0;
  if (!e || LLVMGetIntTypeWidth(LLVMTypeOf(e)) > 64 || !invariant(e, seg, &count))
    return NULL;
  /* the side that works: the true one, or the false one for V !p E */
  if (!skips_cleanly(LLVMGetSuccessor(br, 1), s, t)) {
    if (!skips_cleanly(LLVMGetSuccessor(br, 0), s, t))
      return NULL;
    p = negated(p);
  }
  int is_signed = p == LLVMIntSLT || p == LLVMIntSLE;
  if (p != LLVMIntULT && p != LLVMIntULE && p != LLVMIntEQ && !is_signed)
    return NULL;
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(seg));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0), one = LLVMConstInt(i64, 1, 0);
  LLVMValueRef x = copy_expr(b, e);
  if (LLVMGetIntTypeWidth(LLVMTypeOf(x)) < 64)
    x = is_signed ? LLVMBuildSExt(b, x, i64, "") : LLVMBuildZExt(b, x, i64, "");
  LLVMValueRef all = LLVMBuildZExt(b, total, i64, "");
  /* V < E: E; V <= E, V == E: E + 1, saturated at TOTAL */
  LLVMValueRef lim = x;
  if (p != LLVMIntULT && p != LLVMIntSLT)
    lim = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGE, x, all, ""), all,
                          LLVMBuildAdd(b, x, one, ""), "");
  if (is_signed)
    lim = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, x, zero, ""), zero, lim, "");
  lim = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, lim, all, ""), lim, all, "");
  return LLVMBuildFreeze(b, LLVMBuildTrunc(b, lim, i32, ""), "gs.vtrimmed");
}

void virtual_trim(LLVMModuleRef m, LLVMValueRef seg, const gs_target *t) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, VLIMIT_NAME);
  if (!fn)
    return;
  gs_vec calls;
  vec_init(&calls, sizeof(LLVMValueRef));
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef call = LLVMGetUser(u);
    if (LLVMIsACallInst(call) && LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)) == seg)
      vec_push(&calls, &call);
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (size_t k = 0; k < calls.len; k++) {
    LLVMValueRef call = VEC_AT(&calls, LLVMValueRef, k);
    LLVMValueRef total = LLVMGetOperand(call, 0);
    LLVMPositionBuilderBefore(b, call);
    vshape s;
    LLVMValueRef lim = find_loop(call, &s) ? trimmed_limit(b, seg, &s, total, t) : NULL;
    LLVMReplaceAllUsesWith(call, lim ? lim : total);
    LLVMInstructionEraseFromParent(call);
  }
  LLVMDisposeBuilder(b);
  vec_free(&calls);
}

void virtual_trim_done(LLVMModuleRef m) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, VLIMIT_NAME);
  if (fn && !LLVMGetFirstUse(fn))
    LLVMDeleteFunction(fn);
}
