/* What gridsplit run gives POCL (runtime/pocl/pocl_builtins.h): a branch whose
 * condition is computed from work-item id queries alone gets the condition
 * rebuilt from fresh queries next to the branch, so that no id value
 * decides a branch after crossing a workgroup barrier as a value; other
 * conditions are left alone. And a block that several parallel regions
 * reach gets each region's edges joined first (FINDINGS.md N6). */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "pocl_builtins.h"
#include "unit.h"

/* Entry computes lid == 0 and n / lid != 0, crosses a workgroup barrier,
 * and branches on each; the last branch tests a loaded value. */
static const char *const IR_AFTER_BARRIER =
    SPIR_PRELUDE
    "define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) {\n"
    "entry:\n"
    "  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)\n"
    "  %l32 = trunc i64 %lid to i32\n"
    "  %first = icmp eq i32 %l32, 0\n"
    "  %q = udiv i32 %n, %l32\n"
    "  %byq = icmp ne i32 %q, 0\n"
    "  %v = load i32, ptr addrspace(1) %out\n"
    "  %byload = icmp eq i32 %v, 7\n"
    "  call spir_func void @_Z7barrierj(i32 1)\n"
    "  br i1 %first, label %a, label %b\n"
    "a:\n"
    "  store i32 1, ptr addrspace(1) %out\n"
    "  br label %b\n"
    "b:\n"
    "  br i1 %byq, label %c, label %d\n"
    "c:\n"
    "  br label %d\n"
    "d:\n"
    "  br i1 %byload, label %e, label %f\n"
    "e:\n"
    "  switch i32 %l32, label %f [ i32 3, label %f ]\n"
    "f:\n"
    "  ret void\n"
    "}\n";

static LLVMValueRef block_named(LLVMValueRef f, const char *name) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    if (!strcmp(LLVMGetBasicBlockName(bb), name))
      return LLVMGetBasicBlockTerminator(bb);
  ck_abort_msg("no block %s", name);
  return NULL;
}

/* Whether V is computed in block BB from a get_local_id call in BB whose
 * result passes through an empty inline-assembly statement (which neither
 * POCL's optimizer nor its uniformity analysis sees through). */
static int rebuilt_in(LLVMValueRef v, LLVMBasicBlockRef bb) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionParent(v) != bb)
    return 0;
  if (LLVMIsACallInst(v)) {
    LLVMValueRef callee = LLVMGetCalledValue(v);
    if (!LLVMIsAInlineAsm(callee))
      return 0;
    LLVMValueRef q = LLVMGetOperand(v, 0);
    size_t len;
    return LLVMIsACallInst(q) && LLVMGetInstructionParent(q) == bb &&
           !strcmp(LLVMGetValueName2(LLVMGetCalledValue(q), &len), "_Z12get_local_idj");
  }
  for (int i = 0; i < LLVMGetNumOperands(v); i++)
    if (rebuilt_in(LLVMGetOperand(v, i), bb))
      return 1;
  return 0;
}

START_TEST(pocl_branch_conditions) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_AFTER_BARRIER);
  LLVMValueRef f = LLVMGetNamedFunction(m, "k");
  LLVMValueRef first = NULL, byq = NULL, byload = NULL;
  for (LLVMValueRef in = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f)); in;
       in = LLVMGetNextInstruction(in)) {
    size_t len;
    const char *name = LLVMGetValueName2(in, &len);
    if (!strcmp(name, "first"))
      first = in;
    else if (!strcmp(name, "byq"))
      byq = in;
    else if (!strcmp(name, "byload"))
      byload = in;
  }
  ck_assert_ptr_nonnull(first);

  ck_assert_ptr_null(pocl_recompute_id_values(m));
  char *msg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), "%s", msg);
  LLVMDisposeMessage(msg);

  /* the entry's branch is rebuilt in the entry, after the barrier */
  LLVMValueRef br = LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(f));
  LLVMValueRef cond = LLVMGetOperand(br, 0);
  ck_assert_ptr_ne(cond, first);
  ck_assert(LLVMIsAICmpInst(cond) && LLVMGetICmpPredicate(cond) == LLVMIntEQ);
  ck_assert(rebuilt_in(cond, LLVMGetEntryBasicBlock(f)));
  int at = 0, barrier_at = -1, cond_at = -1;
  for (LLVMValueRef in = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f)); in;
       in = LLVMGetNextInstruction(in), at++) {
    size_t len;
    if (LLVMIsACallInst(in) &&
        !strcmp(LLVMGetValueName2(LLVMGetCalledValue(in), &len), "_Z7barrierj"))
      barrier_at = at;
    if (in == cond)
      cond_at = at;
  }
  ck_assert_int_ge(barrier_at, 0);
  ck_assert_int_gt(cond_at, barrier_at);
  /* the value before the barrier stays for its other uses */
  ck_assert_ptr_eq(LLVMGetInstructionParent(first), LLVMGetEntryBasicBlock(f));

  /* a division may trap where the original did not run: left alone */
  ck_assert_ptr_eq(LLVMGetOperand(block_named(f, "b"), 0), byq);
  /* a loaded value is not an id value */
  ck_assert_ptr_eq(LLVMGetOperand(block_named(f, "d"), 0), byload);
  /* a switch on an id value is rebuilt in its own block */
  LLVMValueRef sw = block_named(f, "e");
  ck_assert(rebuilt_in(LLVMGetOperand(sw, 0), LLVMGetInstructionParent(sw)));
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* FINDINGS.md N6 as POCL got it: in a loop, a uniform if holds a barrier and
 * then a branch that differs per work-item; both its ways, and the way
 * around the barrier, meet at the latch. k2: a switch with two edges from
 * one region into a block that another region reaches too, and a diamond
 * inside one region. */
