/* --target vulkan: OpenCL C's builtins, work-item queries and barrier() as
 * a shader's (docs/targets.md "Vulkan"). */
#include "vulkan.h"

#include "gridsplit/control_word.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GS_LLVM_MAJOR >= 22

/* The parameter types of mangled NAME (what follows _Z<n><base>), or "" */
static const char *mangled_params(const char *name, const char *base) {
  if (strncmp(name, "_Z", 2))
    return "";
  const char *p = name + 2;
  while (*p >= '0' && *p <= '9')
    p++;
  return strncmp(p, base, strlen(base)) ? "" : p + strlen(base);
}

/* OpenCL C builtins with exact shader counterparts (OpenCL C 6.15): the
 * integer min, max, clamp and abs and fabs on scalars, copysign (in bits),
 * dot (as the references sum it), vloadN and vstoreN (their elements), and
 * the 32-bit integer atomic functions on global or local memory, which
 * become atomicrmw (then words, as any atomic). 1 when IN was one and is replaced; 0 when not (or
 * *ERR, for one that cannot be: a float atomic, atomic_cmpxchg). The math
 * functions but fabs are left out: a shader's sqrt, exp and the like are not
 * as exact as the references the runs are compared with. */
static int opencl_builtin(vk *v, LLVMValueRef in, const char *name, char **err) {
  char *base = ir_itanium_base(name);
  const char *params = mangled_params(name, base);
  size_t n = LLVMGetNumArgOperands(in);
  LLVMValueRef a0 = n ? LLVMGetOperand(in, 0) : NULL, x = NULL;
  char last = *params ? params[strlen(params) - 1] : 0;
  int is_signed = last == 'i' || last == 'l' || last == 's' || last == 'c' || last == 'a';
  int scalar_int = n && LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMIntegerTypeKind &&
                   strspn(params, "ijlmcahst") == strlen(params);
  static const struct {
    const char *name;
    LLVMAtomicRMWBinOp op;
    int args; /* after the pointer */
  } atomics[] = {
      {"atomic_add", LLVMAtomicRMWBinOpAdd, 1},   {"atomic_sub", LLVMAtomicRMWBinOpSub, 1},
      {"atomic_xchg", LLVMAtomicRMWBinOpXchg, 1}, {"atomic_and", LLVMAtomicRMWBinOpAnd, 1},
      {"atomic_or", LLVMAtomicRMWBinOpOr, 1},     {"atomic_xor", LLVMAtomicRMWBinOpXor, 1},
      {"atomic_min", LLVMAtomicRMWBinOpMin, 1},   {"atomic_max", LLVMAtomicRMWBinOpMax, 1},
      {"atomic_inc", LLVMAtomicRMWBinOpAdd, 0},   {"atomic_dec", LLVMAtomicRMWBinOpSub, 0}};
  LLVMPositionBuilderBefore(v->b, in);
  const char *atom = !strncmp(base, "atom_", 5)     ? base + 5
                     : !strncmp(base, "atomic_", 7) ? base + 7
                                                    : NULL;
  for (size_t k = 0; atom && k < sizeof atomics / sizeof *atomics && !x && !*err; k++) {
    if (strcmp(atom, atomics[k].name + 7) || n != 1u + (unsigned)atomics[k].args)
      continue;
    if (LLVMTypeOf(in) != v->i32) {
      *err = vulkan_refuse(in, "is an atomic function other than on a 32-bit integer");
      break;
    }
    LLVMAtomicRMWBinOp op = atomics[k].op;
    if (!is_signed && op == LLVMAtomicRMWBinOpMin)
      op = LLVMAtomicRMWBinOpUMin;
    if (!is_signed && op == LLVMAtomicRMWBinOpMax)
      op = LLVMAtomicRMWBinOpUMax;
    LLVMValueRef val = atomics[k].args ? LLVMGetOperand(in, 1) : LLVMConstInt(v->i32, 1, 0);
    x = LLVMBuildAtomicRMW(v->b, op, a0, val, LLVMAtomicOrderingMonotonic, 0);
  }
  if (!x && !*err && atom && !strcmp(atom, "cmpxchg"))
    *err = vulkan_refuse(in,
                         "is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile for "
                         "Vulkan (it stops in its 'legalize bitcast' pass)");
  if (!x && !*err && scalar_int) {
    LLVMTypeRef ty = LLVMTypeOf(in);
    const char *mn = is_signed ? "llvm.smin" : "llvm.umin",
               *mx = is_signed ? "llvm.smax" : "llvm.umax";
    if ((!strcmp(base, "min") || !strcmp(base, "max")) && n == 2) {
      LLVMValueRef args[2] = {a0, LLVMGetOperand(in, 1)};
      x = vulkan_call(v, vulkan_intrinsic(v, !strcmp(base, "min") ? mn : mx, &ty, 1), args, 2, "");
    } else if (!strcmp(base, "clamp") && n == 3) {
      /* OpenCL: min(max(x, lo), hi) */
      LLVMValueRef lo[2] = {a0, LLVMGetOperand(in, 1)};
      LLVMValueRef hi[2] = {vulkan_call(v, vulkan_intrinsic(v, mx, &ty, 1), lo, 2, ""),
                            LLVMGetOperand(in, 2)};
      x = vulkan_call(v, vulkan_intrinsic(v, mn, &ty, 1), hi, 2, "");
    } else if (!strcmp(base, "abs") && n == 1) {
      /* the magnitude, unsigned: llvm.abs without poison on the minimum */
      LLVMValueRef args[2] = {a0, LLVMConstInt(LLVMInt1TypeInContext(v->ctx), 0, 0)};
      x = is_signed ? vulkan_call(v, vulkan_intrinsic(v, "llvm.abs", &ty, 1), args, 2, "") : a0;
    }
  }
  LLVMTypeRef rt = LLVMTypeOf(in);
  LLVMTypeKind rk = LLVMGetTypeKind(rt);
  int fp = rk == LLVMFloatTypeKind || rk == LLVMDoubleTypeKind;
  if (!x && !*err && !strcmp(base, "copysign") && n == 2 && fp) {
    /* a's magnitude with b's sign: exact, in bits */
    unsigned bits = rk == LLVMFloatTypeKind ? 32 : 64;
    LLVMTypeRef it = LLVMIntTypeInContext(v->ctx, bits);
    LLVMValueRef sign = LLVMConstInt(it, 1ull << (bits - 1), 0);
    LLVMValueRef mag =
        LLVMBuildAnd(v->b, LLVMBuildBitCast(v->b, a0, it, ""), LLVMConstNot(sign), "");
    LLVMValueRef sgn =
        LLVMBuildAnd(v->b, LLVMBuildBitCast(v->b, LLVMGetOperand(in, 1), it, ""), sign, "");
    x = LLVMBuildBitCast(v->b, LLVMBuildOr(v->b, mag, sgn, ""), rt, "");
  }
  if (!x && !*err && !strcmp(base, "dot") && n == 2 && fp) {
    /* OpenCL C's dot as the references compute it: the products summed
     * from the first lane, each rounded (NoContraction) */
    LLVMValueRef b0 = LLVMGetOperand(in, 1);
    if (LLVMGetTypeKind(LLVMTypeOf(a0)) != LLVMVectorTypeKind) {
      x = LLVMBuildFMul(v->b, a0, b0, "");
    } else {
      unsigned lanes = LLVMGetVectorSize(LLVMTypeOf(a0));
      for (unsigned k = 0; k < lanes; k++) {
        LLVMValueRef ix = LLVMConstInt(v->i32, k, 0);
        LLVMValueRef p = LLVMBuildFMul(v->b, LLVMBuildExtractElement(v->b, a0, ix, ""),
                                       LLVMBuildExtractElement(v->b, b0, ix, ""), "");
        x = k ? LLVMBuildFAdd(v->b, x, p, "") : p;
      }
    }
  }
  int vload = !strncmp(base, "vload", 5) && n == 2 && rk == LLVMVectorTypeKind;
  int vstore = !strncmp(base, "vstore", 6) && n == 3 &&
               LLVMGetTypeKind(LLVMTypeOf(a0)) == LLVMVectorTypeKind;
  char digit = vload ? base[5] : vstore ? base[6] : 0;
  if (!x && !*err && (vload || vstore) && digit >= '0' && digit <= '9') {
    /* vloadN(i, p) and vstoreN(data, i, p): N elements at p + i * N, each
     * aligned as its element; then words, as any access */
    LLVMValueRef data = vstore ? a0 : NULL, at = LLVMGetOperand(in, vstore ? 1 : 0);
    LLVMValueRef p = LLVMGetOperand(in, vstore ? 2 : 1);
    LLVMTypeRef vt = vstore ? LLVMTypeOf(data) : rt, et = LLVMGetElementType(vt);
    unsigned lanes = LLVMGetVectorSize(vt);
    unsigned align = (unsigned)LLVMABIAlignmentOfType(v->td, et);
    LLVMValueRef first =
        LLVMBuildMul(v->b, LLVMBuildIntCast2(v->b, at, v->i64, 1, ""),
                     LLVMConstInt(v->i64, lanes, 0), "");
    LLVMValueRef vec = vstore ? NULL : LLVMGetUndef(vt);
    for (unsigned k = 0; k < lanes; k++) {
      LLVMValueRef ix = LLVMBuildAdd(v->b, first, LLVMConstInt(v->i64, k, 0), "");
      LLVMValueRef ep = LLVMBuildInBoundsGEP2(v->b, et, p, &ix, 1, "");
      LLVMValueRef lane = LLVMConstInt(v->i32, k, 0);
      if (vstore) {
        LLVMSetAlignment(LLVMBuildStore(v->b, LLVMBuildExtractElement(v->b, data, lane, ""), ep),
                         align);
      } else {
        LLVMValueRef e = LLVMBuildLoad2(v->b, et, ep, "");
        LLVMSetAlignment(e, align);
        vec = LLVMBuildInsertElement(v->b, vec, e, lane, "");
      }
    }
    if (vstore) {
      free(base);
      LLVMInstructionEraseFromParent(in);
      return 1;
    }
    x = vec;
  }
  if (!x && !*err && !strcmp(base, "fabs") && n == 1 &&
      LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVectorTypeKind) {
    LLVMTypeRef ty = LLVMTypeOf(in);
    x = vulkan_call(v, vulkan_intrinsic(v, "llvm.fabs", &ty, 1), &a0, 1,
                    ""); /* exact: the sign bit cleared */
  }
  free(base);
  if (!x)
    return 0;
  LLVMReplaceAllUsesWith(in, x);
  LLVMInstructionEraseFromParent(in); /* its pointer now reaches memory through X alone */
  return 1;
}

