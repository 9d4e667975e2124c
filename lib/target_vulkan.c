/* The Vulkan output (--target vulkan, docs/targets.md "Vulkan"): the split
 * runs as for SPIR (lib/target_spir.c: OpenCL-flavoured kernels), and
 * emission rewrites every kernel into a GLCompute shader for LLVM 22's SPIR-V
 * backend with a Vulkan triple:
 * - a global or constant buffer argument becomes a storage buffer (set 0,
 *   binding = its place among the kernel's pointer arguments), read and
 *   written as an array of 32-bit words through
 *   llvm.spv.resource.handlefrombinding / getpointer; a buffer the kernel
 *   only reads (`readonly`, the roles' attribute) is NonWritable;
 * - every access is turned from pointer arithmetic into a byte offset from
 *   its buffer, then into word accesses: whole words loaded or stored and
 *   bitcast, narrower values shifted out of their word, and stored with two
 *   atomic operations on their word (which other invocations may be
 *   writing);
 * - workgroup variables become arrays of words in the same way;
 * - scalar arguments become one push-constant block per kernel;
 * - OpenCL's id and size queries become the shader builtins, barrier() the
 *   workgroup barrier; the workgroup size is the kernel's
 *   reqd_work_group_size, else 64 x 1 x 1;
 * - kernels that reach a grid barrier (the split's originals) are left
 *   out: a shader cannot import one.
 * What cannot be put so is refused, naming the instruction, and nothing is
 * written. Every module passes spirv-val for Vulkan 1.3. */
#include "gridsplit/control_word.h"
#include "gs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GS_LLVM_MAJOR >= 22

#include <llvm-c/Target.h>

#define VULKAN_TRIPLE "spirv1.6-unknown-vulkan1.3-compute"
#define AS_WORKGROUP 3
#define AS_STORAGE 11
#define AS_PUSH 13

typedef struct {
  LLVMValueRef handle; /* a buffer's handle, or NULL */
  int control;         /* the segments' control word */
  LLVMValueRef words;  /* a workgroup variable's array of words, or NULL */
  LLVMTypeRef words_ty;
} root;

typedef struct {
  LLVMModuleRef m;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMBuilderRef b;
  LLVMTypeRef i32, i64;
  gs_vec roots;    /* root */
  gs_map root_of;  /* argument or workgroup variable -> root index + 1 */
  gs_map resolved; /* pointer -> index into offsets */
  gs_vec offsets;  /* (root index, i64 byte offset) pairs, as intptr_t */
  gs_vec dead;     /* instructions replaced */
  LLVMValueRef push;   /* the push constants, one block of words for every shader */
  LLVMTypeRef push_ty; /* { [N x i32] } */
} vk;

static char *refuse(LLVMValueRef where, const char *why) {
  char *what = ir_describe(where);
  gs_str s;
  str_init(&s);
  str_printf(&s, "--target vulkan: %s %s", what, why);
  free(what);
  return s.s;
}

static LLVMValueRef intrinsic(vk *v, const char *name, LLVMTypeRef *over, size_t n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  return LLVMGetIntrinsicDeclaration(v->m, id, over, n);
}

static LLVMValueRef call(vk *v, LLVMValueRef fn, LLVMValueRef *args, unsigned n, const char *nm) {
  return LLVMBuildCall2(v->b, LLVMGlobalGetValueType(fn), fn, args, n, nm);
}

static LLVMValueRef to_i64(vk *v, LLVMValueRef x) {
  return LLVMBuildIntCast2(v->b, x, v->i64, 1, "");
}

/* The offset of pointer P from its root, as (root, i64 offset), built
 * before P's uses; 0 when P does not resolve to one root. */
static int resolve(vk *v, LLVMValueRef p, intptr_t *root_idx, LLVMValueRef *off);

static int resolve_gep(vk *v, LLVMValueRef g, intptr_t *r, LLVMValueRef *off) {
  LLVMValueRef base;
  if (!resolve(v, LLVMGetOperand(g, 0), r, &base))
    return 0;
  if (LLVMIsAInstruction(g))
    LLVMPositionBuilderBefore(v->b, g);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
  LLVMValueRef sum = base;
  unsigned n = (unsigned)LLVMGetNumOperands(g);
  for (unsigned k = 1; k < n; k++) {
    LLVMValueRef idx = LLVMGetOperand(g, k);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) == LLVMVectorTypeKind)
      return 0;
    if (k > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
      sum = LLVMBuildAdd(v->b, sum, LLVMConstInt(v->i64, LLVMOffsetOfElement(v->td, ty, field), 0),
                         "");
      ty = LLVMStructGetTypeAtIndex(ty, field);
      continue;
    }
    if (k > 1)
      ty = LLVMGetElementType(ty);
    LLVMValueRef size = LLVMConstInt(v->i64, LLVMABISizeOfType(v->td, ty), 0);
    sum = LLVMBuildAdd(v->b, sum, LLVMBuildMul(v->b, to_i64(v, idx), size, ""), "");
  }
  *off = sum;
  return 1;
}