static const char *const IR_REGION_JOINS =
    SPIR_PRELUDE
    "define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %g = trunc i64 %gid to i32\n"
    "  %gbit = and i32 %g, 1\n"
    "  %odd = icmp ne i32 %gbit, 0\n"
    "  %nbit = and i32 %n, 1\n"
    "  %even = icmp eq i32 %nbit, 0\n"
    "  br label %head\n"
    "head:\n"
    "  %i = phi i32 [ 0, %entry ], [ %inc, %latch ]\n"
    "  %v = phi i32 [ %g, %entry ], [ %v2, %latch ]\n"
    "  br i1 %even, label %bar, label %latch\n"
    "bar:\n"
    "  call spir_func void @_Z7barrierj(i32 1)\n"
    "  br i1 %odd, label %mix, label %latch\n"
    "mix:\n"
    "  %m = mul i32 %v, 3\n"
    "  store i32 %m, ptr addrspace(1) %out\n"
    "  br label %latch\n"
    "latch:\n"
    "  %v2 = phi i32 [ %v, %head ], [ %v, %bar ], [ %m, %mix ]\n"
    "  %inc = add i32 %i, 1\n"
    "  %more = icmp ult i32 %inc, %n\n"
    "  br i1 %more, label %head, label %exit\n"
    "exit:\n"
    "  store i32 %v2, ptr addrspace(1) %out\n"
    "  ret void\n"
    "}\n"
    "define spir_kernel void @k2(ptr addrspace(1) %out, i32 %c) {\n"
    "entry:\n"
    "  %skip = icmp eq i32 %c, 0\n"
    "  br i1 %skip, label %u, label %b\n"
    "b:\n"
    "  call spir_func void @_Z7barrierj(i32 1)\n"
    "  switch i32 %c, label %t [ i32 1, label %u\n"
    "                            i32 2, label %u ]\n"
    "t:\n"
    "  store i32 %c, ptr addrspace(1) %out\n"
    "  br label %u\n"
    "u:\n"
    "  %r = phi i32 [ 7, %entry ], [ 5, %b ], [ 5, %b ], [ 6, %t ]\n"
    "  store i32 %r, ptr addrspace(1) %out\n"
    "  %odd = icmp ne i32 %r, 5\n"
    "  br i1 %odd, label %x, label %y\n"
    "x:\n"
    "  store i32 1, ptr addrspace(1) %out\n"
    "  br label %z\n"
    "y:\n"
    "  store i32 2, ptr addrspace(1) %out\n"
    "  br label %z\n"
    "z:\n"
    "  ret void\n"
    "}\n";

static LLVMBasicBlockRef bb_named(LLVMValueRef f, const char *name) {
  return LLVMGetInstructionParent(block_named(f, name));
}

/* The blocks with an edge into BB, each once, in function order, into OUT
 * (at most 4); returns how many. */
static int preds_of(LLVMValueRef f, LLVMBasicBlockRef bb, LLVMBasicBlockRef *out) {
  int n = 0;
  for (LLVMBasicBlockRef p = LLVMGetFirstBasicBlock(f); p; p = LLVMGetNextBasicBlock(p)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(p);
    for (unsigned s = 0; s < LLVMGetNumSuccessors(t); s++)
      if (LLVMGetSuccessor(t, s) == bb) {
        ck_assert_int_lt(n, 4);
        out[n++] = p;
        break;
      }
  }
  return n;
}

