/* IR that LLVM accepts but SPIR-V does not express, rewritten before
 * translation into IR that it does (lowering/emit.c runs this on the copy
 * it emits; the caller's module is untouched). What is left unrewritten is
 * refused by the translator or by the validator, with their messages.
 *
 * - Integers of widths SPIR-V has no OpTypeInt for (SPIR-V 2.16.1: 8, 16,
 *   32 and 64 bits without extensions; i1 is OpTypeBool), such as the i56
 *   slices SROA makes of an i64 whose first byte is stored apart: each
 *   value is carried in the next legal width, zero-extended (its "rep"),
 *   and every operation that reads the high bits of its operands
 *   sign-extends or masks them. Functions whose odd widths reach memory,
 *   calls, arguments or aggregates keep them (and are refused).
 * - Operations SPIRV-LLVM-Translator 15 translates into invalid SPIR-V or
 *   aborts on: icmp on i1 (OpIEqual has no boolean form; SPIR-V 3.42.15
 *   OpLogicalEqual), fcmp true and false, a vector select with a scalar
 *   condition (OpSelect's condition has the result's component count),
 *   fptoui and fptosi to i1, and !llvm.loop on branches (the translator
 *   makes one block the merge block of two loops). */
#include "gs.h"

#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

static int odd_int(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return 0;
  unsigned w = LLVMGetIntTypeWidth(t);
  return w != 1 && w != 8 && w != 16 && w != 32 && w != 64 && w < 64;
}

static unsigned rep_width(unsigned w) { return w < 8 ? 8 : w < 16 ? 16 : w < 32 ? 32 : 64; }

static unsigned long long low_mask(unsigned n) { return n >= 64 ? ~0ULL : (1ULL << n) - 1; }

/* instructions whose odd-width result has a rep */
static int odd_def_ok(LLVMOpcode op) {
  return ir_is_integer_op(op) || op == LLVMPHI || op == LLVMSelect || op == LLVMFreeze ||
         op == LLVMPtrToInt || op == LLVMFPToUI || op == LLVMFPToSI;
}

/* instructions with a legal result that may read an odd-width operand */
static int odd_use_ok(LLVMOpcode op) {
  switch (op) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMICmp:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMIntToPtr:
    return 1;
  default:
    return 0;
  }
}

typedef struct {
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  gs_map rep; /* odd-width instruction -> its rep */
} promoter;

static LLVMValueRef rep_of(promoter *p, LLVMValueRef v);
static void reps_of_operands(promoter *p, LLVMValueRef in);

/* X (a rep of an N-bit value) sign-extended within its width */
static LLVMValueRef sign_extended(promoter *p, LLVMValueRef x, unsigned n) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
  if (n >= w)
    return x;
  LLVMValueRef sh = LLVMConstInt(LLVMTypeOf(x), w - n, 0);
  return LLVMBuildAShr(p->b, LLVMBuildShl(p->b, x, sh, ""), sh, "");
}

static LLVMValueRef masked(promoter *p, LLVMValueRef x, unsigned n) {
  return LLVMBuildAnd(p->b, x, LLVMConstInt(LLVMTypeOf(x), low_mask(n), 0), "");
}

/* operand V of an instruction, as a value of at least its width: its rep
 * when odd, SIGNED selecting the sign-extended form */
static LLVMValueRef operand(promoter *p, LLVMValueRef v, int is_signed) {
  if (!odd_int(LLVMTypeOf(v)))
    return v;
  LLVMValueRef r = rep_of(p, v);
  return is_signed ? sign_extended(p, r, LLVMGetIntTypeWidth(LLVMTypeOf(v))) : r;
}

static void reps_of_operands(promoter *p, LLVMValueRef in) {
  if (LLVMIsAPHINode(in))
    return;
  for (int k = 0; k < LLVMGetNumOperands(in); k++) {
    LLVMValueRef o = LLVMGetOperand(in, (unsigned)k);
    if (odd_int(LLVMTypeOf(o)))
      rep_of(p, o);
  }
}

