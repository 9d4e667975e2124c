/* --target vulkan: float division correctly rounded (docs/targets.md
 * "Vulkan", "Floats are rounded as everywhere else"). Vulkan asks OpFDiv
 * for 2.5 ULP only, and a double's OpFDiv only for single precision's; every
 * other runner divides as IEEE 754 does, to the nearest float, ties to even.
 * So each float `fdiv` becomes a call of gs.fdiv, which divides in integer
 * arithmetic, exactly: the significands' quotient to 33 bits and its
 * remainder, rounded once. A double `fdiv` is refused, and so is `frem`
 * (OpFRem is x - y * trunc(x / y), inexact).
 *
 * The quotient is found from two estimates in floats, each checked and
 * corrected in exact integer arithmetic, so that whatever OpFDiv returns the
 * result is exact: a 64-bit OpUDiv, which NVIDIA's driver expands into a long
 * sequence, took three quarters of a division-bound shader's time on the
 * H200 (bench/gpu/README.md). Only where the corrected estimate is still not
 * the quotient (a driver's division far worse than 2.5 ULP) does it divide
 * in integers. A scalar division goes through gs.fdiv.memo, which keeps the
 * last operands and quotient of its call site (values, once inlined and
 * promoted). Two knobs for the tests, read at emission: GS_VULKAN_FDIV_SKEW=K
 * (an integer) adds K to the first estimate's bits, wrong on purpose, and
 * GS_VULKAN_FDIV_NO_FALLBACK=1 makes the integer division's way return 0,
 * so that a test sees whether the estimates alone gave the quotient. */
#include "vulkan.h"

#include <stdlib.h>
#include <string.h>

#if GS_LLVM_MAJOR >= 22

static LLVMValueRef k32(vk *v, unsigned long long x) { return LLVMConstInt(v->i32, x, 0); }
static LLVMValueRef k64(vk *v, unsigned long long x) { return LLVMConstInt(v->i64, x, 0); }

static LLVMValueRef sel(vk *v, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildSelect(v->b, c, a, b, "");
}

/* Operand U (bits) of a finite nonzero float as its significand M in
 * [2^23, 2^24) and biased exponent X (signed; below 1 for a subnormal):
 * U = M * 2^(X - 150). A subnormal's leading bit is found by converting its
 * fraction to float, which is exact below 2^24. */
static void unpack(vk *v, LLVMValueRef u, int zero_ok, LLVMValueRef *m, LLVMValueRef *x) {
  LLVMValueRef e = LLVMBuildLShr(v->b, LLVMBuildAnd(v->b, u, k32(v, 0x7fffffff), ""), k32(v, 23),
                                 "");
  LLVMValueRef f = LLVMBuildAnd(v->b, u, k32(v, 0x7fffff), "");
  LLVMValueRef sub = LLVMBuildICmp(v->b, LLVMIntEQ, e, k32(v, 0), "");
  /* a zero (handled by the caller) gets a fraction of 1 here */
  LLVMValueRef fs = zero_ok ? sel(v, LLVMBuildICmp(v->b, LLVMIntEQ, f, k32(v, 0), ""), k32(v, 1), f)
                            : f;
  LLVMValueRef asf = LLVMBuildBitCast(
      v->b, LLVMBuildUIToFP(v->b, fs, LLVMFloatTypeInContext(v->ctx), ""), v->i32, "");
  LLVMValueRef msb = LLVMBuildSub(v->b, LLVMBuildLShr(v->b, asf, k32(v, 23), ""), k32(v, 127), "");
  LLVMValueRef shift = LLVMBuildSub(v->b, k32(v, 23), msb, "");
  *m = sel(v, sub, LLVMBuildShl(v->b, fs, shift, ""), LLVMBuildOr(v->b, f, k32(v, 0x800000), ""));
  *x = sel(v, sub, LLVMBuildSub(v->b, msb, k32(v, 22), ""), e);
}

/* A float's value clamped to [LO, HI] (a NaN to FALLBACK), so that
 * converting it to an integer is defined */