static int resolve(vk *v, LLVMValueRef p, intptr_t *r, LLVMValueRef *off) {
  intptr_t i;
  if (map_get(&v->resolved, p, &i)) {
    *r = VEC_AT(&v->offsets, intptr_t, 2 * (size_t)i);
    *off = (LLVMValueRef)VEC_AT(&v->offsets, intptr_t, 2 * (size_t)i + 1);
    return *off != NULL;
  }
  int ok = 0;
  intptr_t root = 0;
  LLVMValueRef o = NULL;
  if (map_get(&v->root_of, p, &root)) {
    root--;
    o = LLVMConstInt(v->i64, 0, 0);
    ok = 1;
  } else if (LLVMIsAGetElementPtrInst(p) ||
             (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)) {
    ok = resolve_gep(v, p, &root, &o);
  } else if (LLVMIsAAddrSpaceCastInst(p) || LLVMIsABitCastInst(p) ||
             (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMAddrSpaceCast ||
                                         LLVMGetConstOpcode(p) == LLVMBitCast))) {
    ok = resolve(v, LLVMGetOperand(p, 0), &root, &o);
  } else if (LLVMIsAPHINode(p)) {
    /* recorded first: a loop's pointer reaches itself */
    LLVMPositionBuilderBefore(v->b, p);
    LLVMValueRef phi = LLVMBuildPhi(v->b, v->i64, "");
    size_t at = v->offsets.len / 2;
    VEC_PUSH(&v->offsets, intptr_t, -1);
    VEC_PUSH(&v->offsets, intptr_t, (intptr_t)phi);
    map_put(&v->resolved, p, (intptr_t)at);
    ok = 1;
    for (unsigned k = 0; ok && k < LLVMCountIncoming(p); k++) {
      intptr_t rk;
      LLVMValueRef ok_off;
      ok = resolve(v, LLVMGetIncomingValue(p, k), &rk, &ok_off);
      if (ok && root >= 0 && k && rk != root)
        ok = 0; /* pointers into different buffers */
      if (!ok)
        break;
      if (!k)
        root = rk;
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
      LLVMAddIncoming(phi, &ok_off, &from, 1);
      VEC_AT(&v->offsets, intptr_t, 2 * at) = root;
    }
    if (!ok) {
      VEC_AT(&v->offsets, intptr_t, 2 * at + 1) = 0;
      return 0;
    }
    *r = root;
    *off = phi;
    return 1;
  } else if (LLVMIsASelectInst(p)) {
    intptr_t r1, r2;
    LLVMValueRef o1, o2;
    ok = resolve(v, LLVMGetOperand(p, 1), &r1, &o1) && resolve(v, LLVMGetOperand(p, 2), &r2, &o2) &&
         r1 == r2;
    if (ok) {
      LLVMPositionBuilderBefore(v->b, p);
      o = LLVMBuildSelect(v->b, LLVMGetOperand(p, 0), o1, o2, "");
      root = r1;
    }
  }
  size_t at = v->offsets.len / 2;
  VEC_PUSH(&v->offsets, intptr_t, root);
  VEC_PUSH(&v->offsets, intptr_t, ok ? (intptr_t)o : 0);
  map_put(&v->resolved, p, (intptr_t)at);
  *r = root;
  *off = o;
  return ok;
}

/* a pointer to word IDX (i32) of root R, before the builder's position */
static LLVMValueRef word_ptr(vk *v, intptr_t r, LLVMValueRef idx) {
  root *rt = &VEC_AT(&v->roots, root, (size_t)r);
  if (rt->handle) {
    LLVMTypeRef over[2] = {LLVMPointerTypeInContext(v->ctx, AS_STORAGE), LLVMTypeOf(rt->handle)};
    LLVMValueRef args[2] = {rt->handle, idx};
    return call(v, intrinsic(v, "llvm.spv.resource.getpointer", over, 2), args, 2, "");
  }
  /* a constant index would fold the GEP into the variable itself, which
   * LLVM 22's backend then reads as a word with an ill-typed llvm.spv.gep
   * (its verifier: "Intrinsic has incorrect return type!"): frozen, it
   * stays an access chain */
  if (LLVMIsAConstant(idx))
    idx = LLVMBuildFreeze(v->b, idx, "");
  LLVMValueRef ix[2] = {LLVMConstInt(v->i32, 0, 0), idx};
  return LLVMBuildInBoundsGEP2(v->b, rt->words_ty, rt->words, ix, 2, "");
}

/* Vulkan takes no atomics across the system (LLVM's default scope): those
 * on a buffer are the device's, on a workgroup variable the workgroup's */
static void vulkan_scope(vk *v, LLVMValueRef atomic, intptr_t r) {
  if (LLVMGetAtomicSyncScopeID(atomic) > 1) /* 0: one thread, 1: the system */
    return;
  const char *scope = VEC_AT(&v->roots, root, (size_t)r).handle ? "device" : "workgroup";
  LLVMSetAtomicSyncScopeID(atomic, LLVMGetSyncScopeID(v->ctx, scope, strlen(scope)));
}

/* the i32 index of the word at byte offset OFF + 4 * K */
static LLVMValueRef word_index(vk *v, LLVMValueRef off, unsigned k) {
  LLVMValueRef w = LLVMBuildLShr(v->b, off, LLVMConstInt(v->i64, 2, 0), "");
  if (k)
    w = LLVMBuildAdd(v->b, w, LLVMConstInt(v->i64, k, 0), "");
  return LLVMBuildTrunc(v->b, w, v->i32, "");
}

/* the type of N words: i32 or <N x i32> */
static LLVMTypeRef words_type(vk *v, unsigned n) {
  return n == 1 ? v->i32 : LLVMVectorType(v->i32, n);
}

/* Whether values of TY go through memory as whole words (1), as a part of
 * one word (2), or not at all (0). */
static int shape(vk *v, LLVMTypeRef ty, unsigned *bytes) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  int scalar = k == LLVMIntegerTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ||
               k == LLVMHalfTypeKind;
  if (k == LLVMVectorTypeKind) {
    LLVMTypeKind ek = LLVMGetTypeKind(LLVMGetElementType(ty));
    scalar = ek == LLVMIntegerTypeKind || ek == LLVMFloatTypeKind || ek == LLVMDoubleTypeKind ||
             ek == LLVMHalfTypeKind;
  }
  if (!scalar)
    return 0;
  unsigned long long store = LLVMStoreSizeOfType(v->td, ty);
  if (LLVMSizeOfTypeInBits(v->td, ty) != 8 * store)
    return 0; /* i1 and other odd widths: in memory only as their bytes */
  *bytes = (unsigned)store;
  if (store % 4 == 0)
    return 1;
  return store < 4 ? 2 : 0;
}

/* The shape (shape()) of load or store IN of a TY, in *S and *BYTES; why
 * words cannot do it, or NULL. Leaves the builder before IN. Atomic and
 * volatile accesses must be whole words. */