/* the rep of I (odd width), built before I */
static LLVMValueRef build_rep(promoter *p, LLVMValueRef in) {
  unsigned n = LLVMGetIntTypeWidth(LLVMTypeOf(in));
  LLVMTypeRef wt = LLVMIntTypeInContext(p->ctx, rep_width(n));
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  LLVMValueRef a = NULL, b = NULL;
  int sgn = op == LLVMSExt || op == LLVMAShr || op == LLVMSDiv || op == LLVMSRem;
  /* the operands' reps first, each before its own instruction (which
   * dominates IN; a phi's rep is made beforehand) */
  reps_of_operands(p, in);
  LLVMPositionBuilderBefore(p->b, in);
  if (op != LLVMPHI) {
    if (op == LLVMSelect) {
      a = operand(p, LLVMGetOperand(in, 1), 0);
      b = operand(p, LLVMGetOperand(in, 2), 0);
    } else {
      a = operand(p, LLVMGetOperand(in, 0), sgn);
      if (LLVMGetNumOperands(in) > 1 && op != LLVMPHI)
        b = operand(p, LLVMGetOperand(in, 1), sgn && op != LLVMAShr);
    }
  }
  LLVMValueRef r = NULL;
  switch (op) {
  case LLVMTrunc:
  case LLVMZExt:
    r = LLVMBuildIntCast2(p->b, a, wt, 0, "");
    r = op == LLVMTrunc ? masked(p, r, n) : r;
    break;
  case LLVMSExt:
    r = masked(p, LLVMBuildIntCast2(p->b, a, wt, 1, ""), n);
    break;
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMLShr:
  case LLVMUDiv:
  case LLVMURem:
    r = LLVMBuildBinOp(p->b, op, a, b, "");
    break;
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMAShr:
  case LLVMSDiv:
  case LLVMSRem:
    r = masked(p, LLVMBuildBinOp(p->b, op, a, b, ""), n);
    break;
  case LLVMSelect:
    r = LLVMBuildSelect(p->b, LLVMGetOperand(in, 0), a, b, "");
    break;
  case LLVMFreeze:
    r = LLVMBuildFreeze(p->b, a, "");
    break;
  case LLVMPtrToInt:
    r = masked(p, LLVMBuildPtrToInt(p->b, a, wt, ""), n);
    break;
  case LLVMFPToUI:
    r = masked(p, LLVMBuildFPToUI(p->b, a, wt, ""), n);
    break;
  case LLVMFPToSI:
    r = masked(p, LLVMBuildFPToSI(p->b, a, wt, ""), n);
    break;
  default:
    r = LLVMGetUndef(wt); /* not reached: checked beforehand */
  }
  return r;
}

static LLVMValueRef rep_of(promoter *p, LLVMValueRef v) {
  LLVMTypeRef wt = LLVMIntTypeInContext(p->ctx, rep_width(LLVMGetIntTypeWidth(LLVMTypeOf(v))));
  intptr_t x;
  if (map_get(&p->rep, v, &x))
    return (LLVMValueRef)x;
  if (LLVMIsAConstantInt(v))
    return LLVMConstInt(wt, LLVMConstIntGetZExtValue(v), 0);
  if (!LLVMIsAInstruction(v))
    return LLVMGetUndef(wt); /* undef and poison */
  /* a cycle without a phi (in unreachable code) meets undef */
  map_put(&p->rep, v, (intptr_t)LLVMGetUndef(wt));
  LLVMValueRef r = build_rep(p, v);
  map_put(&p->rep, v, (intptr_t)r);
  return r;
}

/* whether every odd-width value of F can be given a rep */
/* The walk both rewrites below share. A rewrite replaces every value of
 * the types it picks (odd-width integers, one-element vectors) by a value
 * of another type: DEFS gets the function's instructions of such a type
 * (a phi gets its replacement phi in MAP at once, so that loops close),
 * USERS every other instruction with such an operand. Then every def gets
 * its replacement and every new phi its incoming values; the users are the
 * caller's to rewrite. */
typedef struct {
  int (*picks)(LLVMTypeRef);
  LLVMTypeRef (*replacement_type)(LLVMTypeRef);
  LLVMValueRef (*replacement)(void *rewrite, LLVMValueRef v);
} retyping;

