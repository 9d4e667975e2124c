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
 * virtualize_segment bounds a static schedule's one-dimensional loop by
 * `gridsplit.vlimit(total, one, first, end)`, an opaque call the optimizer
 * leaves alone, which counts the launch's range [first, end) of virtual
 * workgroups below the limit; the body reads the virtual workgroup V as
 * `gridsplit.vgroup(u, first)` (first + the loop's counter), opaque too, so
 * that instcombine keeps the body's tests of V as they are (it would turn
 * `first + u == 0` into `u == -first`); both become arithmetic here.
 * Once the body is inlined and tidied, virtual_trim looks at the body's
 * first conditional branch, reached through code free of effects. Its
 * condition is comparisons joined by and, or and not (cond_limit), each of
 * the virtual workgroup V or of the global id V * S + l (S the local size,
 * l the local id) with a value E made of the segment's parameters and
 * constants only, by operations that cannot trap (launch-invariant; a
 * by-value struct's field is a load, and does not qualify). Where the side
 * the branch takes from a limit L on is free of effects (no store, atomic,
 * fence, volatile load, barrier or unknown call on any way from it to the
 * loop's latch), the virtual workgroups from L on do nothing, and the loop
 * stops at min(total, L) (gridsplit.vlimit's result counts the range below
 * it, and the reversed order's start counts from that). Otherwise the call becomes TOTAL. The
 * work side's virtual workgroups run as before.
 *
 * V < 2^31 (runners launch at most 2^31 virtual workgroups), so V read
 * through zext, sext, a truncation to 32 bits or more, or a mask keeping
 * its 31 low bits is V, and a signed comparison of it is an unsigned one.
 * The limits, for the side that works (the other side negated; == taken as
 * the <= it implies):
 *   V < E: E;   V <= E: E + 1;   signed: 0 where E < 0
 *   i < E: ceil(E / 2^k);   i <= E: floor(E / 2^k) + 1;   signed: 0 where
 *     E < 0; 2^k the greatest power of two up to S and 1024 (no division:
 *     exact for the sizes launched, more workgroups than needed for others);
 *     all of it only where i, in the W bits it is computed in, cannot wrap
 *     (total * S <= 2^W, 2^(W-1) signed), else TOTAL
 *   A && B: the lesser of the two (either alone where the other has none);
 *   A || B: the greater (both needed)
 * each computed in 64 bits and saturated at TOTAL, from a copy of E's
 * instructions made without their poison flags before the limit's call,
 * then frozen. In a dynamic schedule every virtual workgroup records its
 * choice, from LLVM 20 on as values of the loop that no store shows, and a
 * launch whose virtual workgroups were all skipped would record none (a
 * kernel whose phase only the first m workgroups run, with m = 0, ended
 * there with other bytes on lavapipe): virtualize_segment bounds only a
 * segment with one successor, whose invocations all make the same choice,
 * and asks for one virtual workgroup at least (vlimit's second argument),
 * which records it. Workgroup barriers and the copies of workgroup memory
 * are no effects here (skip_effect), and with that one virtual workgroup
 * the stores only the grid's first invocation makes are passed by
 * (past_first). */
#include "gs.h"

#include <stdlib.h>
#include <string.h>

#define VLIMIT_NAME "gridsplit.vlimit"
#define VGROUP_NAME "gridsplit.vgroup"
#define MAX_BLOCKS 64
#define MAX_EXPR 48

LLVMValueRef virtual_range_count(LLVMBuilderRef b, LLVMValueRef limit, LLVMValueRef first,
                                 LLVMValueRef end) {
  LLVMValueRef hi =
      LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, end, limit, ""), end, limit, "");
  return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, hi, first, ""),
                         LLVMBuildSub(b, hi, first, ""), LLVMConstInt(LLVMTypeOf(first), 0, 0),
                         "gs.vcount");
}

/* The opaque i32 function NAME of NPARAMS i32 parameters, declared in M
 * where it is not yet; *FTY its type */
