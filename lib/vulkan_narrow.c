/* --target vulkan: 64-bit integer arithmetic of which only the low 32 bits
 * are used, in 32 bits (docs/targets.md "Vulkan"). OpenCL's sizes and ids
 * are i64 (size_t on spir64), and so is the split's arithmetic on them;
 * every GPU a Vulkan shader runs on does 64-bit integer arithmetic as pairs
 * of 32-bit operations. Truncation to 32 bits commutes with addition,
 * subtraction, multiplication, the bitwise operations and a left shift by
 * less than 32 (arithmetic modulo 2^32), so the low 32 bits of such an
 * expression are the same expression on the low 32 bits of its operands:
 * built beside it, which then goes when nothing else uses it. */
#include "vulkan.h"

#if GS_LLVM_MAJOR >= 22

/* the builder just after X's definition (after its block's phis, for a
 * phi; at the function's entry, for an argument) */
static void position_after(vk *v, LLVMValueRef x, LLVMValueRef fn) {
  LLVMValueRef next = LLVMIsAInstruction(x) ? LLVMGetNextInstruction(x)
                                            : LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  while (LLVMIsAPHINode(next))
    next = LLVMGetNextInstruction(next);
  LLVMPositionBuilderBefore(v->b, next);
}

/* A OP B in 32 bits, without the operations that change nothing (the
 * offsets add to a root's 0, and scale bytes by 1) */
static LLVMValueRef op32(vk *v, LLVMOpcode op, LLVMValueRef a, LLVMValueRef b) {
  int ca = LLVMIsAConstantInt(a) != NULL, cb = LLVMIsAConstantInt(b) != NULL;
  unsigned long long ka = ca ? LLVMConstIntGetZExtValue(a) : 1,
                     kb = cb ? LLVMConstIntGetZExtValue(b) : 1;
  if ((op == LLVMAdd || op == LLVMOr || op == LLVMXor) && ca && !ka)
    return b;
  if ((op == LLVMAdd || op == LLVMSub || op == LLVMOr || op == LLVMXor || op == LLVMShl) && cb &&
      !kb)
    return a;
  if (op == LLVMMul && ca && ka == 1)
    return b;
  if (op == LLVMMul && cb && kb == 1)
    return a;
  if (op == LLVMAnd && ca && ka == 0xffffffffu)
    return b;
  if (op == LLVMAnd && cb && kb == 0xffffffffu)
    return a;
  return LLVMBuildBinOp(v->b, op, a, b, "");
}

LLVMValueRef vulkan_add32(vk *v, LLVMValueRef a, LLVMValueRef b) { return op32(v, LLVMAdd, a, b); }

LLVMValueRef vulkan_mul32(vk *v, LLVMValueRef a, LLVMValueRef b) { return op32(v, LLVMMul, a, b); }

static int commutes_with_trunc(LLVMOpcode op, LLVMValueRef x) {
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    return 1;
  case LLVMShl: { /* by a constant less than 32: an i32 shift by more is poison */
    LLVMValueRef s = LLVMGetOperand(x, 1);
    return LLVMIsAConstantInt(s) && LLVMConstIntGetZExtValue(s) < 32;
  }
  default:
    return 0;
  }
}

/* Whether integer X is known below 2^32 (its high bits zero), looking
 * DEPTH operations deep: then a right shift, division or remainder of it,
 * and an unsigned comparison, take its low 32 bits alone */
static int fits_u32(LLVMValueRef x, int depth) {
  if (LLVMIsAConstantInt(x))
    return LLVMGetIntTypeWidth(LLVMTypeOf(x)) <= 32 || !(LLVMConstIntGetZExtValue(x) >> 32);
  if (!LLVMIsAInstruction(x) || !depth--)
    return 0;
  switch (LLVMGetInstructionOpcode(x)) {
  case LLVMZExt:
    return LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(x, 0))) <= 32;
  case LLVMAnd:
    return fits_u32(LLVMGetOperand(x, 0), depth) || fits_u32(LLVMGetOperand(x, 1), depth);
  case LLVMLShr:
  case LLVMUDiv:
  case LLVMURem:
    return fits_u32(LLVMGetOperand(x, 0), depth);
  case LLVMSelect:
    return fits_u32(LLVMGetOperand(x, 1), depth) && fits_u32(LLVMGetOperand(x, 2), depth);
  default:
    return 0;
  }
}