static void retype_walk(const retyping *rt, LLVMBuilderRef b, LLVMValueRef f, gs_map *map,
                        void *rewrite, gs_vec *defs, gs_vec *users) {
  vec_init(defs, sizeof(LLVMValueRef));
  vec_init(users, sizeof(LLVMValueRef));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (rt->picks(LLVMTypeOf(in))) {
        VEC_PUSH(defs, LLVMValueRef, in);
        if (LLVMIsAPHINode(in)) {
          LLVMPositionBuilderBefore(b, in);
          map_put(map, in, (intptr_t)LLVMBuildPhi(b, rt->replacement_type(LLVMTypeOf(in)), ""));
        }
        continue;
      }
      for (int k = 0; k < LLVMGetNumOperands(in); k++)
        if (rt->picks(LLVMTypeOf(LLVMGetOperand(in, (unsigned)k)))) {
          VEC_PUSH(users, LLVMValueRef, in);
          break;
        }
    }
  for (size_t i = 0; i < defs->len; i++)
    rt->replacement(rewrite, VEC_AT(defs, LLVMValueRef, i));
  for (size_t i = 0; i < defs->len; i++) {
    LLVMValueRef phi = VEC_AT(defs, LLVMValueRef, i);
    if (!LLVMIsAPHINode(phi))
      continue;
    intptr_t r;
    map_get(map, phi, &r);
    for (unsigned k = 0; k < LLVMCountIncoming(phi); k++) {
      LLVMValueRef v = rt->replacement(rewrite, LLVMGetIncomingValue(phi, k));
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, k);
      LLVMAddIncoming((LLVMValueRef)r, &v, &from, 1);
    }
  }
}

static LLVMTypeRef promoted_type(LLVMTypeRef t) {
  return LLVMIntTypeInContext(LLVMGetTypeContext(t), rep_width(LLVMGetIntTypeWidth(t)));
}

static LLVMValueRef promoted_rep(void *p, LLVMValueRef v) { return rep_of(p, v); }

static int promotable(LLVMValueRef f, int *any) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(in);
      int odd = odd_int(LLVMTypeOf(in));
      if (odd && !odd_def_ok(op))
        return 0;
      *any |= odd;
      int n = LLVMGetNumOperands(in);
      for (int k = 0; k < n; k++) {
        LLVMValueRef o = LLVMGetOperand(in, (unsigned)k);
        if (!odd_int(LLVMTypeOf(o)))
          continue;
        if (!odd && !odd_use_ok(op))
          return 0;
        if (!LLVMIsAInstruction(o) && !LLVMIsAConstantInt(o) && !LLVMIsAUndefValue(o))
          return 0; /* an argument or a constant expression */
      }
    }
  for (LLVMValueRef a = LLVMGetFirstParam(f); a; a = LLVMGetNextParam(a))
    if (odd_int(LLVMTypeOf(a)))
      return 0;
  return 1;
}

static void promote_function(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef f) {
  int any = 0;
  if (!promotable(f, &any) || !any)
    return;
  promoter p = {ctx, b, {0}};
  map_init(&p.rep);
  gs_vec odd, users;
  static const retyping promote = {odd_int, promoted_type, promoted_rep};
  retype_walk(&promote, b, f, &p.rep, &p, &odd, &users);
  for (size_t i = 0; i < users.len; i++) {
    LLVMValueRef in = VEC_AT(&users, LLVMValueRef, i), r = NULL;
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    LLVMTypeRef ty = LLVMTypeOf(in);
    int sgn = op == LLVMSExt || op == LLVMSIToFP ||
              (op == LLVMICmp && LLVMGetICmpPredicate(in) >= LLVMIntSGT);
    reps_of_operands(&p, in);
    LLVMPositionBuilderBefore(b, in);
    LLVMValueRef a = operand(&p, LLVMGetOperand(in, 0), sgn);
    LLVMValueRef c = op == LLVMICmp ? operand(&p, LLVMGetOperand(in, 1), sgn) : NULL;
    switch (op) {
    case LLVMZExt:
    case LLVMTrunc:
      r = LLVMBuildIntCast2(b, a, ty, 0, "");
      break;
    case LLVMSExt:
      r = LLVMBuildIntCast2(b, a, ty, 1, "");
      break;
    case LLVMICmp:
      r = LLVMBuildICmp(b, LLVMGetICmpPredicate(in), a, c, "");
      break;
    case LLVMUIToFP:
      r = LLVMBuildUIToFP(b, a, ty, "");
      break;
    case LLVMSIToFP:
      r = LLVMBuildSIToFP(b, a, ty, "");
      break;
    default: /* LLVMIntToPtr */
      r = LLVMBuildIntToPtr(b, a, ty, "");
    }
    LLVMReplaceAllUsesWith(in, r);
    LLVMInstructionEraseFromParent(in);
  }
  for (size_t i = 0; i < odd.len; i++) {
    LLVMValueRef in = VEC_AT(&odd, LLVMValueRef, i);
    LLVMReplaceAllUsesWith(in, LLVMGetUndef(LLVMTypeOf(in)));
  }
  for (size_t i = 0; i < odd.len; i++)
    LLVMInstructionEraseFromParent(VEC_AT(&odd, LLVMValueRef, i));
  vec_free(&odd);
  vec_free(&users);
  map_free(&p.rep);
}