static char *access_shape(vk *v, LLVMValueRef in, LLVMTypeRef ty, int *s, unsigned *bytes) {
  unsigned align = LLVMGetAlignment(in);
  *s = shape(v, ty, bytes);
  LLVMAtomicOrdering order = LLVMGetOrdering(in);
  int atomic = order != LLVMAtomicOrderingNotAtomic || LLVMGetVolatile(in);
  if (!*s || (atomic && (*s != 1 || *bytes != 4)))
    return refuse(in, LLVMIsALoadInst(in)
                          ? "loads a type or in a way that storage buffer words cannot hold"
                          : "stores a type or in a way that storage buffer words cannot hold");
  if ((*s == 1 && align < 4) || (*s == 2 && align < *bytes))
    return refuse(in, "is not aligned to its words");
  LLVMPositionBuilderBefore(v->b, in);
  return NULL;
}

/* A volatile access is read or written again every time, seeing what other
 * invocations wrote meanwhile (the control word's choice, a user's flag):
 * in a shader, a relaxed atomic one at the device's scope. */
static LLVMAtomicOrdering access_order(LLVMValueRef in) {
  LLVMAtomicOrdering order = LLVMGetOrdering(in);
  return order == LLVMAtomicOrderingNotAtomic && LLVMGetVolatile(in) ? LLVMAtomicOrderingMonotonic
                                                                     : order;
}

/* the bit position (i32) of the byte at offset OFF in its word */
static LLVMValueRef byte_shift(vk *v, LLVMValueRef off) {
  return LLVMBuildTrunc(v->b,
                        LLVMBuildShl(v->b, LLVMBuildAnd(v->b, off, LLVMConstInt(v->i64, 3, 0), ""),
                                     LLVMConstInt(v->i64, 3, 0), ""),
                        v->i32, "");
}

static char *rewrite_load(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  LLVMTypeRef ty = LLVMTypeOf(in);
  unsigned bytes;
  int s;
  char *why = access_shape(v, in, ty, &s, &bytes);
  if (why)
    return why;
  LLVMAtomicOrdering order = access_order(in);
  LLVMValueRef x;
  if (s == 1) {
    unsigned n = bytes / 4;
    x = n == 1 ? NULL : LLVMGetUndef(words_type(v, n));
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef w = LLVMBuildLoad2(v->b, v->i32, word_ptr(v, r, word_index(v, off, k)), "");
      LLVMSetAlignment(w, 4);
      if (order != LLVMAtomicOrderingNotAtomic) {
        LLVMSetOrdering(w, order);
        vulkan_scope(v, w, r);
      }
      x = n == 1 ? w : LLVMBuildInsertElement(v->b, x, w, LLVMConstInt(v->i32, k, 0), "");
    }
    x = LLVMBuildBitCast(v->b, x, ty, "");
  } else {
    LLVMValueRef w = LLVMBuildLoad2(v->b, v->i32, word_ptr(v, r, word_index(v, off, 0)), "");
    LLVMSetAlignment(w, 4);
    LLVMValueRef shift = byte_shift(v, off);
    LLVMValueRef part = LLVMBuildTrunc(v->b, LLVMBuildLShr(v->b, w, shift, ""),
                                       LLVMIntTypeInContext(v->ctx, 8 * bytes), "");
    x = LLVMBuildBitCast(v->b, part, ty, "");
  }
  LLVMReplaceAllUsesWith(in, x);
  VEC_PUSH(&v->dead, LLVMValueRef, in);
  return NULL;
}

static char *rewrite_store(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  LLVMValueRef val = LLVMGetOperand(in, 0);
  LLVMTypeRef ty = LLVMTypeOf(val);
  unsigned bytes;
  int s;
  char *why = access_shape(v, in, ty, &s, &bytes);
  if (why)
    return why;
  LLVMAtomicOrdering order = access_order(in);
  if (s == 1) {
    unsigned n = bytes / 4;
    LLVMValueRef x = LLVMBuildBitCast(v->b, val, words_type(v, n), "");
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef w =
          n == 1 ? x : LLVMBuildExtractElement(v->b, x, LLVMConstInt(v->i32, k, 0), "");
      LLVMValueRef st = LLVMBuildStore(v->b, w, word_ptr(v, r, word_index(v, off, k)));
      LLVMSetAlignment(st, 4);
      if (order != LLVMAtomicOrderingNotAtomic) {
        LLVMSetOrdering(st, order);
        vulkan_scope(v, st, r);
      }
    }
  } else {
    /* other invocations may write the word's other bytes: clear ours, then
     * set them, each an atomic operation on the whole word */
    LLVMValueRef shift = byte_shift(v, off);
    LLVMValueRef bits = LLVMBuildZExt(
        v->b, LLVMBuildBitCast(v->b, val, LLVMIntTypeInContext(v->ctx, 8 * bytes), ""), v->i32, "");
    LLVMValueRef mask =
        LLVMBuildShl(v->b, LLVMConstInt(v->i32, bytes == 1 ? 0xffu : 0xffffu, 0), shift, "");
    LLVMValueRef p = word_ptr(v, r, word_index(v, off, 0));
    vulkan_scope(v,
                 LLVMBuildAtomicRMW(v->b, LLVMAtomicRMWBinOpAnd, p, LLVMBuildNot(v->b, mask, ""),
                                    LLVMAtomicOrderingMonotonic, 0),
                 r);
    vulkan_scope(v,
                 LLVMBuildAtomicRMW(v->b, LLVMAtomicRMWBinOpOr, p,
                                    LLVMBuildShl(v->b, bits, shift, ""),
                                    LLVMAtomicOrderingMonotonic, 0),
                 r);
  }
  VEC_PUSH(&v->dead, LLVMValueRef, in);
  return NULL;
}