static LLVMValueRef clamp_float(vk *v, LLVMValueRef x, double lo, double hi, double fallback) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(v->ctx);
  LLVMValueRef in =
      LLVMBuildAnd(v->b, LLVMBuildFCmp(v->b, LLVMRealOGE, x, LLVMConstReal(f32, lo), ""),
                   LLVMBuildFCmp(v->b, LLVMRealOLE, x, LLVMConstReal(f32, hi), ""), "");
  return sel(v, in, x, LLVMConstReal(f32, fallback));
}

/* *Q = floor(NUM / DEN) and *REM = NUM - *Q * DEN, for NUM = MA * 2^32 and
 * DEN = MB, MA and MB in [2^23, 2^24), at the builder in FN (which gets
 * blocks): Q0 from the floats' quotient MA / MB (to 2^-23 or so: Q0 within
 * some 2^11 of Q), Q0 + C with C from the remainder's quotient by MB in
 * floats (within 1 of Q), then up to two steps each way while the
 * remainder is outside [0, DEN). A remainder still outside takes the
 * integer division. Every product and difference fits in 64 bits: Q0 <=
 * 2^34, |C| <= 2^30, DEN < 2^24. */
static void exact_quotient(vk *v, LLVMValueRef fn, LLVMValueRef ma, LLVMValueRef mb,
                           LLVMValueRef num, LLVMValueRef den, LLVMValueRef *q, LLVMValueRef *rem) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(v->ctx);
  LLVMValueRef fa = LLVMBuildUIToFP(v->b, ma, f32, "");
  LLVMValueRef fb = LLVMBuildUIToFP(v->b, mb, f32, "");
  LLVMValueRef est = LLVMBuildFDiv(v->b, fa, fb, "gs.fdiv.estimate");
  const char *skew = getenv("GS_VULKAN_FDIV_SKEW");
  if (skew && *skew)
    est = LLVMBuildBitCast(
        v->b,
        LLVMBuildAdd(v->b, LLVMBuildBitCast(v->b, est, v->i32, ""),
                     LLVMConstInt(v->i32, (unsigned long long)strtoll(skew, NULL, 10), 1), ""),
        f32, "");
  /* MA / MB is in (1/2, 2) */
  est = clamp_float(v, est, 0.25, 4.0, 1.0);
  LLVMValueRef q0 = LLVMBuildFPToUI(
      v->b, LLVMBuildFMul(v->b, est, LLVMConstReal(f32, 4294967296.0), ""), v->i64, "");
  LLVMValueRef r0 = LLVMBuildSub(v->b, num, LLVMBuildMul(v->b, q0, den, ""), "");
  LLVMValueRef cf = LLVMBuildFDiv(v->b, LLVMBuildSIToFP(v->b, r0, f32, ""), fb, "");
  cf = clamp_float(v, cf, -1073741824.0, 1073741824.0, 0.0);
  LLVMValueRef c = LLVMBuildFPToSI(v->b, cf, v->i64, "");
  LLVMValueRef qq = LLVMBuildAdd(v->b, q0, c, "");
  LLVMValueRef rr = LLVMBuildSub(v->b, r0, LLVMBuildMul(v->b, c, den, ""), "");
  for (int k = 0; k < 2; k++) {
    LLVMValueRef low = LLVMBuildICmp(v->b, LLVMIntSLT, rr, k64(v, 0), "");
    qq = sel(v, low, LLVMBuildSub(v->b, qq, k64(v, 1), ""), qq);
    rr = sel(v, low, LLVMBuildAdd(v->b, rr, den, ""), rr);
    LLVMValueRef high = LLVMBuildICmp(v->b, LLVMIntSGE, rr, den, "");
    qq = sel(v, high, LLVMBuildAdd(v->b, qq, k64(v, 1), ""), qq);
    rr = sel(v, high, LLVMBuildSub(v->b, rr, den, ""), rr);
  }
  LLVMValueRef good = LLVMBuildAnd(v->b, LLVMBuildICmp(v->b, LLVMIntSGE, rr, k64(v, 0), ""),
                                   LLVMBuildICmp(v->b, LLVMIntSLT, rr, den, ""), "");
  LLVMBasicBlockRef from = LLVMGetInsertBlock(v->b);
  LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(v->ctx, fn, "divide");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(v->ctx, fn, "rounded");
  LLVMBuildCondBr(v->b, good, done, slow);
  LLVMPositionBuilderAtEnd(v->b, slow);
  const char *off = getenv("GS_VULKAN_FDIV_NO_FALLBACK");
  int fallback = !off || !*off;
  LLVMValueRef qs = fallback ? LLVMBuildUDiv(v->b, num, den, "") : k64(v, 0);
  LLVMValueRef rs = fallback ? LLVMBuildURem(v->b, num, den, "") : k64(v, 0);
  LLVMBuildBr(v->b, done);
  LLVMPositionBuilderAtEnd(v->b, done);
  LLVMBasicBlockRef in[2] = {from, slow};
  LLVMValueRef qv[2] = {qq, qs}, rv[2] = {rr, rs};
  *q = LLVMBuildPhi(v->b, v->i64, "");
  LLVMAddIncoming(*q, qv, in, 2);
  *rem = LLVMBuildPhi(v->b, v->i64, "");
  LLVMAddIncoming(*rem, rv, in, 2);
}

