/* What gridsplit run gives POCL (runtime/pocl_builtins.h): a branch whose
 * condition is computed from work-item id queries alone gets the condition
 * rebuilt from fresh queries next to the branch, so that no id value
 * decides a branch after crossing a workgroup barrier as a value; other
 * conditions are left alone. */
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

Suite *suite_pocl(void) {
  Suite *s = suite_create("pocl");
  TCase *tc = tcase_create("pocl");
  tcase_add_test(tc, pocl_branch_conditions);
  suite_add_tcase(s, tc);
  return s;
}