/* One-element vectors (SPIR-V 2.16.1: an OpTypeVector has 2, 3, 4, 8 or
 * 16 components; the translator writes <1 x T> as a vector of one) become
 * their element: each <1 x T> value has a scalar, and the operations on
 * them operate on the scalars. Functions where a <1 x T> reaches a call,
 * an argument, a return or a constant expression keep them (and are
 * refused). */
static int one_vector(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 1;
}

/* the scalar type of TY: its element when TY is <1 x T> */
static LLVMTypeRef unvector(LLVMTypeRef t) { return one_vector(t) ? LLVMGetElementType(t) : t; }

static int one_def_ok(LLVMOpcode op) {
  if (ir_is_integer_op(op))
    return 1;
  switch (op) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
  case LLVMFNeg:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMICmp:
  case LLVMFCmp:
  case LLVMSelect:
  case LLVMPHI:
  case LLVMFreeze:
  case LLVMLoad:
  case LLVMInsertElement:
  case LLVMShuffleVector:
    return 1;
  default:
    return 0;
  }
}

static int one_use_ok(LLVMOpcode op) {
  return op == LLVMExtractElement || op == LLVMStore || op == LLVMBitCast ||
         op == LLVMShuffleVector || op == LLVMInsertElement;
}

static int one_constant_ok(LLVMValueRef v) {
  return LLVMIsAUndefValue(v) || LLVMIsAConstantAggregateZero(v) ||
         LLVMIsAConstantDataSequential(v) || LLVMIsAConstantVector(v);
}

static int scalarizable(LLVMValueRef f, int *any) {
  for (LLVMValueRef a = LLVMGetFirstParam(f); a; a = LLVMGetNextParam(a))
    if (one_vector(LLVMTypeOf(a)))
      return 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(in);
      int one = one_vector(LLVMTypeOf(in));
      if (one && !one_def_ok(op))
        return 0;
      *any |= one;
      for (int k = 0; k < LLVMGetNumOperands(in); k++) {
        LLVMValueRef o = LLVMGetOperand(in, (unsigned)k);
        if (!one_vector(LLVMTypeOf(o)))
          continue;
        if (!one && !one_use_ok(op))
          return 0;
        if (!LLVMIsAInstruction(o) && !one_constant_ok(o))
          return 0;
        *any = 1;
      }
    }
  return 1;
}

typedef struct {
  LLVMBuilderRef b;
  gs_map scalar; /* <1 x T> instruction -> its scalar */
} scalarizer;

static LLVMValueRef scalar_of(scalarizer *z, LLVMValueRef v);

static void scalars_of_operands(scalarizer *z, LLVMValueRef in) {
  if (LLVMIsAPHINode(in))
    return;
  for (int k = 0; k < LLVMGetNumOperands(in); k++) {
    LLVMValueRef o = LLVMGetOperand(in, (unsigned)k);
    if (one_vector(LLVMTypeOf(o)))
      scalar_of(z, o);
  }
}

/* operand K of IN, its scalar when it is <1 x T> */
static LLVMValueRef sop(scalarizer *z, LLVMValueRef in, unsigned k) {
  LLVMValueRef o = LLVMGetOperand(in, k);
  return one_vector(LLVMTypeOf(o)) ? scalar_of(z, o) : o;
}