/* The function gs.fdiv(float a, float b): a / b as IEEE 754 binary32
 * division rounds it: the quotient of sanitized operands (exact_quotient),
 * then the special cases chosen over it. */
static LLVMValueRef fdiv_function(vk *v) {
  LLVMValueRef fn = LLVMGetNamedFunction(v->m, "gs.fdiv");
  if (fn)
    return fn;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(v->ctx);
  LLVMTypeRef params[2] = {f32, f32};
  fn = LLVMAddFunction(v->m, "gs.fdiv", LLVMFunctionType(f32, params, 2, 0));
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMBasicBlockRef saved = LLVMGetInsertBlock(v->b);
  LLVMPositionBuilderAtEnd(v->b, LLVMAppendBasicBlockInContext(v->ctx, fn, "entry"));
  LLVMValueRef ua = LLVMBuildBitCast(v->b, LLVMGetParam(fn, 0), v->i32, "");
  LLVMValueRef ub = LLVMBuildBitCast(v->b, LLVMGetParam(fn, 1), v->i32, "");
  LLVMValueRef sign = LLVMBuildAnd(v->b, LLVMBuildXor(v->b, ua, ub, ""), k32(v, 0x80000000), "");
  LLVMValueRef aa = LLVMBuildAnd(v->b, ua, k32(v, 0x7fffffff), "");
  LLVMValueRef ab = LLVMBuildAnd(v->b, ub, k32(v, 0x7fffffff), "");
  LLVMValueRef inf = k32(v, 0x7f800000);
  LLVMValueRef a_nan = LLVMBuildICmp(v->b, LLVMIntUGT, aa, inf, "");
  LLVMValueRef b_nan = LLVMBuildICmp(v->b, LLVMIntUGT, ab, inf, "");
  LLVMValueRef a_inf = LLVMBuildICmp(v->b, LLVMIntEQ, aa, inf, "");
  LLVMValueRef b_inf = LLVMBuildICmp(v->b, LLVMIntEQ, ab, inf, "");
  LLVMValueRef a_zero = LLVMBuildICmp(v->b, LLVMIntEQ, aa, k32(v, 0), "");
  LLVMValueRef b_zero = LLVMBuildICmp(v->b, LLVMIntEQ, ab, k32(v, 0), "");

  /* finite nonzero a and b: a / b = (ma / mb) * 2^(xa - xb) */
  LLVMValueRef ma, xa, mb, xb;
  unpack(v, ua, 1, &ma, &xa);
  unpack(v, ub, 1, &mb, &xb);
  /* q = floor(ma * 2^32 / mb) in (2^31, 2^33): its leading bit L is 32
   * when ma >= mb, else 31; the rest and the remainder round it */
  LLVMValueRef num = LLVMBuildShl(v->b, LLVMBuildZExt(v->b, ma, v->i64, ""), k64(v, 32), "");
  LLVMValueRef den = LLVMBuildZExt(v->b, mb, v->i64, "");
  LLVMValueRef q, rem;
  exact_quotient(v, fn, ma, mb, num, den, &q, &rem);
  LLVMValueRef sticky = LLVMBuildICmp(v->b, LLVMIntNE, rem, k64(v, 0), "");
  LLVMValueRef big = LLVMBuildICmp(v->b, LLVMIntUGE, ma, mb, "");
  /* the result's biased exponent, and the bits of q below its 24 */
  LLVMValueRef biased = LLVMBuildAdd(
      v->b, LLVMBuildSub(v->b, xa, xb, ""), sel(v, big, k32(v, 127), k32(v, 126)), "");
  LLVMValueRef low = sel(v, big, k32(v, 9), k32(v, 8));
  /* below the normal range: shifted further, by 1 - biased (at most to
   * 62: q then rounds to zero) */
  LLVMValueRef tiny = LLVMBuildICmp(v->b, LLVMIntSLT, biased, k32(v, 1), "");
  LLVMValueRef s = LLVMBuildAdd(
      v->b, low, sel(v, tiny, LLVMBuildSub(v->b, k32(v, 1), biased, ""), k32(v, 0)), "");
  s = sel(v, LLVMBuildICmp(v->b, LLVMIntUGT, s, k32(v, 62), ""), k32(v, 62), s);
  LLVMValueRef s64 = LLVMBuildZExt(v->b, s, v->i64, "");
  LLVMValueRef m = LLVMBuildLShr(v->b, q, s64, "");
  LLVMValueRef rest =
      LLVMBuildAnd(v->b, q, LLVMBuildSub(v->b, LLVMBuildShl(v->b, k64(v, 1), s64, ""), k64(v, 1), ""),
                   "");
  LLVMValueRef half = LLVMBuildShl(v->b, k64(v, 1), LLVMBuildSub(v->b, s64, k64(v, 1), ""), "");
  /* to nearest; a tie (nothing in the remainder) to even */
  LLVMValueRef odd =
      LLVMBuildICmp(v->b, LLVMIntNE, LLVMBuildAnd(v->b, m, k64(v, 1), ""), k64(v, 0), "");
  LLVMValueRef up = LLVMBuildOr(
      v->b, LLVMBuildICmp(v->b, LLVMIntUGT, rest, half, ""),
      LLVMBuildAnd(v->b, LLVMBuildICmp(v->b, LLVMIntEQ, rest, half, ""),
                   LLVMBuildOr(v->b, sticky, odd, ""), ""),
      "");
  LLVMValueRef m32 = LLVMBuildTrunc(
      v->b, LLVMBuildAdd(v->b, m, LLVMBuildZExt(v->b, up, v->i64, ""), ""), v->i32, "");
  /* the exponent field (0 below the normal range) plus the significand,
   * whose hidden bit (or a rounding's carry) adds one to it */
  LLVMValueRef field = LLVMBuildSub(v->b, sel(v, tiny, k32(v, 1), biased), k32(v, 1), "");
  LLVMValueRef bits = LLVMBuildAdd(v->b, LLVMBuildShl(v->b, field, k32(v, 23), ""), m32, "");
  LLVMValueRef over = LLVMBuildOr(v->b, LLVMBuildICmp(v->b, LLVMIntSGT, biased, k32(v, 254), ""),
                                  LLVMBuildICmp(v->b, LLVMIntUGE, bits, inf, ""), "");
  LLVMValueRef r = LLVMBuildOr(v->b, sign, sel(v, over, inf, bits), "");

  /* the special cases, last chosen first: a zero or an infinity, then an
   * invalid operation (0/0, inf/inf: the default NaN), then a NaN operand
   * (itself, quieted) */
  r = sel(v, LLVMBuildOr(v->b, b_inf, a_zero, ""), sign, r);
  r = sel(v, LLVMBuildOr(v->b, a_inf, b_zero, ""), LLVMBuildOr(v->b, sign, inf, ""), r);
  LLVMValueRef invalid = LLVMBuildOr(v->b, LLVMBuildAnd(v->b, a_inf, b_inf, ""),
                                     LLVMBuildAnd(v->b, a_zero, b_zero, ""), "");
  r = sel(v, invalid, k32(v, 0x7fc00000), r);
  r = sel(v, b_nan, LLVMBuildOr(v->b, ub, k32(v, 0x400000), ""), r);
  r = sel(v, a_nan, LLVMBuildOr(v->b, ua, k32(v, 0x400000), ""), r);
  LLVMBuildRet(v->b, LLVMBuildBitCast(v->b, r, f32, ""));
  if (saved)
    LLVMPositionBuilderAtEnd(v->b, saved);
  return fn;
}