enum { FITS_DEPTH = 6 };

LLVMValueRef vulkan_low32(vk *v, LLVMValueRef x) {
  LLVMTypeRef ty = LLVMTypeOf(x);
  unsigned w = LLVMGetIntTypeWidth(ty);
  if (w <= 32)
    return w == 32 ? x : LLVMBuildZExt(v->b, x, v->i32, "");
  if (LLVMIsAConstantInt(x))
    return LLVMConstInt(v->i32, LLVMConstIntGetZExtValue(x) & 0xffffffffu, 0);
  if (LLVMIsAPoisonValue(x))
    return LLVMGetPoison(v->i32);
  if (LLVMIsAUndefValue(x))
    return LLVMGetUndef(v->i32);
  if (LLVMIsAConstant(x))
    return LLVMBuildTrunc(v->b, x, v->i32, ""); /* folds */
  intptr_t memo;
  if (map_get(&v->low32, x, &memo))
    return (LLVMValueRef)memo;
  LLVMValueRef fn = LLVMIsAInstruction(x) ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(x))
                                          : LLVMGetParamParent(x);
  LLVMOpcode op = LLVMIsAInstruction(x) ? LLVMGetInstructionOpcode(x) : (LLVMOpcode)0;
  LLVMValueRef y;
  if (op == LLVMPHI) {
    /* recorded first: a loop's induction variable reaches itself; each
     * incoming value's low bits are built beside it, which dominates the
     * edge it comes in on */
    LLVMPositionBuilderBefore(v->b, x);
    y = LLVMBuildPhi(v->b, v->i32, "");
    map_put(&v->low32, x, (intptr_t)y);
    for (unsigned k = 0; k < LLVMCountIncoming(x); k++) {
      LLVMValueRef in = vulkan_low32(v, LLVMGetIncomingValue(x, k));
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(x, k);
      LLVMAddIncoming(y, &in, &from, 1);
    }
    return y;
  }
  if (op && LLVMIsABinaryOperator(x) && commutes_with_trunc(op, x)) {
    LLVMValueRef a = vulkan_low32(v, LLVMGetOperand(x, 0));
    LLVMValueRef b = vulkan_low32(v, LLVMGetOperand(x, 1));
    position_after(v, x, fn);
    y = op32(v, op, a, b);
  } else if ((op == LLVMLShr && LLVMIsAConstantInt(LLVMGetOperand(x, 1)) &&
              LLVMConstIntGetZExtValue(LLVMGetOperand(x, 1)) < 32 &&
              fits_u32(LLVMGetOperand(x, 0), FITS_DEPTH)) ||
             ((op == LLVMUDiv || op == LLVMURem) && fits_u32(LLVMGetOperand(x, 0), FITS_DEPTH) &&
              fits_u32(LLVMGetOperand(x, 1), FITS_DEPTH))) {
    LLVMValueRef a = vulkan_low32(v, LLVMGetOperand(x, 0));
    LLVMValueRef b = vulkan_low32(v, LLVMGetOperand(x, 1));
    position_after(v, x, fn);
    y = LLVMBuildBinOp(v->b, op, a, b, "");
  } else if (op == LLVMSelect) {
    LLVMValueRef a = vulkan_low32(v, LLVMGetOperand(x, 1));
    LLVMValueRef b = vulkan_low32(v, LLVMGetOperand(x, 2));
    position_after(v, x, fn);
    y = a == b ? a : LLVMBuildSelect(v->b, LLVMGetOperand(x, 0), a, b, "");
  } else if (op == LLVMFreeze && LLVMIsAConstantInt(LLVMGetOperand(x, 0))) {
    /* kept: a frozen constant stays an operand the backend cannot fold
     * (vulkan_access.c's word_ptr); a frozen poison is one value for every
     * use, so any other freeze is truncated as it is (below) */
    LLVMValueRef a = vulkan_low32(v, LLVMGetOperand(x, 0));
    position_after(v, x, fn);
    y = LLVMBuildFreeze(v->b, a, "");
  } else if (op == LLVMZExt || op == LLVMSExt) {
    LLVMValueRef a = LLVMGetOperand(x, 0);
    unsigned aw = LLVMGetIntTypeWidth(LLVMTypeOf(a));
    if (aw == 32 && LLVMIsATruncInst(a)) {
      y = vulkan_low32(v, LLVMGetOperand(a, 0)); /* not A: vulkan_narrow_truncs replaces it */
    } else if (aw == 32) {
      y = a;
    } else if (aw > 32) {
      y = vulkan_low32(v, a);
    } else {
      position_after(v, x, fn);
      y = op == LLVMZExt ? LLVMBuildZExt(v->b, a, v->i32, "") : LLVMBuildSExt(v->b, a, v->i32, "");
    }
  } else if (op == LLVMTrunc) {
    y = vulkan_low32(v, LLVMGetOperand(x, 0)); /* from wider still */
  } else {
    position_after(v, x, fn);
    y = LLVMBuildTrunc(v->b, x, v->i32, "");
  }
  map_put(&v->low32, x, (intptr_t)y);
  return y;
}