/* typed pointers (LLVM 15): P as a pointer to TY in its space, from what P
 * casts when P is a cast to a pointer to <1 x T> (which then may die) */
static LLVMValueRef pointer_to(LLVMBuilderRef b, LLVMValueRef p, LLVMTypeRef ty) {
  if (LLVMIsABitCastInst(p) &&
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(p, 0))) == LLVMPointerTypeKind)
    p = LLVMGetOperand(p, 0);
  return LLVMBuildPointerCast(b, p, LLVMPointerType(ty, LLVMGetPointerAddressSpace(LLVMTypeOf(p))),
                              "");
}

/* element M of the shuffle sources A and B (N elements each) */
static LLVMValueRef shuffle_element(scalarizer *z, LLVMValueRef in, int m, LLVMTypeRef et) {
  if (m == LLVMGetUndefMaskElem())
    return LLVMGetUndef(et);
  LLVMValueRef a = LLVMGetOperand(in, 0);
  unsigned n = LLVMGetVectorSize(LLVMTypeOf(a));
  LLVMValueRef src = (unsigned)m < n ? a : LLVMGetOperand(in, 1);
  unsigned idx = (unsigned)m < n ? (unsigned)m : (unsigned)m - n;
  if (one_vector(LLVMTypeOf(src)))
    return scalar_of(z, src);
  return LLVMBuildExtractElement(
      z->b, src, LLVMConstInt(LLVMInt32TypeInContext(LLVMGetTypeContext(et)), idx, 0), "");
}

static LLVMValueRef build_scalar(scalarizer *z, LLVMValueRef in) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  LLVMTypeRef et = unvector(LLVMTypeOf(in));
  scalars_of_operands(z, in);
  LLVMPositionBuilderBefore(z->b, in);
  switch (op) {
  case LLVMFNeg:
    return LLVMBuildFNeg(z->b, sop(z, in, 0), "");
  case LLVMICmp:
    return LLVMBuildICmp(z->b, LLVMGetICmpPredicate(in), sop(z, in, 0), sop(z, in, 1), "");
  case LLVMFCmp:
    return LLVMBuildFCmp(z->b, LLVMGetFCmpPredicate(in), sop(z, in, 0), sop(z, in, 1), "");
  case LLVMSelect:
    return LLVMBuildSelect(z->b, sop(z, in, 0), sop(z, in, 1), sop(z, in, 2), "");
  case LLVMFreeze:
    return LLVMBuildFreeze(z->b, sop(z, in, 0), "");
  case LLVMLoad: {
    LLVMValueRef l = LLVMBuildLoad2(z->b, et, pointer_to(z->b, LLVMGetOperand(in, 0), et), "");
    LLVMSetAlignment(l, LLVMGetAlignment(in));
    LLVMSetVolatile(l, LLVMGetVolatile(in));
    return l;
  }
  case LLVMInsertElement:
    return LLVMGetOperand(in, 1);
  case LLVMShuffleVector:
    return shuffle_element(z, in, LLVMGetMaskValue(in, 0), et);
  default:
    break;
  }
  if (op >= LLVMTrunc && op <= LLVMAddrSpaceCast)
    return LLVMBuildCast(z->b, op, sop(z, in, 0), et, "");
  return LLVMBuildBinOp(z->b, op, sop(z, in, 0), sop(z, in, 1), "");
}

static LLVMValueRef scalar_of(scalarizer *z, LLVMValueRef v) {
  LLVMTypeRef et = unvector(LLVMTypeOf(v));
  intptr_t x;
  if (map_get(&z->scalar, v, &x))
    return (LLVMValueRef)x;
  if (LLVMIsAUndefValue(v))
    return LLVMGetUndef(et);
  if (LLVMIsAConstantAggregateZero(v))
    return LLVMConstNull(et);
  if (LLVMIsAConstantDataSequential(v) || LLVMIsAConstantVector(v)) /* folded, not built */
    return LLVMBuildExtractElement(
        z->b, v, LLVMConstNull(LLVMInt32TypeInContext(LLVMGetTypeContext(et))), "");
  map_put(&z->scalar, v, (intptr_t)LLVMGetUndef(et));
  LLVMValueRef r = build_scalar(z, v);
  map_put(&z->scalar, v, (intptr_t)r);
  return r;
}