/* LLVM 22's SPIR-V backend stops on every cmpxchg for Vulkan (in its
 * "SPIRV legalize bitcast pass"; lit Run_vulkan_dynamic.ll runs the
 * replacement below, Error_vulkan_refusals.ll refuses the others), so a
 * compare-exchange cannot be emitted. The split's own one, the choice of
 * the next segment (lib/control.c), claims the control word from
 * GS_CONTROL_UNSET (the largest unsigned word) and checks that the word held
 * nothing else: an atomic unsigned minimum does the same. Each invocation
 * sees UNSET, or the minimum of the choices before it, which is its own
 * choice exactly when all of them agree with it; where two choices differ,
 * the later one sees the other (or a smaller one) and raises the divergence
 * flag, and the word's value no longer matters. Any other compare-exchange
 * is refused. */
static char *rewrite_cmpxchg(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef p) {
  LLVMValueRef cmp = LLVMGetOperand(in, 1);
  if (!VEC_AT(&v->roots, root, (size_t)r).control || !LLVMIsAConstantInt(cmp) ||
      LLVMConstIntGetSExtValue(cmp) != GS_CONTROL_UNSET)
    return refuse(in, "is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile "
                      "for Vulkan (it stops in its 'legalize bitcast' pass)");
  for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u))
    if (!LLVMIsAExtractValueInst(LLVMGetUser(u)))
      return refuse(in, "uses a compare-exchange's result otherwise than by its parts");
  LLVMValueRef old = LLVMBuildAtomicRMW(v->b, LLVMAtomicRMWBinOpUMin, p, LLVMGetOperand(in, 2),
                                        LLVMAtomicOrderingMonotonic, 0);
  vulkan_scope(v, old, r);
  LLVMValueRef won = LLVMBuildICmp(v->b, LLVMIntEQ, old, cmp, "");
  VEC_PUSH(&v->dead, LLVMValueRef, in); /* erased last to first: its parts go before it */
  for (LLVMUseRef u = LLVMGetFirstUse(in), next; u; u = next) {
    next = LLVMGetNextUse(u);
    LLVMValueRef x = LLVMGetUser(u);
    LLVMReplaceAllUsesWith(x, *LLVMGetIndices(x) ? won : old);
    VEC_PUSH(&v->dead, LLVMValueRef, x);
  }
  return NULL;
}

static char *rewrite_atomic(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  int rmw = LLVMIsAAtomicRMWInst(in) != NULL;
  LLVMValueRef val = LLVMGetOperand(in, 1);
  if (LLVMTypeOf(val) != v->i32 || (rmw && (LLVMGetAtomicRMWBinOp(in) == LLVMAtomicRMWBinOpFAdd ||
                                            LLVMGetAtomicRMWBinOp(in) == LLVMAtomicRMWBinOpFSub ||
                                            LLVMGetAtomicRMWBinOp(in) == LLVMAtomicRMWBinOpFMax ||
                                            LLVMGetAtomicRMWBinOp(in) == LLVMAtomicRMWBinOpFMin)))
    return refuse(in, "is an atomic operation other than on a 32-bit integer");
  LLVMPositionBuilderBefore(v->b, in);
  LLVMValueRef p = word_ptr(v, r, word_index(v, off, 0));
  if (!rmw)
    return rewrite_cmpxchg(v, in, r, p);
  LLVMSetOperand(in, 0, p);
  vulkan_scope(v, in, r);
  return NULL;
}