static LLVMValueRef opaque_fn(LLVMModuleRef m, const char *name, unsigned nparams,
                              LLVMTypeRef *fty) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef four[4] = {i32, i32, i32, i32};
  *fty = LLVMFunctionType(i32, four, nparams, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  if (!fn) {
    fn = LLVMAddFunction(m, name, *fty);
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
  return fn;
}

LLVMValueRef virtual_limit(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef total, int one,
                           LLVMValueRef first, LLVMValueRef end) {
  LLVMTypeRef fty;
  LLVMValueRef fn = opaque_fn(m, VLIMIT_NAME, 4, &fty);
  LLVMValueRef args[4] = {total, LLVMConstInt(LLVMTypeOf(total), one ? 1 : 0, 0), first, end};
  return LLVMBuildCall2(b, fty, fn, args, 4, "gs.vlimit");
}

LLVMValueRef virtual_group(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef u, LLVMValueRef base) {
  LLVMTypeRef fty;
  LLVMValueRef fn = opaque_fn(m, VGROUP_NAME, 2, &fty);
  LLVMValueRef args[2] = {u, base};
  return LLVMBuildCall2(b, fty, fn, args, 2, "gs.vw");
}

/* whether X is a call of virtual_group's placeholder */
static int is_vgroup(LLVMValueRef x) { return ir_calls(x, VGROUP_NAME); }

/* X is the virtual workgroup BASE + U (U the loop's counter in the
 * launch's range, which begins at BASE), read as the comment at the top
 * says */
static int is_v(LLVMValueRef x, LLVMValueRef u, LLVMValueRef base) {
  for (int depth = 0; depth < 8; depth++) {
    if (!LLVMIsAInstruction(x))
      return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(x);
    if (op == LLVMCall)
      return is_vgroup(x) && LLVMGetOperand(x, 0) == u && LLVMGetOperand(x, 1) == base;
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
  default:
    if (!ir_is_integer_op(op) && op != LLVMSelect && op != LLVMICmp && op != LLVMFreeze)
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
  LLVMValueRef v, base; /* the virtual workgroup is BASE + V */
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
    s->base = LLVMGetOperand(call, 2);
    return 1;
  }
  return 0;
}

/* Whether I has an effect a skipped virtual workgroup would miss: not a
 * workgroup barrier (every invocation of the physical workgroup skips the
 * same virtual workgroups), nor a copy of workgroup memory between the live
 * state and the segment's variables (tagged so: lib/state.c). A virtual
 * workgroup restores its own copy of them at its start and saves it at its
 * end, both where the workgroup is narrow (lib/wg_cover.c) or both always:
 * one that does nothing else saves what it restored, and after the loop's
 * last one nothing reads the variables. */
static int skip_effect(LLVMValueRef i, const gs_target *t) {
  if (!attr_inst_has_effect(i, t, 1) || is_vgroup(i))
    return 0;
  int copy = ir_has_md(i, GS_WORKGROUP_RESTORE_MD) || ir_has_md(i, GS_WORKGROUP_SAVE_MD);
  return !(copy && (LLVMIsAStoreInst(i) || LLVMIsALoadInst(i)) && !LLVMGetVolatile(i) &&
           LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic);
}

/* The successor a virtual workgroup from 1 on takes at TERM, a branch to
 * the stores only the grid's first invocation makes (tagged so: lib/clone.c;
 * its first successor is theirs): in the one-dimensional loop, V >= 1 has
 * global ids from the local size on. NULL for another branch. (Where the
 * loop runs virtual workgroup 0 whatever the limit.) */
static LLVMBasicBlockRef past_first(LLVMValueRef term) {
  if (!LLVMIsConditional(term) || !ir_has_md(term, GS_FIRST_INVOCATION_MD))
    return NULL;
  return LLVMGetSuccessor(term, 1);
}

/* every way from FROM to SINK (the latch, or a block where the body goes
 * on) is free of effects (skip_effect) and stays in the body (no way back
 * to the head, out of the loop, or to a return); with ONE (virtual
 * workgroup 0 runs whatever the limit), at a branch to the first
 * invocation's stores only the other way */
static int skips_to(LLVMBasicBlockRef from, LLVMBasicBlockRef sink, const vshape *s,
                    const gs_target *t, int one) {
  LLVMBasicBlockRef stack[MAX_BLOCKS], seen[MAX_BLOCKS];
  size_t nstack = 0, nseen = 0;
  stack[nstack++] = from;
  while (nstack) {
    LLVMBasicBlockRef bb = stack[--nstack];
    if (bb == sink)
      continue;
    int was = 0;
    for (size_t k = 0; k < nseen; k++)
      was |= seen[k] == bb;
    if (was)
      continue;
    if (bb == s->head || bb == s->latch || nseen == MAX_BLOCKS)
      return 0;
    seen[nseen++] = bb;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (skip_effect(i, t))
        return 0;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (!term || !LLVMIsABranchInst(term))
      return 0;
    LLVMBasicBlockRef other = one ? past_first(term) : NULL;
    if (other) {
      if (nstack == MAX_BLOCKS)
        return 0;
      stack[nstack++] = other;
      continue;
    }
    unsigned n = LLVMGetNumSuccessors(term);
    for (unsigned k = 0; k < n; k++) {
      if (nstack == MAX_BLOCKS)
        return 0;
      stack[nstack++] = LLVMGetSuccessor(term, k);
    }
  }
  return 1;
}

/* A query call as the target builds it (the local id or size in dimension
 * 0), to recognise the body's */
typedef struct {
  char *name;
  unsigned nargs;
  LLVMValueRef args[2];
} query_ref;

static void query_ref_make(query_ref *r, LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t,
                           gs_query q) {
  memset(r, 0, sizeof *r);
  LLVMValueRef x = t->build_query(b, m, q, 0), top = x;
  while (LLVMIsACastInst(x))
    x = LLVMGetOperand(x, 0);
  if (LLVMIsACallInst(x) && LLVMGetNumArgOperands(x) <= 2 && ir_callee_name(x)) {
    r->name = gs_strdup(ir_callee_name(x));
    r->nargs = LLVMGetNumArgOperands(x);
    for (unsigned k = 0; k < r->nargs; k++)
      r->args[k] = LLVMGetOperand(x, k);
  }
  while (top != x) {
    LLVMValueRef inner = LLVMGetOperand(top, 0);
    LLVMInstructionEraseFromParent(top);
    top = inner;
  }
  if (LLVMIsAInstruction(x))
    LLVMInstructionEraseFromParent(x);
}

/* X is the query R, read through casts that keep a local id or size */
static int is_query(LLVMValueRef x, const query_ref *r) {
  while (LLVMIsAZExtInst(x) || (LLVMIsATruncInst(x) && LLVMGetIntTypeWidth(LLVMTypeOf(x)) >= 16))
    x = LLVMGetOperand(x, 0);
  if (!r->name || !LLVMIsACallInst(x) || LLVMGetNumArgOperands(x) != r->nargs)
    return 0;
  const char *callee = ir_callee_name(x);
  if (!callee || strcmp(callee, r->name))
    return 0;
  for (unsigned k = 0; k < r->nargs; k++)
    if (LLVMGetOperand(x, k) != r->args[k])
      return 0;
  return 1;
}

typedef struct {
  LLVMBuilderRef b;
  LLVMModuleRef m;
  LLVMValueRef seg, v, base;
  const gs_target *t;
  query_ref lid, lsize;
  int build;              /* 0: only whether a limit exists */
  LLVMValueRef all, size; /* i64: the virtual workgroups, the local size (built) */
} trim_ctx;

/* X is the global id in dimension 0, V * local size + local id, computed in
 * *WIDTH bits (the narrowest of the arithmetic and its casts: where it
 * wraps) */
static int is_global_id(const trim_ctx *c, LLVMValueRef x, unsigned *width) {
  if (LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind)
    return 0;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
  for (int depth = 0; depth < 8; depth++) {
    if (LLVMIsATruncInst(x)) {
      unsigned to = LLVMGetIntTypeWidth(LLVMTypeOf(x));
      w = to < w ? to : w;
    } else if (LLVMIsAZExtInst(x)) {
      unsigned from = LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(x, 0)));
      w = from < w ? from : w;
    } else if (LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMAnd &&
               LLVMIsAConstantInt(LLVMGetOperand(x, 1)) &&
               LLVMGetIntTypeWidth(LLVMTypeOf(x)) <= 64) {
      unsigned long long mask = LLVMConstIntGetZExtValue(LLVMGetOperand(x, 1));
      unsigned k = 0;
      while (k < 64 && (mask >> k & 1))
        k++;
      if (k < 8 || (k < 64 && mask >> k))
        return 0;
      w = k < w ? k : w;
    } else {
      break;
    }
    x = LLVMGetOperand(x, 0);
  }
  if (!LLVMIsAInstruction(x) || LLVMGetInstructionOpcode(x) != LLVMAdd)
    return 0;
  unsigned aw = LLVMGetIntTypeWidth(LLVMTypeOf(x));
  w = aw < w ? aw : w;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef mul = LLVMGetOperand(x, k), lid = LLVMGetOperand(x, 1 - k);
    if (!is_query(lid, &c->lid) || !LLVMIsAInstruction(mul) ||
        LLVMGetInstructionOpcode(mul) != LLVMMul)
      continue;
    for (unsigned j = 0; j < 2; j++)
      if (is_v(LLVMGetOperand(mul, j), c->v, c->base) &&
          is_query(LLVMGetOperand(mul, 1 - j), &c->lsize)) {
        *width = w;
        return 1;
      }
  }
  return 0;
}