/* gs.fdiv.memo(float a, float b, ptr ca, ptr cb, ptr cq), always inlined:
 * a / b as gs.fdiv gives it, from the cache private to the call site (a's
 * bits, b's bits, the quotient's, at CA, CB, CQ) where a and b are the bits it holds, else computed
 * and kept there. A division by a value read once per launch (cg's dots[1], read under i < n, where
 * no buffer is known to be long enough to read it before) is then computed once per invocation of
 * the physical grid, not once per element. The cache starts as {+0, +0, 0x7fc00000}: gs.fdiv's 0 /
 * 0. */
static LLVMValueRef memo_function(vk *v, LLVMTypeRef ptr) {
  LLVMValueRef fn = LLVMGetNamedFunction(v->m, "gs.fdiv.memo");
  if (fn)
    return fn;
  LLVMValueRef div = fdiv_function(v);
  LLVMTypeRef f32 = LLVMFloatTypeInContext(v->ctx);
  LLVMTypeRef params[5] = {f32, f32, ptr, ptr, ptr};
  fn = LLVMAddFunction(v->m, "gs.fdiv.memo", LLVMFunctionType(f32, params, 5, 0));
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMAddAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex,
      LLVMCreateEnumAttribute(v->ctx, LLVMGetEnumAttributeKindForName("alwaysinline", 12), 0));
  LLVMBasicBlockRef saved = LLVMGetInsertBlock(v->b);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(v->ctx, fn, "entry");
  LLVMBasicBlockRef kept = LLVMAppendBasicBlockInContext(v->ctx, fn, "kept");
  LLVMBasicBlockRef compute = LLVMAppendBasicBlockInContext(v->ctx, fn, "compute");
  LLVMValueRef a = LLVMGetParam(fn, 0), b = LLVMGetParam(fn, 1);
  LLVMValueRef slot[3] = {LLVMGetParam(fn, 2), LLVMGetParam(fn, 3), LLVMGetParam(fn, 4)};
  LLVMPositionBuilderAtEnd(v->b, entry);
  LLVMValueRef ua = LLVMBuildBitCast(v->b, a, v->i32, ""),
               ub = LLVMBuildBitCast(v->b, b, v->i32, "");
  LLVMValueRef hit = LLVMBuildAnd(
      v->b, LLVMBuildICmp(v->b, LLVMIntEQ, ua, LLVMBuildLoad2(v->b, v->i32, slot[0], ""), ""),
      LLVMBuildICmp(v->b, LLVMIntEQ, ub, LLVMBuildLoad2(v->b, v->i32, slot[1], ""), ""), "");
  LLVMBuildCondBr(v->b, hit, kept, compute);
  LLVMPositionBuilderAtEnd(v->b, kept);
  LLVMBuildRet(v->b, LLVMBuildBitCast(v->b, LLVMBuildLoad2(v->b, v->i32, slot[2], ""), f32, ""));
  LLVMPositionBuilderAtEnd(v->b, compute);
  LLVMValueRef args[2] = {a, b};
  LLVMValueRef q = LLVMBuildCall2(v->b, LLVMGlobalGetValueType(div), div, args, 2, "");
  LLVMBuildStore(v->b, ua, slot[0]);
  LLVMBuildStore(v->b, ub, slot[1]);
  LLVMBuildStore(v->b, LLVMBuildBitCast(v->b, q, v->i32, ""), slot[2]);
  LLVMBuildRet(v->b, q);
  if (saved)
    LLVMPositionBuilderAtEnd(v->b, saved);
  return fn;
}

