/* The control-word protocol of a dynamic schedule (docs/split.md, "The
 * control word"): what the split's segments and lib/virtual.c's loops over
 * virtual workgroups build to choose the next segment, flag a divergent
 * barrier, and run only when it is their turn. */
#include "gs.h"

/* Word WHICH (GS_CONTROL_*) of the control word CONTROL */
LLVMValueRef control_word_at(LLVMBuilderRef b, LLVMValueRef control, unsigned which) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(control));
  LLVMValueRef at = LLVMConstInt(LLVMInt64TypeInContext(ctx), which, 0);
  return LLVMBuildGEP2(b, LLVMInt32TypeInContext(ctx), control, &at, 1, "");
}

/* The control word (docs/split.md): control[0] the next segment, first
 * come; control[1] set when two invocations disagree (SPEC section 2: a
 * divergent barrier). Every invocation of the grid passes here: an atomic for
 * each would queue them all on one word, so only those that do not already
 * read their choice WANT there (a volatile read, which a stale cache cannot
 * answer wrongly: the word changes once, from unset) try to set it, and only
 * a disagreement raises the flag. Leaves B at the continuation. */
void control_build_choice(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef control,
                          LLVMValueRef want) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(want));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef unset = LLVMConstInt(i32, (unsigned long long)GS_CONTROL_UNSET, 1);
  LLVMValueRef seen = LLVMBuildLoad2(b, i32, control, "gs.chosen");
  LLVMSetVolatile(seen, 1);
  LLVMBasicBlockRef claim = LLVMAppendBasicBlockInContext(ctx, fn, "gs.claim");
  LLVMBasicBlockRef differ = LLVMAppendBasicBlockInContext(ctx, fn, "gs.disagree");
  LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(ctx, fn, "gs.chosen");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, seen, want, ""), out, claim);
  LLVMPositionBuilderAtEnd(b, claim);
  LLVMValueRef pair = LLVMBuildAtomicCmpXchg(b, control, unset, want, LLVMAtomicOrderingMonotonic,
                                             LLVMAtomicOrderingMonotonic, 0);
  LLVMValueRef old = LLVMBuildExtractValue(b, pair, 0, "");
  LLVMValueRef agree = LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntEQ, old, unset, ""),
                                   LLVMBuildICmp(b, LLVMIntEQ, old, want, ""), "");
  LLVMBuildCondBr(b, agree, out, differ);
  LLVMPositionBuilderAtEnd(b, differ);
  control_build_disagree(b, control);
  LLVMBuildBr(b, out);
  LLVMPositionBuilderAtEnd(b, out);
}

LLVMValueRef control_order_bit(LLVMBuilderRef b, LLVMValueRef order, unsigned bit,
                               const char *name) {
  LLVMTypeRef ty = LLVMTypeOf(order);
  return LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, order, LLVMConstInt(ty, bit, 0), ""),
                       LLVMConstInt(ty, 0, 0), name);
}

LLVMValueRef control_build_guard(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef control,
                                 unsigned segment, LLVMValueRef vouched,
                                 LLVMValueRef vouched_launch) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(control));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(ctx, fn, "gs.run");
  LLVMBasicBlockRef idle = LLVMAppendBasicBlockInContext(ctx, fn, "gs.not_reached");
  LLVMBasicBlockRef from = NULL, check = NULL;
  if (vouched) {
    /* a vouched launch reads no control word: the read would put a round
     * trip to memory before the segment's own reads */
    from = LLVMGetInsertBlock(b);
    check = LLVMAppendBasicBlockInContext(ctx, fn, "gs.guard");
    LLVMMoveBasicBlockBefore(check, run);
    LLVMBuildCondBr(b, vouched, run, check);
    LLVMPositionBuilderAtEnd(b, check);
  }
  /* read once, before any loop: it needs no !invariant.load. Not volatile:
   * sm_90's ld.volatile took cg at 2^20 from 1.37 to 1.54x cooperative time
   * (H200); a read the optimizer moved ahead of the branch would cost a
   * replay time, not bytes. */
  LLVMValueRef now =
      LLVMBuildLoad2(b, i32, control_word_at(b, control, GS_CONTROL_CURRENT), "gs.current");
  /* the launch count beside it, on the stepping way only: the guard's
   * check has a second successor, so no select of the two ways is made */
  LLVMValueRef stepped =
      vouched && vouched_launch
          ? LLVMBuildLoad2(b, i32, control_word_at(b, control, GS_CONTROL_LAUNCH), "gs.launch_read")
          : NULL;
  LLVMValueRef mine = LLVMBuildICmp(b, LLVMIntEQ, now, LLVMConstInt(i32, segment, 0), "");
  LLVMBuildCondBr(b, mine, run, idle);
  LLVMPositionBuilderAtEnd(b, idle);
  LLVMBuildRetVoid(b);
  LLVMPositionBuilderAtEnd(b, run);
  if (!stepped)
    return NULL;
  LLVMValueRef launch = LLVMBuildPhi(b, i32, "gs.launch");
  LLVMValueRef vals[2] = {vouched_launch, stepped};
  LLVMBasicBlockRef bbs[2] = {from, check};
  LLVMAddIncoming(launch, vals, bbs, 2);
  return launch;
}

/* control[1] |= 1: two invocations chose differently */
void control_build_disagree(LLVMBuilderRef b, LLVMValueRef control) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(control));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpOr, control_word_at(b, control, GS_CONTROL_FLAGS),
                     LLVMConstInt(i32, GS_CONTROL_DIVERGED, 0), LLVMAtomicOrderingMonotonic, 0);
}