/* E + 1, saturated at the virtual workgroups */
static LLVMValueRef plus_one(const trim_ctx *c, LLVMValueRef x) {
  LLVMTypeRef i64 = LLVMTypeOf(x);
  return LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntUGE, x, c->all, ""), c->all,
                         LLVMBuildAdd(c->b, x, LLVMConstInt(i64, 1, 0), ""), "");
}

/* A limit L (i64) such that CMP has the value WANT for no invocation of a
 * virtual workgroup V >= L, or NULL; without c->build, C->all for a limit */
static LLVMValueRef compare_limit(trim_ctx *c, LLVMValueRef cmp, int want) {
  LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
  LLVMValueRef e = NULL;
  unsigned width = 0;
  int gid = 0;
  for (unsigned k = 0; k < 2 && !e; k++) {
    LLVMValueRef x = LLVMGetOperand(cmp, k);
    if (is_v(x, c->v, c->base) || (gid = is_global_id(c, x, &width)))
      e = LLVMGetOperand(cmp, 1 - k), p = k ? swapped(p) : p;
  }
  if (!want)
    p = negated(p);
  if (p == LLVMIntEQ)
    p = LLVMIntULE; /* a subset */
  int is_signed = p == LLVMIntSLT || p == LLVMIntSLE;
  int count = 0;
  if (!e || (p != LLVMIntULT && p != LLVMIntULE && !is_signed) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(e)) > 64 || !invariant(e, c->seg, &count))
    return NULL;
  if (!c->build)
    return c->all;
  LLVMBuilderRef b = c->b;
  LLVMTypeRef i64 = LLVMTypeOf(c->all);
  LLVMValueRef zero = LLVMConstInt(i64, 0, 0), x = copy_expr(b, e), lim;
  if (LLVMGetIntTypeWidth(LLVMTypeOf(x)) < 64)
    x = is_signed ? LLVMBuildSExt(b, x, i64, "") : LLVMBuildZExt(b, x, i64, "");
  int le = p == LLVMIntULE || p == LLVMIntSLE;
  if (!gid) {
    /* V < E: E; V <= E: E + 1 */
    lim = le ? plus_one(c, x) : x;
  } else {
    /* some V * S + l (0 <= l < S) < E: V < ceil(E / S); <= E: V <= E / S.
     * From E >= all * S on, every virtual workgroup. No division, which
     * NVPTX expands to a branch and a long sequence ahead of the loop (a
     * static Jacobi sweep at 2^20 took 0.5 us longer): the division by
     * 2^k, the greatest power of two up to S and 1024 (k a sum of
     * comparisons), which bounds the same from above: exact for the sizes
     * launched (powers of two), more workgroups than needed for others */
    if (!c->size)
      c->size = LLVMBuildZExt(b, c->t->build_query(b, c->m, Q_LOCAL_SIZE, 0), i64, "");
    LLVMValueRef s = c->size, one = LLVMConstInt(i64, 1, 0);
    LLVMValueRef bit[10];
    unsigned nbit = 0;
    for (unsigned k = 2; k <= 1024; k *= 2)
      bit[nbit++] =
          LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntUGE, s, LLVMConstInt(i64, k, 0), ""), i64, "");
    while (nbit > 1) { /* added pairwise: four deep, not ten */
      unsigned half = 0;
      for (unsigned k = 0; k < nbit; k += 2)
        bit[half++] = k + 1 < nbit ? LLVMBuildAdd(b, bit[k], bit[k + 1], "") : bit[k];
      nbit = half;
    }
    LLVMValueRef log2 = bit[0];
    LLVMValueRef reach = LLVMBuildMul(b, c->all, s, "");
    LLVMValueRef p2 = LLVMBuildShl(b, one, log2, "");
    LLVMValueRef q =
        le ? LLVMBuildAdd(b, LLVMBuildLShr(b, x, log2, ""), one, "")
           : LLVMBuildLShr(b, LLVMBuildSub(b, LLVMBuildAdd(b, x, p2, ""), one, ""), log2, "");
    lim = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, x, reach, ""), q, c->all, "");
    if (is_signed) /* no global id is below a negative E */
      lim = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, x, zero, ""), zero, lim, "");
    /* all of which holds only while the global id cannot wrap in its WIDTH
     * bits (for a signed comparison: stays below 2^(WIDTH-1)); a char's id
     * wraps past 127 (a reviewer's kernel: `(char)i < -100` is true again
     * from 128 on) */
    unsigned bits = width - (is_signed ? 1 : 0);
    if (bits < 64)
      lim = LLVMBuildSelect(
          b, LLVMBuildICmp(b, LLVMIntULE, reach, LLVMConstInt(i64, 1ull << bits, 0), ""), lim,
          c->all, "");
    return lim;
  }
  if (is_signed)
    lim = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, x, zero, ""), zero, lim, "");
  return lim;
}