/* Every access through a buffer or workgroup pointer in FN into words. */
static char *rewrite_accesses(vk *v, LLVMValueRef fn) {
  gs_vec insts;
  vec_init(&insts, sizeof(LLVMValueRef));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      VEC_PUSH(&insts, LLVMValueRef, in);
  char *err = NULL;
  for (size_t i = 0; i < insts.len && !err; i++) {
    LLVMValueRef in = VEC_AT(&insts, LLVMValueRef, i);
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    int ptr_at = op == LLVMLoad                                   ? 0
                 : op == LLVMStore                                ? 1
                 : op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg ? 0
                                                                  : -1;
    if (ptr_at >= 0) {
      LLVMValueRef p = LLVMGetOperand(in, (unsigned)ptr_at);
      unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
      intptr_t r;
      LLVMValueRef off;
      if (as != 1 && as != 2 && as != AS_WORKGROUP && as != 4)
        continue; /* private memory and the push constants: the backend's own */
      if (!resolve(v, p, &r, &off)) {
        err = refuse(in, "reaches memory through a pointer that resolves to no one buffer or "
                         "workgroup variable");
        break;
      }
      err = op == LLVMLoad    ? rewrite_load(v, in, r, off)
            : op == LLVMStore ? rewrite_store(v, in, r, off)
                              : rewrite_atomic(v, in, r, off);
      if (!err && op == LLVMStore &&
          LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, 0))) == LLVMPointerTypeKind)
        err = refuse(in, "stores a pointer");
      continue;
    }
    /* a buffer pointer used otherwise than to reach memory */
    int n = LLVMGetNumOperands(in);
    for (int k = 0; k < n && !err; k++) {
      LLVMValueRef o = LLVMGetOperand(in, (unsigned)k);
      if (LLVMGetTypeKind(LLVMTypeOf(o)) != LLVMPointerTypeKind ||
          !LLVMGetPointerAddressSpace(LLVMTypeOf(o)))
        continue;
      if (LLVMIsAGetElementPtrInst(in) || LLVMIsAAddrSpaceCastInst(in) || LLVMIsABitCastInst(in) ||
          LLVMIsAPHINode(in) || (LLVMIsASelectInst(in) && k > 0))
        continue; /* resolved where it reaches memory */
      if (LLVMIsACallInst(in) && o == LLVMGetCalledValue(in))
        continue;
      err = refuse(in, "uses a buffer or workgroup pointer otherwise than to load, store or "
                       "update through it (Vulkan shaders have no physical pointers)");
    }
  }
  vec_free(&insts);
  return err;
}

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
 * integer min, max, clamp and abs and fabs on scalars, and the 32-bit integer
 * atomic functions on global or local memory, which become atomicrmw (then
 * words, as any atomic). 1 when IN was one and is replaced; 0 when not (or
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
      *err = refuse(in, "is an atomic function other than on a 32-bit integer");
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
    *err = refuse(in, "is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile for "
                      "Vulkan (it stops in its 'legalize bitcast' pass)");
  if (!x && !*err && scalar_int) {
    LLVMTypeRef ty = LLVMTypeOf(in);
    const char *mn = is_signed ? "llvm.smin" : "llvm.umin",
               *mx = is_signed ? "llvm.smax" : "llvm.umax";
    if ((!strcmp(base, "min") || !strcmp(base, "max")) && n == 2) {
      LLVMValueRef args[2] = {a0, LLVMGetOperand(in, 1)};
      x = call(v, intrinsic(v, !strcmp(base, "min") ? mn : mx, &ty, 1), args, 2, "");
    } else if (!strcmp(base, "clamp") && n == 3) {
      /* OpenCL: min(max(x, lo), hi) */
      LLVMValueRef lo[2] = {a0, LLVMGetOperand(in, 1)};
      LLVMValueRef hi[2] = {call(v, intrinsic(v, mx, &ty, 1), lo, 2, ""), LLVMGetOperand(in, 2)};
      x = call(v, intrinsic(v, mn, &ty, 1), hi, 2, "");
    } else if (!strcmp(base, "abs") && n == 1) {
      /* the magnitude, unsigned: llvm.abs without poison on the minimum */
      LLVMValueRef args[2] = {a0, LLVMConstInt(LLVMInt1TypeInContext(v->ctx), 0, 0)};
      x = is_signed ? call(v, intrinsic(v, "llvm.abs", &ty, 1), args, 2, "") : a0;
    }
  }
  if (!x && !*err && !strcmp(base, "fabs") && n == 1 &&
      LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVectorTypeKind) {
    LLVMTypeRef ty = LLVMTypeOf(in);
    x = call(v, intrinsic(v, "llvm.fabs", &ty, 1), &a0, 1, ""); /* exact: the sign bit cleared */
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
static char *rewrite_builtins(vk *v, LLVMValueRef fn, const unsigned wg[3]) {
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
      err = refuse(in, "is an indirect call, which Vulkan shaders cannot make");
      break;
    }
    size_t len;
    const char *name = LLVMGetValueName2(callee, &len);
    if (!strncmp(name, "llvm.", 5)) {
      if (!strncmp(name, "llvm.memcpy", 11) || !strncmp(name, "llvm.memset", 11) ||
          !strncmp(name, "llvm.memmove", 12))
        for (unsigned k = 0; k < 2 && !err; k++) {
          LLVMValueRef a = LLVMGetOperand(in, k);
          if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind &&
              LLVMGetPointerAddressSpace(LLVMTypeOf(a)))
            err = refuse(in, "copies or fills buffer or workgroup memory as bytes");
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
      LLVMValueRef f = intrinsic(v, "llvm.spv.group.memory.barrier.with.group.sync", NULL, 0);
      call(v, f, NULL, 0, "");
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
        LLVMValueRef y = call(v, intrinsic(v, which, &v->i32, 1), &dim, 1, "");
        if (q == 5)
          y = LLVMBuildMul(v->b, y, LLVMConstInt(v->i32, wg[d], 0), "");
        x = LLVMBuildZExt(v->b, y, rt, "");
      }
    } else {
      err = refuse(in, "calls a function that a Vulkan shader has no counterpart for");
      break;
    }
    if (x)
      LLVMReplaceAllUsesWith(in, x);
    VEC_PUSH(&v->dead, LLVMValueRef, in);
  }
  vec_free(&calls);
  return err;
}

/* reqd_work_group_size, else 64 x 1 x 1 */
static void workgroup_size(vk *v, LLVMValueRef fn, unsigned wg[3]) {
  wg[0] = 64;
  wg[1] = wg[2] = 1;
  unsigned kind = LLVMGetMDKindIDInContext(v->ctx, "reqd_work_group_size", 20);
  size_t n;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &n);
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) != kind)
      continue;
    LLVMValueRef md =
        LLVMMetadataAsValue(v->ctx, LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i));
    if (LLVMGetMDNodeNumOperands(md) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(md, ops);
    for (int d = 0; d < 3; d++)
      if (ops[d] && LLVMIsAConstantInt(ops[d]))
        wg[d] = (unsigned)LLVMConstIntGetZExtValue(ops[d]);
  }
  LLVMDisposeValueMetadataEntries(entries);
}

static int reaches_grid_barrier(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      const char *name = ir_is_call(in) ? ir_callee_name(in) : NULL;
      if (name && barrier_is_spelling(NULL, name))
        return 1;
    }
  return 0;
}

/* Where K's scalar arguments lie in the push constants: in order, each at
 * the next multiple of its size (the host's C layout); their bytes in all,
 * or 0 with *ERR set for an argument that has no such place. */
static unsigned scalar_layout(vk *v, LLVMValueRef k, unsigned *offsets, char **err) {
  unsigned at = 0;
  for (unsigned i = 0; i < LLVMCountParams(k); i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    LLVMTypeRef ty = LLVMTypeOf(a);
    if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind)
      continue;
    unsigned bytes;
    int s = shape(v, ty, &bytes);
    if (!s || bytes > 8) {
      *err = refuse(a, "is a scalar argument that a push constant cannot hold");
      return 0;
    }
    at = (at + bytes - 1) / bytes * bytes;
    offsets[i] = at;
    at += bytes;
  }
  return at;
}