/* Whether IN compares two integers wider than 32 bits, both known below
 * 2^32, as unsigned (or for equality): the same on their low 32 bits */
static int narrow_compare(LLVMValueRef in) {
  if (!LLVMIsAICmpInst(in))
    return 0;
  LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
  LLVMIntPredicate p = LLVMGetICmpPredicate(in);
  return LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(LLVMTypeOf(a)) > 32 &&
         (p == LLVMIntEQ || p == LLVMIntNE || p == LLVMIntULT || p == LLVMIntULE ||
          p == LLVMIntUGT || p == LLVMIntUGE) &&
         fits_u32(a, FITS_DEPTH) && fits_u32(b, FITS_DEPTH);
}

void vulkan_narrow_truncs(vk *v, LLVMValueRef fn) {
  gs_vec truncs;
  vec_init(&truncs, sizeof(LLVMValueRef));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      if ((LLVMIsATruncInst(in) && LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMIntegerTypeKind &&
           LLVMGetIntTypeWidth(LLVMTypeOf(in)) <= 32 &&
           LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(in, 0))) > 32) ||
          narrow_compare(in))
        VEC_PUSH(&truncs, LLVMValueRef, in);
  for (size_t i = 0; i < truncs.len; i++) {
    LLVMValueRef in = VEC_AT(&truncs, LLVMValueRef, i);
    if (LLVMIsAICmpInst(in)) {
      LLVMValueRef a = vulkan_low32(v, LLVMGetOperand(in, 0));
      LLVMValueRef b = vulkan_low32(v, LLVMGetOperand(in, 1));
      LLVMPositionBuilderBefore(v->b, in);
      LLVMReplaceAllUsesWith(in, LLVMBuildICmp(v->b, LLVMGetICmpPredicate(in), a, b, ""));
      LLVMInstructionEraseFromParent(in);
      continue;
    }
    LLVMValueRef x = vulkan_low32(v, LLVMGetOperand(in, 0));
    if (LLVMGetIntTypeWidth(LLVMTypeOf(in)) < 32) {
      LLVMPositionBuilderBefore(v->b, in);
      x = LLVMBuildTrunc(v->b, x, LLVMTypeOf(in), "");
    }
    if (x == in)
      continue; /* vulkan_low32's own, of a value it cannot see through */
    LLVMReplaceAllUsesWith(in, x);
    LLVMInstructionEraseFromParent(in);
  }
  vec_free(&truncs);
}

#endif