/* A limit such that condition X is WANT for no invocation of a virtual
 * workgroup from it on (comparisons joined by and, or and not), or NULL */
static LLVMValueRef cond_limit(trim_ctx *c, LLVMValueRef x, int want, int depth) {
  if (depth > 8 || !LLVMIsAInstruction(x))
    return NULL;
  if (LLVMIsAICmpInst(x))
    return compare_limit(c, x, want);
  LLVMOpcode op = LLVMGetInstructionOpcode(x);
  LLVMValueRef a, bb;
  int both; /* WANT needs both sides (then the lesser limit serves), else either */
  if (op == LLVMXor && LLVMIsAConstantInt(LLVMGetOperand(x, 1)) &&
      LLVMConstIntGetZExtValue(LLVMGetOperand(x, 1)) == 1)
    return cond_limit(c, LLVMGetOperand(x, 0), !want, depth + 1);
  if (op == LLVMAnd || op == LLVMOr) {
    a = LLVMGetOperand(x, 0), bb = LLVMGetOperand(x, 1);
    both = (op == LLVMAnd) == want;
  } else if (op == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(x, 2)) &&
             !LLVMConstIntGetZExtValue(LLVMGetOperand(x, 2))) {
    a = LLVMGetOperand(x, 0), bb = LLVMGetOperand(x, 1); /* a && b */
    both = want;
  } else if (op == LLVMSelect && LLVMIsAConstantInt(LLVMGetOperand(x, 1)) &&
             LLVMConstIntGetZExtValue(LLVMGetOperand(x, 1))) {
    a = LLVMGetOperand(x, 0), bb = LLVMGetOperand(x, 2); /* a || b */
    both = !want;
  } else {
    return NULL;
  }
  if (LLVMGetIntTypeWidth(LLVMTypeOf(x)) != 1)
    return NULL;
  LLVMValueRef la = cond_limit(c, a, want, depth + 1), lb = cond_limit(c, bb, want, depth + 1);
  if (!both && (!la || !lb))
    return NULL;
  if (!la || !lb)
    return la ? la : lb;
  if (!c->build)
    return c->all;
  LLVMIntPredicate pick = both ? LLVMIntULT : LLVMIntUGT;
  return LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, pick, la, lb, ""), la, lb, "");
}

