/* gridsplit: loops that add up loaded values, unrolled where the target asks
 * (gs_target.unroll_sums; NVPTX: by 4, as nvcc unrolls them).
 *
 * A loop such as `for (k = lid; k < get_num_groups(0); k += 256) t +=
 * part[k]` waits for every load in turn: the add needs it, and the next load
 * is issued after the add. Where one workgroup does it while the rest of the
 * grid is idle (bench/gpu's conjugate gradient sums its partial sums so),
 * that latency is the segment's time. Unrolled, the loads of four iterations
 * are in flight together; the adds keep their order, so the bytes are the
 * same. LLVM's own runtime unrolling declines such loops on its heuristics,
 * and after the split the bound is the virtual group count (lib/virtual.c
 * bounds it by 2^31, so that the trip count is known without wrapping).
 *
 * Which loops: two blocks (a test heading a body) or one, with at most
 * MAX_INSTRUCTIONS instructions, no stores, atomics, fences, volatile loads
 * or calls other than the target's pure queries, a test of an induction
 * that advances by a constant (a grid-stride loop's stride is no constant:
 * unrolled, each copy would test and leave), and a value carried around
 * the loop that is computed from a load in it. Such a loop's loads are
 * tagged; LLVM rotates the loop (the test then ends the body, a remainder
 * loop is possible), the tagged rotated loop gets `llvm.loop.unroll.count`,
 * and loop-unroll does the rest. Only the functions holding such a loop go
 * through those passes: the others are `optnone` meanwhile, which LLVM's
 * pass instrumentation honours, and keep the shape they had. */
#include "gs.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

enum { MAX_INSTRUCTIONS = 40 };

static const char TAG[] = "gs.unroll";

/* the unconditional branch's target, or NULL */
static LLVMBasicBlockRef jumps_to(LLVMBasicBlockRef bb) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t))
    return NULL;
  return LLVMGetSuccessor(t, 0);
}

/* how many terminators branch to BB */
static int branches_to(LLVMBasicBlockRef bb) {
  int n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u))
    n += LLVMIsATerminatorInst(LLVMGetUser(u)) != NULL;
  return n;
}

static int in_loop(LLVMValueRef v, LLVMBasicBlockRef h, LLVMBasicBlockRef b) {
  if (!LLVMIsAInstruction(v))
    return 0;
  LLVMBasicBlockRef p = LLVMGetInstructionParent(v);
  return p == h || p == b;
}

/* V, computed in the loop {H, B}, depends there on a load (the search stops
 * at H's phis: the values carried around). *BUDGET bounds the values
 * visited: a value reached along many paths (t = t * t, again and again)
 * made the walk exponential. */
static int from_load(LLVMValueRef v, LLVMBasicBlockRef h, LLVMBasicBlockRef b, int *budget) {
  if (!in_loop(v, h, b) || --*budget < 0)
    return 0;
  if (LLVMIsALoadInst(v))
    return 1;
  if (LLVMIsAPHINode(v))
    return 0;
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (from_load(LLVMGetOperand(v, i), h, b, budget))
      return 1;
  return 0;
}

/* PHI + C or C + PHI, C a constant integer */
static int steps(LLVMValueRef v, LLVMValueRef phi) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd)
    return 0;
  LLVMValueRef a = LLVMGetOperand(v, 0), c = LLVMGetOperand(v, 1);
  if (c == phi) {
    c = a;
    a = phi;
  }
  return a == phi && LLVMIsAConstantInt(c);
}

/* The loop {H, B}, which TERM (H's branch) leaves, counts: its test compares
 * an induction phi of H, or the phi's next value, that advances by a
 * constant, with a value from outside the loop. Then LLVM knows the trip
 * count (when the induction cannot wrap) and unrolls with a remainder loop;
 * otherwise every copy would test and leave, and no load would move. */
static int counted(LLVMBasicBlockRef h, LLVMBasicBlockRef b, LLVMValueRef term) {
  LLVMValueRef cmp = LLVMGetCondition(term);
  if (!LLVMIsAICmpInst(cmp))
    return 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(h); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    LLVMValueRef next = NULL;
    for (unsigned k = 0; k < LLVMCountIncoming(phi); k++)
      if (LLVMGetIncomingBlock(phi, k) == b)
        next = LLVMGetIncomingValue(phi, k);
    if (!next || !steps(next, phi))
      continue;
    for (int k = 0; k < 2; k++) {
      LLVMValueRef iv = LLVMGetOperand(cmp, k), bound = LLVMGetOperand(cmp, 1 - k);
      if ((iv == phi || iv == next) && !in_loop(bound, h, b))
        return 1;
    }
  }
  return 0;
}