static LLVMTypeRef scalar_type(LLVMTypeRef t) { return unvector(t); }

static LLVMValueRef scalar_rep(void *z, LLVMValueRef v) { return scalar_of(z, v); }

static void scalarize_function(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef f) {
  int any = 0;
  if (!scalarizable(f, &any) || !any)
    return;
  scalarizer z = {b, {0}};
  map_init(&z.scalar);
  gs_vec defs, users;
  static const retyping scalarize = {one_vector, scalar_type, scalar_rep};
  retype_walk(&scalarize, b, f, &z.scalar, &z, &defs, &users);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  for (size_t i = 0; i < users.len; i++) {
    LLVMValueRef in = VEC_AT(&users, LLVMValueRef, i), r = NULL;
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    LLVMTypeRef ty = LLVMTypeOf(in);
    scalars_of_operands(&z, in);
    LLVMPositionBuilderBefore(b, in);
    if (op == LLVMExtractElement) {
      r = sop(&z, in, 0);
    } else if (op == LLVMStore) {
      LLVMValueRef v = sop(&z, in, 0);
      r = LLVMBuildStore(b, v, pointer_to(b, LLVMGetOperand(in, 1), LLVMTypeOf(v)));
      LLVMSetAlignment(r, LLVMGetAlignment(in));
      LLVMSetVolatile(r, LLVMGetVolatile(in));
    } else if (op == LLVMBitCast) {
      r = LLVMBuildBitCast(b, sop(&z, in, 0), ty, "");
    } else if (op == LLVMInsertElement) {
      /* into a wider vector: the element is a scalar, never <1 x T> */
      r = LLVMBuildInsertElement(b, LLVMGetOperand(in, 0), sop(&z, in, 1), LLVMGetOperand(in, 2),
                                 "");
    } else { /* a shuffle of one-element vectors into a wider one */
      r = LLVMGetUndef(ty);
      unsigned n = LLVMGetNumMaskElements(in);
      for (unsigned j = 0; j < n; j++) {
        int m = LLVMGetMaskValue(in, j);
        if (m != LLVMGetUndefMaskElem())
          r = LLVMBuildInsertElement(b, r, shuffle_element(&z, in, m, LLVMGetElementType(ty)),
                                     LLVMConstInt(i32, j, 0), "");
      }
    }
    LLVMValueRef ptr = op == LLVMStore ? LLVMGetOperand(in, 1) : NULL;
    if (op != LLVMStore) {
      LLVMReplaceAllUsesWith(in, r);
      /* a scalar may be IN itself (the element an insertelement put in,
       * a bitcast to the same type): it is R now */
      for (size_t k = 0; k < z.scalar.cap; k++)
        if (z.scalar.slots[k].key && z.scalar.slots[k].val == (intptr_t)in)
          z.scalar.slots[k].val = (intptr_t)r;
    }
    LLVMInstructionEraseFromParent(in);
    if (ptr && LLVMIsABitCastInst(ptr) && !LLVMGetFirstUse(ptr))
      LLVMInstructionEraseFromParent(ptr);
  }
  for (size_t i = 0; i < defs.len; i++) {
    LLVMValueRef in = VEC_AT(&defs, LLVMValueRef, i);
    LLVMReplaceAllUsesWith(in, LLVMGetUndef(LLVMTypeOf(in)));
  }
  for (size_t i = 0; i < defs.len; i++) {
    LLVMValueRef in = VEC_AT(&defs, LLVMValueRef, i);
    LLVMValueRef ptr = LLVMIsALoadInst(in) ? LLVMGetOperand(in, 0) : NULL;
    LLVMInstructionEraseFromParent(in);
    if (ptr && LLVMIsABitCastInst(ptr) && !LLVMGetFirstUse(ptr))
      LLVMInstructionEraseFromParent(ptr);
  }
  vec_free(&defs);
  vec_free(&users);
  map_free(&z.scalar);
}