/* The limit past which the body does nothing, built at C->b, or NULL */
static LLVMValueRef trimmed_limit(trim_ctx *c, const vshape *s, LLVMValueRef total, int one) {
  const gs_target *t = c->t;
  /* the latch: the step, the barrier between virtual workgroups, nothing
   * with an effect (a skipped workgroup would not make it) */
  for (LLVMValueRef i = LLVMGetFirstInstruction(s->latch); i; i = LLVMGetNextInstruction(i))
    if (skip_effect(i, t))
      return NULL;
  /* from the body's start, through blocks free of effects (skip_effect),
   * to its first conditional branch that does not only pass by a region
   * free of them (the restore of workgroup memory where the workgroup is
   * narrow: lib/wg_cover.c) */
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
      if (skip_effect(i, t))
        return NULL;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (!term || !LLVMIsABranchInst(term))
      return NULL;
    if (!LLVMIsConditional(term)) {
      bb = LLVMGetSuccessor(term, 0);
      continue;
    }
    LLVMBasicBlockRef yes = LLVMGetSuccessor(term, 0), no = LLVMGetSuccessor(term, 1);
    if (one && past_first(term))
      bb = no;
    else if (skips_to(yes, no, s, t, one))
      bb = no;
    else if (skips_to(no, yes, s, t, one))
      bb = yes;
    else
      br = term;
  }
  /* the side that works: the true one (skipping on false), or the false */
  int want = 1;
  if (!skips_to(LLVMGetSuccessor(br, 1), s->latch, s, t, one)) {
    if (!skips_to(LLVMGetSuccessor(br, 0), s->latch, s, t, one))
      return NULL;
    want = 0;
  }
  LLVMContextRef ctx = LLVMGetModuleContext(c->m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  c->v = s->v;
  c->base = s->base;
  c->build = 0;
  c->all = LLVMConstInt(i64, 0, 0); /* a placeholder for the dry run */
  if (!cond_limit(c, LLVMGetCondition(br), want, 0))
    return NULL;
  c->build = 1;
  c->all = LLVMBuildZExt(c->b, total, i64, "");
  c->size = NULL; /* built where a global id needs it */
  LLVMValueRef lim = cond_limit(c, LLVMGetCondition(br), want, 0);
  lim = LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntULT, lim, c->all, ""), lim, c->all, "");
  /* with ONE, virtual workgroup 0 runs (it records the choice of a
   * dynamic schedule, and holds the first invocation, whose stores the
   * skipped ones were assumed not to make; TOTAL is 1 at least) */
  if (one)
    lim = LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntEQ, lim, LLVMConstInt(i64, 0, 0), ""),
                          LLVMConstInt(i64, 1, 0), lim, "");
  return LLVMBuildFreeze(c->b, LLVMBuildTrunc(c->b, lim, i32, ""), "gs.vtrimmed");
}