/* Whether BB is a join block the transform made: an empty side-effecting
 * inline-assembly call, then a branch to TO. */
static int is_join(LLVMBasicBlockRef bb, LLVMBasicBlockRef to) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  LLVMValueRef asm_call = LLVMGetPreviousInstruction(t);
  return LLVMIsABranchInst(t) && !LLVMIsConditional(t) && LLVMGetSuccessor(t, 0) == to &&
         asm_call && LLVMIsACallInst(asm_call) &&
         LLVMIsAInlineAsm(LLVMGetCalledValue(asm_call));
}

START_TEST(pocl_region_joins) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_REGION_JOINS);
  size_t joins = 0;
  ck_assert_ptr_null(pocl_join_region_edges(m, &joins));
  ck_assert_uint_eq(joins, 2);
  char *msg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), "%s", msg);
  LLVMDisposeMessage(msg);
  LLVMBasicBlockRef p[4], q[4];

  /* k: the barrier's region reaches the latch by one edge, through a join
   * of bar and mix; the way around the barrier goes there directly */
  LLVMValueRef k = LLVMGetNamedFunction(m, "k");
  LLVMBasicBlockRef latch = bb_named(k, "latch");
  ck_assert_int_eq(preds_of(k, latch, p), 2);
  LLVMBasicBlockRef j = p[0] == bb_named(k, "head") ? p[1] : p[0];
  ck_assert(p[0] == bb_named(k, "head") || p[1] == bb_named(k, "head"));
  ck_assert(is_join(j, latch));
  ck_assert_int_eq(preds_of(k, j, q), 2);
  ck_assert(q[0] == bb_named(k, "bar") || q[1] == bb_named(k, "bar"));
  ck_assert(q[0] == bb_named(k, "mix") || q[1] == bb_named(k, "mix"));
  /* the latch's phi: the head's value, and the join's phi of bar's and mix's */
  LLVMValueRef v2 = LLVMGetFirstInstruction(latch);
  ck_assert(LLVMIsAPHINode(v2));
  ck_assert_uint_eq(LLVMCountIncoming(v2), 2);
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef in = LLVMGetIncomingValue(v2, i);
    if (LLVMGetIncomingBlock(v2, i) == j) {
      ck_assert(LLVMIsAPHINode(in) && LLVMGetInstructionParent(in) == j);
      ck_assert_uint_eq(LLVMCountIncoming(in), 2);
    } else {
      ck_assert_ptr_eq(LLVMGetIncomingBlock(v2, i), bb_named(k, "head"));
      ck_assert(LLVMIsAPHINode(in) && LLVMGetInstructionParent(in) == bb_named(k, "head"));
    }
  }

  /* k2: both of b's switch edges and t's go through one join, whose phi
   * keeps an incoming value per edge */
  LLVMValueRef k2 = LLVMGetNamedFunction(m, "k2");
  LLVMBasicBlockRef u = bb_named(k2, "u");
  ck_assert_int_eq(preds_of(k2, u, p), 2);
  j = p[0] == LLVMGetEntryBasicBlock(k2) ? p[1] : p[0];
  ck_assert(is_join(j, u));
  LLVMValueRef sw = block_named(k2, "b");
  for (unsigned s = 0; s < LLVMGetNumSuccessors(sw); s++)
    if (LLVMGetSuccessor(sw, s) != bb_named(k2, "t"))
      ck_assert_ptr_eq(LLVMGetSuccessor(sw, s), j);
  LLVMValueRef jphi = LLVMGetFirstInstruction(j);
  ck_assert(LLVMIsAPHINode(jphi));
  ck_assert_uint_eq(LLVMCountIncoming(jphi), 3);
  /* a diamond inside one region is left alone */
  ck_assert_int_eq(preds_of(k2, bb_named(k2, "z"), p), 2);
  ck_assert_ptr_eq(p[0], bb_named(k2, "x"));
  ck_assert_ptr_eq(p[1], bb_named(k2, "y"));

  /* done once: a second pass finds nothing to join */
  ck_assert_ptr_null(pocl_join_region_edges(m, &joins));
  ck_assert_uint_eq(joins, 0);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

Suite *suite_pocl(void) {
  Suite *s = suite_create("pocl");
  TCase *tc = tcase_create("pocl");
  tcase_add_test(tc, pocl_branch_conditions);
  tcase_add_test(tc, pocl_region_joins);
  suite_add_tcase(s, tc);
  return s;
}