/* argument A, BYTES at byte OFFSET of the push constants, at the builder */
static LLVMValueRef push_load(vk *v, LLVMTypeRef ty, unsigned offset, unsigned bytes) {
  LLVMValueRef x = NULL;
  unsigned n = bytes < 4 ? 1 : bytes / 4;
  if (bytes >= 4)
    x = n == 1 ? NULL : LLVMGetUndef(words_type(v, n));
  LLVMValueRef w = NULL;
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef ix[3] = {LLVMConstInt(v->i32, 0, 0), LLVMConstInt(v->i32, 0, 0),
                          LLVMConstInt(v->i32, offset / 4 + k, 0)};
    w = LLVMBuildLoad2(v->b, v->i32, LLVMBuildInBoundsGEP2(v->b, v->push_ty, v->push, ix, 3, ""),
                       "");
    if (bytes >= 4 && n > 1)
      x = LLVMBuildInsertElement(v->b, x, w, LLVMConstInt(v->i32, k, 0), "");
  }
  if (bytes < 4) {
    LLVMValueRef part =
        LLVMBuildTrunc(v->b, LLVMBuildLShr(v->b, w, LLVMConstInt(v->i32, 8 * (offset % 4), 0), ""),
                       LLVMIntTypeInContext(v->ctx, 8 * bytes), "");
    return LLVMBuildBitCast(v->b, part, ty, "");
  }
  return LLVMBuildBitCast(v->b, n == 1 ? w : x, ty, "");
}

/* Kernel K as a shader: buffers bound, scalars pushed, accesses in words. */
static char *make_shader(vk *v, LLVMValueRef k) {
  size_t len;
  char *name = gs_strdup(LLVMGetValueName2(k, &len));
  LLVMSetValueName2(k, "", 0);
  unsigned wg[3];
  workgroup_size(v, k, wg);
  LLVMTypeRef voidt = LLVMVoidTypeInContext(v->ctx);
  LLVMValueRef e = LLVMAddFunction(v->m, name, LLVMFunctionType(voidt, NULL, 0, 0));
  char threads[64];
  snprintf(threads, sizeof threads, "%u,%u,%u", wg[0], wg[1], wg[2]);
  LLVMAddAttributeAtIndex(e, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(v->ctx, "hlsl.shader", 11, "compute", 7));
  LLVMAddAttributeAtIndex(
      e, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(v->ctx, "hlsl.numthreads", 15, threads, (unsigned)strlen(threads)));
  /* the body moves over; the arguments are made at its entry */
  while (LLVMGetFirstBasicBlock(k)) {
    LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(k);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(e, bb);
  }
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(e);
  LLVMPositionBuilderBefore(v->b, LLVMGetFirstInstruction(entry));
  unsigned n = LLVMCountParams(k), binding = 0, nscalars = 0;
  unsigned readonly = LLVMGetEnumAttributeKindForName("readonly", 8);
  char *err = NULL;
  for (unsigned i = 0; i < n && !err; i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    LLVMTypeRef ty = LLVMTypeOf(a);
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind) {
      nscalars++;
      continue;
    }
    unsigned as = LLVMGetPointerAddressSpace(ty);
    if (as != 1 && as != 2) {
      err = refuse(a, "is a pointer argument outside global and constant memory, which a "
                      "Vulkan shader cannot take");
      break;
    }
    int writable = as == 1 && !LLVMGetEnumAttributeAtIndex(k, i + 1, readonly);
    LLVMTypeRef arr = LLVMArrayType2(v->i32, 0);
    unsigned ints[2] = {12 /* StorageBuffer */, (unsigned)writable};
    LLVMTypeRef hty = LLVMTargetExtTypeInContext(v->ctx, "spirv.VulkanBuffer", &arr, 1, ints, 2);
    /* a name of its own per shader: LLVM 22 makes one variable per name,
     * and a buffer one segment only reads another may write */
    const char *aname = LLVMGetValueName2(a, &len);
    char *bn = gs_xmalloc(strlen(name) + len + 2);
    sprintf(bn, "%s.%s", name, aname);
    LLVMValueRef bname = LLVMBuildGlobalString(v->b, bn, "");
    free(bn);
    LLVMValueRef args[5] = {LLVMConstInt(v->i32, 0, 0), LLVMConstInt(v->i32, binding++, 0),
                            LLVMConstInt(v->i32, 1, 0), LLVMConstInt(v->i32, 0, 0), bname};
    root r = {NULL, 0, NULL, NULL};
    r.control = !strcmp(aname, GS_CONTROL_ARG_NAME);
    r.handle = call(v, intrinsic(v, "llvm.spv.resource.handlefrombinding", &hty, 1), args, 5,
                    LLVMGetValueName2(a, &len));
    VEC_PUSH(&v->roots, root, r);
    map_put(&v->root_of, a, (intptr_t)v->roots.len);
  }
  unsigned *offsets = gs_xcalloc(n + 1, sizeof *offsets);
  if (!err && nscalars)
    scalar_layout(v, k, offsets, &err);
  for (unsigned i = 0; !err && i < n; i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind)
      continue;
    unsigned bytes;
    shape(v, LLVMTypeOf(a), &bytes);
    LLVMValueRef x = push_load(v, LLVMTypeOf(a), offsets[i], bytes);
    LLVMSetValueName2(x, LLVMGetValueName2(a, &len), len);
    LLVMReplaceAllUsesWith(a, x);
  }
  free(offsets);
  if (!err)
    err = rewrite_builtins(v, e, wg);
  if (!err)
    err = rewrite_accesses(v, e);
  free(name);
  return err;
}

/* After the rewrite nothing may use K's arguments any more (K goes). */
static char *check_args_unused(LLVMValueRef k) {
  for (unsigned i = 0; i < LLVMCountParams(k); i++) {
    LLVMUseRef u = LLVMGetFirstUse(LLVMGetParam(k, i));
    if (u)
      return refuse(LLVMGetUser(u), "uses a kernel argument in a way a Vulkan shader cannot");
  }
  return NULL;
}