/* OpenCL's queries and barrier() as shader builtins; any other call to a
 * declaration that is no LLVM intrinsic is refused. */
/* The alignment a memory intrinsic's call IN promises for argument I */
static unsigned call_align(LLVMValueRef in, unsigned i) {
  LLVMAttributeRef a =
      LLVMGetCallSiteEnumAttribute(in, i + 1, LLVMGetEnumAttributeKindForName("align", 5));
  return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

enum { MAX_EXPANDED_BYTES = 4096 };

/* llvm.memcpy, llvm.memset, and llvm.memmove between address spaces (which
 * cannot overlap) of a constant length into loads and stores of words where
 * both sides are word-aligned, of bytes else; these then become the buffer's
 * words as any access does (the split copies a private array into the live
 * state so). 1 when IN was one and is replaced. */
static int expand_memory_call(vk *v, LLVMValueRef in, const char *name) {
  int set = !strncmp(name, "llvm.memset.", 12), copy = !strncmp(name, "llvm.memcpy.", 12);
  LLVMValueRef dst = LLVMGetOperand(in, 0), src = LLVMGetOperand(in, 1);
  LLVMValueRef len = LLVMGetOperand(in, 2);
  if (!set && !copy &&
      (strncmp(name, "llvm.memmove.", 13) ||
       LLVMGetPointerAddressSpace(LLVMTypeOf(dst)) == LLVMGetPointerAddressSpace(LLVMTypeOf(src))))
    return 0;
  if (!LLVMIsAConstantInt(len) || (set && !LLVMIsAConstantInt(src)) ||
      LLVMConstIntGetZExtValue(len) > MAX_EXPANDED_BYTES)
    return 0;
  unsigned long long n = LLVMConstIntGetZExtValue(len);
  unsigned step = n % 4 == 0 && call_align(in, 0) >= 4 && (set || call_align(in, 1) >= 4) ? 4 : 1;
  LLVMTypeRef ty = LLVMIntTypeInContext(v->ctx, 8 * step), i8 = LLVMInt8TypeInContext(v->ctx);
  LLVMValueRef fill = NULL;
  if (set) {
    unsigned long long byte = LLVMConstIntGetZExtValue(src) & 0xff;
    fill = LLVMConstInt(ty, byte * (step == 4 ? 0x01010101ull : 1), 0);
  }
  LLVMPositionBuilderBefore(v->b, in);
  for (unsigned long long at = 0; at < n; at += step) {
    LLVMValueRef off = LLVMConstInt(v->i64, at, 0);
    LLVMValueRef x = fill;
    if (!set)
      x = LLVMBuildLoad2(v->b, ty, LLVMBuildInBoundsGEP2(v->b, i8, src, &off, 1, ""), "");
    LLVMValueRef st = LLVMBuildStore(v->b, x, LLVMBuildInBoundsGEP2(v->b, i8, dst, &off, 1, ""));
    if (!set)
      LLVMSetAlignment(x, step);
    LLVMSetAlignment(st, step);
    if (LLVMGetVolatile(in)) {
      if (!set)
        LLVMSetVolatile(x, 1);
      LLVMSetVolatile(st, 1);
    }
  }
  LLVMInstructionEraseFromParent(in); /* now, or the accesses' rewrite sees it */
  return 1;
}

char *vulkan_rewrite_builtins(vk *v, LLVMValueRef fn, const unsigned wg[3]) {
  gs_vec calls;
  vec_init(&calls, sizeof(LLVMValueRef));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      if (LLVMIsACallInst(in))
        VEC_PUSH(&calls, LLVMValueRef, in);
  static const char *const queries[] = {"get_global_id",     "get_local_id",   "get_group_id",
                                        "get_local_size",    "get_num_groups", "get_global_size",
                                        "get_global_offset", "get_work_dim",   NULL};
  static const char *const intrinsics[] = {"llvm.spv.thread.id", "llvm.spv.thread.id.in.group",
                                           "llvm.spv.group.id", NULL, "llvm.spv.num.workgroups"};
  char *err = NULL;
  for (size_t i = 0; i < calls.len && !err; i++) {
    LLVMValueRef in = VEC_AT(&calls, LLVMValueRef, i);
    LLVMValueRef callee = LLVMGetCalledValue(in);
    if (!LLVMIsAFunction(callee)) {
      err = vulkan_refuse(in, "is an indirect call, which Vulkan shaders cannot make");
      break;
    }
    size_t len;
    const char *name = LLVMGetValueName2(callee, &len);
    if (!strncmp(name, "llvm.", 5)) {
      if ((!strncmp(name, "llvm.memcpy", 11) || !strncmp(name, "llvm.memset", 11) ||
           !strncmp(name, "llvm.memmove", 12)) &&
          !expand_memory_call(v, in, name))
        for (unsigned k = 0; k < 2 && !err; k++) {
          LLVMValueRef a = LLVMGetOperand(in, k);
          if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind &&
              LLVMGetPointerAddressSpace(LLVMTypeOf(a)))
            err = vulkan_refuse(in, "copies or fills buffer or workgroup memory as bytes");
        }
      /* a*b+c that may fuse (llvm.fmuladd): unfused, as every other
       * runner computes it; GLSL's Fma may be either, so an fma that must
       * fuse (llvm.fma) has no exact counterpart */
      if (!strncmp(name, "llvm.fmuladd.", 13)) {
        LLVMPositionBuilderBefore(v->b, in);
        LLVMValueRef x = LLVMBuildFAdd(
            v->b, LLVMBuildFMul(v->b, LLVMGetOperand(in, 0), LLVMGetOperand(in, 1), ""),
            LLVMGetOperand(in, 2), "");
        LLVMReplaceAllUsesWith(in, x);
        VEC_PUSH(&v->dead, LLVMValueRef, in);
      } else if (!strncmp(name, "llvm.usub.sat.", 14)) {
        /* a - b where a > b, else 0: LLVM 22's SPIR-V backend selects no
         * G_USUBSAT (instcombine makes one of the count of a launch's
         * range of virtual workgroups: lib/vtrim.c) */
        LLVMPositionBuilderBefore(v->b, in);
        LLVMValueRef a = LLVMGetOperand(in, 0), c = LLVMGetOperand(in, 1);
        LLVMValueRef x =
            LLVMBuildSelect(v->b, LLVMBuildICmp(v->b, LLVMIntUGT, a, c, ""),
                            LLVMBuildSub(v->b, a, c, ""), LLVMConstNull(LLVMTypeOf(a)), "");
        LLVMReplaceAllUsesWith(in, x);
        VEC_PUSH(&v->dead, LLVMValueRef, in);
      } else if (!strncmp(name, "llvm.fma.", 9)) {
        err = vulkan_refuse(in, "is a fused multiply-add, which a Vulkan shader cannot promise "
                                "(GLSL.std.450 Fma may round twice)");
      }
      continue;
    }
    int done = opencl_builtin(v, in, name, &err);
    if (done || err)
      continue;
    char *base = ir_itanium_base(name);
    int q = -1;
    for (int k = 0; queries[k]; k++)
      if (!strcmp(base, queries[k]))
        q = k;
    int barrier = !strcmp(base, "barrier") || !strcmp(base, "work_group_barrier");
    free(base);
    LLVMPositionBuilderBefore(v->b, in);
    LLVMValueRef x = NULL;
    if (barrier) {
      /* workgroup memory ordered by the control barrier itself; global
       * memory (CLK_GLOBAL_MEM_FENCE, or flags not known) by a fence on
       * either side too, which only some barriers need: ordering buffer
       * memory at every barrier() doubled reduce's time on the H200 */
      LLVMValueRef flags = LLVMGetNumArgOperands(in) ? LLVMGetOperand(in, 0) : NULL;
      int global =
          !flags || !LLVMIsAConstantInt(flags) || (LLVMConstIntGetZExtValue(flags) & ~1ull);
      unsigned scope = LLVMGetSyncScopeID(v->ctx, "workgroup", 9);
      if (global)
        LLVMBuildFenceSyncScope(v->b, LLVMAtomicOrderingAcquireRelease, scope, "");
      LLVMValueRef f =
          vulkan_intrinsic(v, "llvm.spv.group.memory.barrier.with.group.sync", NULL, 0);
      vulkan_call(v, f, NULL, 0, "");
      if (global)
        LLVMBuildFenceSyncScope(v->b, LLVMAtomicOrderingAcquireRelease, scope, "");
    } else if (q >= 0 && q != 7 && LLVMGetNumArgOperands(in) == 1 &&
               LLVMIsAConstantInt(LLVMGetOperand(in, 0))) {
      unsigned d = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(in, 0));
      LLVMTypeRef rt = LLVMTypeOf(in);
      if (d > 2) {
        /* OpenCL: 0 for an id, 1 for a size past the last dimension */
        x = LLVMConstInt(rt, q == 3 || q == 4 || q == 5, 0);
      } else if (q == 6) {
        x = LLVMConstInt(rt, 0, 0); /* every runner launches without an offset */
      } else if (q == 3) {
        x = LLVMConstInt(rt, wg[d], 0);
      } else {
        LLVMValueRef dim = LLVMConstInt(v->i32, d, 0);
        const char *which = intrinsics[q == 5 ? 4 : q];
        LLVMValueRef y = vulkan_call(v, vulkan_intrinsic(v, which, &v->i32, 1), &dim, 1, "");
        if (q == 5)
          y = LLVMBuildMul(v->b, y, LLVMConstInt(v->i32, wg[d], 0), "");
        x = LLVMBuildZExt(v->b, y, rt, "");
      }
    } else {
      err = vulkan_refuse(in, "calls a function that a Vulkan shader has no counterpart for");
      break;
    }
    if (x)
      LLVMReplaceAllUsesWith(in, x);
    VEC_PUSH(&v->dead, LLVMValueRef, in);
  }
  vec_free(&calls);
  return err;
}

#endif