void virtual_trim(LLVMModuleRef m, LLVMValueRef seg, const gs_target *t) {
  gs_vec calls;
  ir_calls_of(seg, VLIMIT_NAME, &calls);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  trim_ctx c = {b, m, seg, NULL, NULL, t, {0}, {0}, 0, NULL, NULL};
  if (calls.len) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(seg);
    LLVMPositionBuilder(b, entry, LLVMGetFirstInstruction(entry));
    query_ref_make(&c.lid, b, m, t, Q_LOCAL_ID);
    query_ref_make(&c.lsize, b, m, t, Q_LOCAL_SIZE);
  }
  for (size_t k = 0; k < calls.len; k++) {
    LLVMValueRef call = VEC_AT(&calls, LLVMValueRef, k);
    LLVMValueRef total = LLVMGetOperand(call, 0), one = LLVMGetOperand(call, 1);
    LLVMPositionBuilderBefore(b, call);
    vshape s;
    LLVMValueRef lim =
        find_loop(call, &s)
            ? trimmed_limit(&c, &s, total, LLVMIsAConstantInt(one) && LLVMConstIntGetZExtValue(one))
            : NULL;
    LLVMReplaceAllUsesWith(call, virtual_range_count(b, lim ? lim : total, LLVMGetOperand(call, 2),
                                                     LLVMGetOperand(call, 3)));
    LLVMInstructionEraseFromParent(call);
  }
  /* the virtual workgroups the bodies read, as what they are */
  vec_free(&calls);
  ir_calls_of(seg, VGROUP_NAME, &calls);
  for (size_t k = 0; k < calls.len; k++) {
    LLVMValueRef call = VEC_AT(&calls, LLVMValueRef, k);
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef w = LLVMBuildAdd(b, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1), "");
    LLVMReplaceAllUsesWith(call, w);
    LLVMInstructionEraseFromParent(call);
  }
  LLVMDisposeBuilder(b);
  free(c.lid.name);
  free(c.lsize.name);
  vec_free(&calls);
}

void virtual_trim_done(LLVMModuleRef m) {
  static const char *const names[] = {VLIMIT_NAME, VGROUP_NAME};
  for (size_t k = 0; k < 2; k++) {
    LLVMValueRef fn = LLVMGetNamedFunction(m, names[k]);
    if (fn && !LLVMGetFirstUse(fn))
      LLVMDeleteFunction(fn);
  }
}