/* Workgroup variables as arrays of words, their roots. */
static char *workgroup_words(vk *v) {
  LLVMValueRef last = LLVMGetLastGlobal(v->m); /* the words go after it */
  for (LLVMValueRef g = LLVMGetFirstGlobal(v->m), next; g; g = next) {
    next = g == last ? NULL : LLVMGetNextGlobal(g);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    if (as == 1 && LLVMGetFirstUse(g))
      return refuse(g, "is a program-scope variable in global memory, which Vulkan has no "
                       "storage for");
    if (as != AS_WORKGROUP)
      continue;
    unsigned long long bytes = LLVMABISizeOfType(v->td, LLVMGlobalGetValueType(g));
    LLVMTypeRef wty = LLVMArrayType2(v->i32, (bytes + 3) / 4);
    size_t len;
    char *gname = gs_strdup(LLVMGetValueName2(g, &len));
    LLVMValueRef w = LLVMAddGlobalInAddressSpace(v->m, wty, "", AS_WORKGROUP);
    LLVMSetLinkage(w, LLVMInternalLinkage);
    LLVMSetInitializer(w, LLVMGetUndef(wty));
    LLVMSetAlignment(w, 4);
    LLVMSetValueName2(w, gname, len);
    free(gname);
    root r = {NULL, 0, w, wty};
    VEC_PUSH(&v->roots, root, r);
    map_put(&v->root_of, g, (intptr_t)v->roots.len);
  }
  return NULL;
}

/* emit_rewrite: the module (the split's, for SPIR) into shaders */
static char *vulkan_rewrite(LLVMModuleRef m, const char *cpu) {
  (void)cpu;
  vk v;
  memset(&v, 0, sizeof v);
  v.m = m;
  v.ctx = LLVMGetModuleContext(m);
  v.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m)); /* the split's, SPIR's */
  v.b = LLVMCreateBuilderInContext(v.ctx);
  v.i32 = LLVMInt32TypeInContext(v.ctx);
  v.i64 = LLVMInt64TypeInContext(v.ctx);
  vec_init(&v.roots, sizeof(root));
  vec_init(&v.offsets, sizeof(intptr_t));
  vec_init(&v.dead, sizeof(LLVMValueRef));
  map_init(&v.root_of);
  map_init(&v.resolved);
  char *err = NULL;
  /* helpers into the kernels: a shader passes no pointers to functions */
  unsigned inl = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  unsigned noinl = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMCountBasicBlocks(f) && LLVMGetFunctionCallConv(f) != LLVMSPIRKERNELCallConv) {
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, noinl);
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, optnone);
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(v.ctx, inl, 0));
    }
  gs_error *pe = ir_run_passes(m, "always-inline", "inlining into the shaders");
  if (pe) {
    err = gs_strdup(gs_error_message(pe));
    gs_error_dispose(pe);
  }
  gs_vec kernels;
  vec_init(&kernels, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMCountBasicBlocks(f) && LLVMGetFunctionCallConv(f) == LLVMSPIRKERNELCallConv)
      VEC_PUSH(&kernels, LLVMValueRef, f);
  /* the split's originals call a grid barrier: no shader can */
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (reaches_grid_barrier(k)) {
      LLVMDeleteFunction(k);
      VEC_AT(&kernels, LLVMValueRef, i) = NULL;
    }
  }
  if (!err)
    err = workgroup_words(&v);
  /* one push-constant block for every shader: LLVM 22 lists every
   * variable of the module in every entry point's interface, and Vulkan
   * allows an entry point one push-constant block */
  unsigned push_bytes = 0;
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (!k)
      continue;
    unsigned *offsets = gs_xcalloc(LLVMCountParams(k) + 1, sizeof *offsets);
    unsigned bytes = scalar_layout(&v, k, offsets, &err);
    free(offsets);
    if (bytes > push_bytes)
      push_bytes = bytes;
  }
  if (!err && push_bytes) {
    LLVMTypeRef words = LLVMArrayType2(v.i32, (push_bytes + 3) / 4);
    v.push_ty = LLVMStructTypeInContext(v.ctx, &words, 1, 0);
    v.push = LLVMAddGlobalInAddressSpace(m, v.push_ty, "gs.push", AS_PUSH);
    LLVMSetExternallyInitialized(v.push, 1);
    LLVMSetVisibility(v.push, LLVMHiddenVisibility);
  }
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (k)
      err = make_shader(&v, k);
  }
  if (!err) {
    for (size_t i = v.dead.len; i-- > 0;)
      LLVMInstructionEraseFromParent(VEC_AT(&v.dead, LLVMValueRef, i));
    /* the pointer arithmetic the accesses no longer use, the kernels' old
     * shells, and what only they used */
    int changed = 1;
    while (changed) {
      changed = 0;
      for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
          for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
            nx = LLVMGetNextInstruction(in);
            if (!LLVMGetFirstUse(in) &&
                (LLVMIsAGetElementPtrInst(in) || LLVMIsACastInst(in) || LLVMIsAPHINode(in) ||
                 LLVMIsASelectInst(in) || LLVMIsABinaryOperator(in))) {
              LLVMInstructionEraseFromParent(in);
              changed = 1;
            }
          }
    }
    for (size_t i = 0; !err && i < kernels.len; i++)
      if (VEC_AT(&kernels, LLVMValueRef, i))
        err = check_args_unused(VEC_AT(&kernels, LLVMValueRef, i));
    for (size_t i = 0; !err && i < kernels.len; i++)
      if (VEC_AT(&kernels, LLVMValueRef, i))
        LLVMDeleteFunction(VEC_AT(&kernels, LLVMValueRef, i));
    for (LLVMValueRef f = LLVMGetFirstFunction(m), next; !err && f; f = next) {
      next = LLVMGetNextFunction(f);
      if (!LLVMGetFirstUse(f) && LLVMGetFunctionCallConv(f) != LLVMSPIRKERNELCallConv &&
          !LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "hlsl.shader", 11))
        LLVMDeleteFunction(f);
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(m), next; g; g = next) {
      next = LLVMGetNextGlobal(g);
      if (!LLVMGetFirstUse(g) && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AS_WORKGROUP &&
          map_get(&v.root_of, g, NULL))
        LLVMDeleteGlobal(g);
    }
  }
  /* Vulkan asks for structured control flow; the segments' entry dispatch
   * and the control word's early exits are not, and LLVM 22's backend
   * structurizes only some shapes (heat1d's segments failed spirv-val:
   * "OpSelectionMerge must immediately precede ..."): LLVM's structurizer
   * first */
  if (!err) {
    gs_error *se = ir_run_passes(m, "function(structurizecfg)", "structurizing the shaders");
    if (se) {
      err = gs_strdup(gs_error_message(se));
      gs_error_dispose(se);
    }
  }
  vec_free(&kernels);
  vec_free(&v.roots);
  vec_free(&v.offsets);
  vec_free(&v.dead);
  map_free(&v.root_of);
  map_free(&v.resolved);
  LLVMDisposeBuilder(v.b);
  LLVMDisposeTargetData(v.td);
  return err;
}