/* the instructions of BB are all a summing loop may hold; *LOADS counts its
 * loads */
static int plain_block(LLVMBasicBlockRef bb, const gs_target *t, int *count, int *loads) {
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
    if (++*count > MAX_INSTRUCTIONS)
      return 0;
    if (LLVMIsALoadInst(in)) {
      if (LLVMGetVolatile(in) || LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
        return 0;
      ++*loads;
    } else if (LLVMIsAStoreInst(in) || LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in) ||
               LLVMIsAFenceInst(in)) {
      return 0;
    } else if (ir_is_call(in)) {
      const char *name = ir_callee_name(in);
      if (!name || !t->is_pure_query(name))
        return 0;
    }
  }
  return 1;
}

/* Tags the loads of the loop H heads, if it is a summing loop; 1 if so */
static int tag_loop(LLVMBasicBlockRef h, const gs_target *t, unsigned tag_kind,
                    unsigned loop_kind) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(h);
  if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term))
    return 0;
  /* B: the body, H itself for a loop of one block */
  LLVMBasicBlockRef b = NULL;
  for (unsigned k = 0; k < 2 && !b; k++) {
    LLVMBasicBlockRef s = LLVMGetSuccessor(term, k);
    if (s == h || (jumps_to(s) == h && branches_to(s) == 1))
      b = s;
  }
  if (!b)
    return 0;
  LLVMValueRef latch = LLVMGetBasicBlockTerminator(b);
  if (LLVMGetMetadata(latch, loop_kind)) /* the user's own wishes */
    return 0;
  int count = 0, loads = 0;
  if (!plain_block(h, t, &count, &loads) || (b != h && !plain_block(b, t, &count, &loads)) ||
      !loads)
    return 0;
  if (!counted(h, b, term))
    return 0;
  int sums = 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(h); phi && LLVMIsAPHINode(phi) && !sums;
       phi = LLVMGetNextInstruction(phi))
    for (unsigned k = 0; k < LLVMCountIncoming(phi); k++)
      if (LLVMGetIncomingBlock(phi, k) == b) {
        int budget = 8 * MAX_INSTRUCTIONS;
        sums |= from_load(LLVMGetIncomingValue(phi, k), h, b, &budget);
      }
  if (!sums)
    return 0;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(term));
  LLVMValueRef empty = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0));
  LLVMBasicBlockRef blocks[2] = {h, b};
  for (int k = 0; k < (b == h ? 1 : 2); k++)
    for (LLVMValueRef in = LLVMGetFirstInstruction(blocks[k]); in; in = LLVMGetNextInstruction(in))
      if (LLVMIsALoadInst(in))
        LLVMSetMetadata(in, tag_kind, empty);
  return 1;
}

/* After rotation: every loop of one block holding a tagged load asks to be
 * unrolled COUNT times; the tags go. Returns how many loops asked. */
static int mark_tagged(LLVMValueRef fn, unsigned count, unsigned tag_kind, unsigned loop_kind) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  int marked = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    int tagged = 0;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      if (LLVMIsALoadInst(in) && LLVMGetMetadata(in, tag_kind)) {
        tagged = 1;
        LLVMSetMetadata(in, tag_kind, NULL);
      }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    int self = 0;
    for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++)
      self |= LLVMGetSuccessor(term, k) == bb;
    if (!tagged || !self || LLVMGetInstructionOpcode(term) != LLVMBr ||
        LLVMGetMetadata(term, loop_kind))
      continue;
    LLVMMetadataRef ask[2] = {
        LLVMMDStringInContext2(ctx, "llvm.loop.unroll.count", 22),
        LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), count, 0))};
    /* a loop ID's first operand is the ID itself: a temporary, replaced */
    LLVMMetadataRef tmp = LLVMTemporaryMDNode(ctx, NULL, 0);
    LLVMMetadataRef ops[2] = {tmp, LLVMMDNodeInContext2(ctx, ask, 2)};
    LLVMMetadataRef id = LLVMMDNodeInContext2(ctx, ops, 2);
    LLVMMetadataReplaceAllUsesWith(tmp, id);
    LLVMSetMetadata(term, loop_kind, LLVMMetadataAsValue(ctx, id));
    marked++;
  }
  return marked;
}