/* a call site's cache for gs.fdiv.memo, in FN's entry: three words, one
 * alloca each (so that mem2reg makes them values), initialized there */
static void memo_cache(vk *v, LLVMValueRef fn, LLVMValueRef cache[3]) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  while (first && LLVMIsAAllocaInst(first))
    first = LLVMGetNextInstruction(first);
  LLVMPositionBuilderBefore(v->b, first);
  static const unsigned long long start[3] = {0, 0, 0x7fc00000};
  for (unsigned k = 0; k < 3; k++) {
    cache[k] = LLVMBuildAlloca(v->b, v->i32, "gs.fdiv.cache");
    LLVMBuildStore(v->b, k32(v, start[k]), cache[k]);
  }
}

char *vulkan_exact_fdiv(vk *v) {
  gs_vec divs;
  vec_init(&divs, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(v->m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb =
             strncmp(LLVMGetValueName(f), "gs.fdiv", 7) ? LLVMGetFirstBasicBlock(f) : NULL;
         bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (LLVMIsABinaryOperator(in) && (LLVMGetInstructionOpcode(in) == LLVMFDiv ||
                                          LLVMGetInstructionOpcode(in) == LLVMFRem))
          VEC_PUSH(&divs, LLVMValueRef, in);
  char *err = NULL;
  for (size_t i = 0; i < divs.len && !err; i++) {
    LLVMValueRef in = VEC_AT(&divs, LLVMValueRef, i);
    LLVMTypeRef ty = LLVMTypeOf(in);
    int vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
    LLVMTypeRef et = vec ? LLVMGetElementType(ty) : ty;
    if (LLVMGetInstructionOpcode(in) == LLVMFRem) {
      err = vulkan_refuse(in, "is a float remainder, which a Vulkan shader computes as x - y * "
                              "trunc(x / y), not exactly as the references do");
      break;
    }
    if (LLVMGetTypeKind(et) != LLVMFloatTypeKind) {
      err = vulkan_refuse(in, "divides floats other than 32-bit ones, which a Vulkan shader "
                              "divides to 2.5 ULP, not to the nearest as the references do");
      break;
    }
    LLVMValueRef fn = fdiv_function(v);
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
    LLVMPositionBuilderBefore(v->b, in);
    LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1), x;
    if (!vec) {
      LLVMValueRef args[5] = {a, b, NULL, NULL, NULL};
      memo_cache(v, LLVMGetBasicBlockParent(LLVMGetInstructionParent(in)), args + 2);
      /* the allocas' own address space (the data layout's) */
      LLVMValueRef memo = memo_function(v, LLVMTypeOf(args[2]));
      LLVMPositionBuilderBefore(v->b, in);
      x = LLVMBuildCall2(v->b, LLVMGlobalGetValueType(memo), memo, args, 5, "");
    } else {
      x = LLVMGetUndef(ty);
      for (unsigned k = 0; k < LLVMGetVectorSize(ty); k++) {
        LLVMValueRef lane = k32(v, k);
        LLVMValueRef args[2] = {LLVMBuildExtractElement(v->b, a, lane, ""),
                                LLVMBuildExtractElement(v->b, b, lane, "")};
        x = LLVMBuildInsertElement(v->b, x, LLVMBuildCall2(v->b, fty, fn, args, 2, ""), lane, "");
      }
    }
    LLVMReplaceAllUsesWith(in, x);
    LLVMInstructionEraseFromParent(in);
  }
  vec_free(&divs);
  /* the memo calls inlined, their caches values (mem2reg: phis around the
   * loops over virtual workgroups) */
  LLVMValueRef memo = LLVMGetNamedFunction(v->m, "gs.fdiv.memo");
  if (!err && memo) {
    gs_error *e = ir_run_passes(v->m, "always-inline,function(mem2reg)", "keeping quotients");
    if (e) {
      err = gs_strdup(gs_error_message(e));
      gs_error_dispose(e);
    }
  }
  /* (the inliner deletes it once unused; looked up again) */
  memo = err ? NULL : LLVMGetNamedFunction(v->m, "gs.fdiv.memo");
  if (memo && !LLVMGetFirstUse(memo))
    LLVMDeleteFunction(memo);
  return err;
}

#endif