/* With opaque pointers (LLVM 22) no pointer type names <1 x T>, but a GEP
 * or an alloca may: one stepping over <1 x T> steps over T (the same size
 * by TD), one into its element 0 is the same address. Typed pointers (LLVM
 * 15) keep them, and are refused if any reaches the SPIR-V. */
static void unvector_addresses(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef f) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
      next = LLVMGetNextInstruction(in);
      LLVMTypeRef ty = LLVMTypeOf(in), vt = NULL;
      if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind || !LLVMPointerTypeIsOpaque(ty))
        continue;
      if (LLVMIsAGetElementPtrInst(in))
        vt = LLVMGetGEPSourceElementType(in);
      else if (LLVMIsAAllocaInst(in))
        vt = LLVMGetAllocatedType(in);
      if (!vt || !one_vector(vt))
        continue;
      LLVMTypeRef et = LLVMGetElementType(vt);
      if (LLVMABISizeOfType(td, et) != LLVMABISizeOfType(td, vt))
        continue;
      LLVMPositionBuilderBefore(b, in);
      LLVMValueRef r;
      if (LLVMIsAAllocaInst(in)) {
        r = LLVMBuildArrayAlloca(b, et, LLVMGetOperand(in, 0), "");
        LLVMSetAlignment(r, LLVMGetAlignment(in));
      } else {
        int n = LLVMGetNumOperands(in);
        LLVMValueRef idx = LLVMGetOperand(in, 1);
        if (n > 3 || (n == 3 && !(LLVMIsAConstantInt(LLVMGetOperand(in, 2)) &&
                                  !LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2)))))
          continue;
        r = LLVMIsInBounds(in) ? LLVMBuildInBoundsGEP2(b, et, LLVMGetOperand(in, 0), &idx, 1, "")
                               : LLVMBuildGEP2(b, et, LLVMGetOperand(in, 0), &idx, 1, "");
      }
      LLVMReplaceAllUsesWith(in, r);
      LLVMInstructionEraseFromParent(in);
    }
}

/* the type TY (i1 or a vector of i1) with i8 elements */
static LLVMTypeRef bytes_like(LLVMContextRef ctx, LLVMTypeRef ty) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
  return LLVMGetTypeKind(ty) == LLVMVectorTypeKind ? LLVMVectorType(i8, LLVMGetVectorSize(ty)) : i8;
}

static int is_bool(LLVMTypeRef ty) {
  if (LLVMGetTypeKind(ty) == LLVMVectorTypeKind)
    ty = LLVMGetElementType(ty);
  return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ty) == 1;
}