static gs_error *vulkan_emit_check(LLVMModuleRef m) {
  (void)m;
  return NULL;
}

#else

static gs_error *vulkan_emit_check(LLVMModuleRef m) {
  (void)m;
  return gs_errorf("--target vulkan needs gridsplit built with LLVM 22 or later: it emits with "
                   "LLVM's SPIR-V backend for Vulkan, which LLVM %d lacks (this build emits "
                   "OpenCL's SPIR-V, --target spirv, through SPIRV-LLVM-Translator)",
                   GS_LLVM_MAJOR);
}

#endif

/* Mends two faults of LLVM 22's SPIR-V backend for Vulkan, each pinned by a
 * lit test (Target_vulkan_backend_mends.ll):
 * - it writes the zero of atomics' scope and semantics (and of some
 *   selects) as OpConstantNull of a 32-bit integer, then reuses that as the
 *   member index 0 of a storage buffer's OpAccessChain, which must be an
 *   OpConstant. A null scalar integer or float is the constant 0, so each
 *   becomes OpConstant %type %id 0 (ids and order kept).
 * - llvm.spv.group.memory.barrier.with.group.sync is OpControlBarrier
 *   Workgroup Workgroup SequentiallyConsistent, with no storage class, which
 *   orders no memory at all; OpenCL's barrier() orders workgroup (and with
 *   CLK_GLOBAL_MEM_FENCE global) memory. Its semantics become
 *   AcquireRelease | UniformMemory | WorkgroupMemory, a constant added
 *   after the 32-bit unsigned integer type. */
enum {
  OP_TYPE_INT = 21,
  OP_TYPE_FLOAT = 22,
  OP_CONSTANT = 43,
  OP_CONSTANT_NULL = 46,
  OP_CONTROL_BARRIER = 224,
  BARRIER_SEMANTICS = 0x8 | 0x40 | 0x100
};

static int vulkan_mend(char **data, size_t *size) {
  if (*size % 4 || *size < 20)
    return 0;
  size_t n = *size / 4;
  uint32_t *w = (uint32_t *)*data;
  uint32_t bound = w[3], uint_ty = 0, semantics = bound;
  unsigned char *width = gs_xcalloc(bound + 1, 1); /* scalar types' widths in words */
  int barriers = 0;
  for (size_t i = 5; i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (!count || i + count > n) {
      free(width);
      return 0; /* not SPIR-V as expected: left to the validator */
    }
    if ((op == OP_TYPE_INT || op == OP_TYPE_FLOAT) && count >= 3 && w[i + 1] < bound) {
      width[w[i + 1]] = (unsigned char)(w[i + 2] > 32 ? 2 : 1);
      if (op == OP_TYPE_INT && count == 4 && w[i + 2] == 32 && !w[i + 3])
        uint_ty = w[i + 1];
    }
    barriers |= op == OP_CONTROL_BARRIER;
    i += count;
  }
  uint32_t *out = gs_xmalloc(2 * *size + 32);
  size_t o = 0, changed = 0;
  for (size_t i = 0; i < 5; i++)
    out[o++] = w[i];
  for (size_t i = 5; i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (op == OP_CONSTANT_NULL && count == 3 && w[i + 1] < bound && width[w[i + 1]]) {
      unsigned words = width[w[i + 1]];
      out[o++] = ((3u + words) << 16) | OP_CONSTANT;
      out[o++] = w[i + 1];
      out[o++] = w[i + 2];
      for (unsigned k = 0; k < words; k++)
        out[o++] = 0;
      changed++;
    } else if (op == OP_CONTROL_BARRIER && count == 4 && uint_ty) {
      out[o++] = w[i];
      out[o++] = w[i + 1];
      out[o++] = w[i + 2];
      out[o++] = semantics;
      changed++;
    } else {
      for (uint32_t k = 0; k < count; k++)
        out[o++] = w[i + k];
    }
    if (op == OP_TYPE_INT && w[i + 1] == uint_ty && barriers) {
      out[o++] = (4u << 16) | OP_CONSTANT;
      out[o++] = uint_ty;
      out[o++] = semantics;
      out[o++] = BARRIER_SEMANTICS;
    }
    i += count;
  }
  free(width);
  if (!changed) {
    free(out);
    return 0;
  }
  if (barriers && uint_ty)
    out[3] = bound + 1;
  free(*data);
  *data = (char *)out;
  *size = o * 4;
  return 1;
}

/* NULL when the SPIR-V DATA passes spirv-val for Vulkan 1.3 */
static char *vulkan_check(const char *data, size_t size) { return spirv_check_for(data, size, 1); }

/* The Vulkan output's emission (lib/target.c pairs it with SPIR's
 * analysis and lowering). */
const gs_target target_vulkan = {
    .name = "vulkan",
    .triple = "spir64-unknown-unknown",
    .triple_prefix = "spir",
    .emitter = "backend",
    .emit_check = vulkan_emit_check,
#if GS_LLVM_MAJOR >= 22
    .backend_triple = VULKAN_TRIPLE,
    .emit_rewrite = vulkan_rewrite,
#endif
    .emits_assembly = 0,
    .drop_dead_functions = 0,
    .check_output = vulkan_check,
    .mend_output = vulkan_mend,
};