/* optnone (with the noinline it needs, and without an alwaysinline, which
 * the verifier does not let stand beside noinline) on every defined function
 * of M but those in CHOSEN, or all as before again (ON 0); HELD: the
 * functions changed, HELD_NOINLINE where noinline was there before (and
 * stays), HELD_ALWAYS where alwaysinline was (and comes back) */
enum { HELD_ANY = 1, HELD_NOINLINE = 2, HELD_ALWAYS = 4 };
static void hold_others(LLVMModuleRef m, const gs_map *chosen, gs_map *held, int on) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMAttributeIndex fn_index = (LLVMAttributeIndex)LLVMAttributeFunctionIndex;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || map_get(chosen, f, NULL))
      continue;
    if (on) {
      if (LLVMGetEnumAttributeAtIndex(f, fn_index, optnone))
        continue; /* the user's own: stays */
      intptr_t how = HELD_ANY;
      if (LLVMGetEnumAttributeAtIndex(f, fn_index, noinline))
        how |= HELD_NOINLINE;
      if (LLVMGetEnumAttributeAtIndex(f, fn_index, always)) {
        how |= HELD_ALWAYS;
        LLVMRemoveEnumAttributeAtIndex(f, fn_index, always);
      }
      map_put(held, f, how);
      LLVMAddAttributeAtIndex(f, fn_index, LLVMCreateEnumAttribute(ctx, optnone, 0));
      LLVMAddAttributeAtIndex(f, fn_index, LLVMCreateEnumAttribute(ctx, noinline, 0));
    } else {
      intptr_t how = 0;
      if (!map_get(held, f, &how))
        continue;
      LLVMRemoveEnumAttributeAtIndex(f, fn_index, optnone);
      if (!(how & HELD_NOINLINE))
        LLVMRemoveEnumAttributeAtIndex(f, fn_index, noinline);
      if (how & HELD_ALWAYS)
        LLVMAddAttributeAtIndex(f, fn_index, LLVMCreateEnumAttribute(ctx, always, 0));
    }
  }
}

gs_error *unroll_sums(LLVMModuleRef m, const gs_map *segments, const gs_target *t) {
  unsigned count = t->unroll_sums;
  if (!count)
    return NULL;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned tag_kind = LLVMGetMDKindIDInContext(ctx, TAG, sizeof TAG - 1);
  unsigned loop_kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  gs_map chosen;
  map_init(&chosen);
  for (size_t i = 0; i < segments->cap; i++) {
    LLVMValueRef fn = (LLVMValueRef)segments->slots[i].key;
    int tagged = 0;
    for (LLVMBasicBlockRef bb = fn ? LLVMGetFirstBasicBlock(fn) : NULL; bb;
         bb = LLVMGetNextBasicBlock(bb))
      tagged |= tag_loop(bb, t, tag_kind, loop_kind);
    if (tagged)
      map_put(&chosen, fn, 1);
  }
  gs_error *err = NULL;
  if (chosen.len) {
    gs_map held;
    map_init(&held);
    hold_others(m, &chosen, &held, 1);
    /* the attributes held must leave a valid module (an error, not the
     * verifier pass's abort) */
    err = ir_verify(m, "module with loops held for unrolling");
    if (!err)
      err = ir_run_passes(m, "function(loop(loop-rotate))", NULL);
    int marked = 0;
    for (size_t i = 0; !err && i < chosen.cap; i++)
      if (chosen.slots[i].key)
        marked += mark_tagged((LLVMValueRef)chosen.slots[i].key, count, tag_kind, loop_kind);
    if (!err && marked)
      err = ir_run_passes(m, "function(loop-unroll<O2>,instsimplify,simplifycfg)", NULL);
    hold_others(m, &chosen, &held, 0);
    map_free(&held);
    for (size_t i = 0; !err && i < chosen.cap; i++)
      if (chosen.slots[i].key)
        ir_tidy_blocks((LLVMValueRef)chosen.slots[i].key);
  }
  map_free(&chosen);
  return err;
}