/* the rewrite of one instruction the translator mistranslates, or NULL */
static LLVMValueRef translator_form(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef in) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  LLVMTypeRef ty = LLVMTypeOf(in);
  LLVMPositionBuilderBefore(b, in);
  if (op == LLVMICmp && is_bool(LLVMTypeOf(LLVMGetOperand(in, 0)))) {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(in);
    LLVMValueRef x = LLVMGetOperand(in, 0), y = LLVMGetOperand(in, 1);
    if (pr == LLVMIntEQ || pr == LLVMIntNE) {
      LLVMValueRef ne = LLVMBuildXor(b, x, y, "");
      return pr == LLVMIntNE ? ne : LLVMBuildNot(b, ne, "");
    }
    LLVMTypeRef wide = bytes_like(ctx, LLVMTypeOf(x));
    int sgn = pr >= LLVMIntSGT;
    x = sgn ? LLVMBuildSExt(b, x, wide, "") : LLVMBuildZExt(b, x, wide, "");
    y = sgn ? LLVMBuildSExt(b, y, wide, "") : LLVMBuildZExt(b, y, wide, "");
    return LLVMBuildICmp(b, pr, x, y, "");
  }
  if (op == LLVMFCmp) {
    LLVMRealPredicate pr = LLVMGetFCmpPredicate(in);
    if (pr == LLVMRealPredicateTrue)
      return LLVMConstAllOnes(ty);
    if (pr == LLVMRealPredicateFalse)
      return LLVMConstNull(ty);
  }
  if (op == LLVMSelect && LLVMGetTypeKind(ty) == LLVMVectorTypeKind &&
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, 0))) != LLVMVectorTypeKind) {
    unsigned n = LLVMGetVectorSize(ty);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    LLVMTypeRef cty = LLVMVectorType(LLVMInt1TypeInContext(ctx), n);
    LLVMValueRef one = LLVMBuildInsertElement(b, LLVMGetUndef(cty), LLVMGetOperand(in, 0),
                                              LLVMConstInt(i32, 0, 0), "");
    LLVMValueRef splat = LLVMBuildShuffleVector(b, one, LLVMGetUndef(cty),
                                                LLVMConstNull(LLVMVectorType(i32, n)), "");
    return LLVMBuildSelect(b, splat, LLVMGetOperand(in, 1), LLVMGetOperand(in, 2), "");
  }
  /* an element index past the vector's end gives poison (LangRef,
   * extractelement and insertelement); SPIR-V's composite access at a
   * constant index out of bounds is invalid (spirv-val) */
  if (op == LLVMExtractElement || op == LLVMInsertElement) {
    LLVMValueRef vec = LLVMGetOperand(in, 0),
                 idx = LLVMGetOperand(in, op == LLVMExtractElement ? 1 : 2);
    if (LLVMGetTypeKind(LLVMTypeOf(vec)) == LLVMVectorTypeKind && LLVMIsAConstantInt(idx) &&
        LLVMConstIntGetZExtValue(idx) >= LLVMGetVectorSize(LLVMTypeOf(vec)))
      return LLVMGetUndef(ty);
  }
  /* the translator has no freeze: a frozen undef is any one value (zero
   * here); other values are passed on (an instruction's undefined result
   * is one value in SPIR-V) */
  if (op == LLVMFreeze)
    return LLVMIsAUndefValue(LLVMGetOperand(in, 0)) ? LLVMConstNull(ty) : LLVMGetOperand(in, 0);
  /* LLVM 22's SPIR-V backend folds `zext (trunc iN x to i1) to iM` into an
   * OpBitwiseAnd whose operand keeps N bits while its result has M
   * (spirv-val: "Expected operands to have the same bit width"); a compare of
   * the low bit means the same and is not folded */
  if (op == LLVMTrunc && is_bool(ty)) {
    LLVMValueRef x = LLVMGetOperand(in, 0);
    LLVMTypeRef xt = LLVMTypeOf(x);
    int vec = LLVMGetTypeKind(xt) == LLVMVectorTypeKind;
    LLVMValueRef one = LLVMConstInt(vec ? LLVMGetElementType(xt) : xt, 1, 0);
    if (vec) {
      unsigned n = LLVMGetVectorSize(xt);
      LLVMValueRef *ones = gs_xcalloc(n, sizeof *ones);
      for (unsigned i = 0; i < n; i++)
        ones[i] = one;
      one = LLVMConstVector(ones, n);
      free(ones);
    }
    return LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, x, one, ""), LLVMConstNull(xt), "");
  }
  if ((op == LLVMFPToUI || op == LLVMFPToSI) && is_bool(ty)) {
    LLVMTypeRef wide = bytes_like(ctx, ty);
    LLVMValueRef x = op == LLVMFPToUI ? LLVMBuildFPToUI(b, LLVMGetOperand(in, 0), wide, "")
                                      : LLVMBuildFPToSI(b, LLVMGetOperand(in, 0), wide, "");
    return LLVMBuildICmp(b, LLVMIntNE, x, LLVMConstNull(wide), "");
  }
  return NULL;
}

void scalarize_one_element_vectors(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMCountBasicBlocks(f))
      scalarize_function(ctx, b, f);
  LLVMDisposeBuilder(b);
}

void spirv_legalize(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned loop = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMCountBasicBlocks(f))
      continue;
    scalarize_function(ctx, b, f);
    unvector_addresses(b, td, f);
    promote_function(ctx, b, f);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMSetMetadata(LLVMGetBasicBlockTerminator(bb), loop, NULL);
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
        next = LLVMGetNextInstruction(in);
        LLVMValueRef r = translator_form(ctx, b, in);
        if (r) {
          LLVMReplaceAllUsesWith(in, r);
          LLVMInstructionEraseFromParent(in);
        }
      }
    }
  }
  LLVMDisposeBuilder(b);
}
