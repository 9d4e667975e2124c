/* --target vulkan: accesses through buffer and workgroup pointers as 32-bit
 * words (docs/targets.md "Vulkan"). Each pointer resolves to its root (a
 * buffer argument or a workgroup variable) and a byte offset, built beside
 * the pointer arithmetic it replaces; each load, store and atomic then
 * reads or writes the words at that offset. */
#include "vulkan.h"

#include "gridsplit/control_word.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GS_LLVM_MAJOR >= 22

/* helpers the other two files share */

LLVMValueRef vulkan_intrinsic(vk *v, const char *name, LLVMTypeRef *over, size_t n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  return LLVMGetIntrinsicDeclaration(v->m, id, over, n);
}

LLVMValueRef vulkan_call(vk *v, LLVMValueRef fn, LLVMValueRef *args, unsigned n, const char *nm) {
  return LLVMBuildCall2(v->b, LLVMGlobalGetValueType(fn), fn, args, n, nm);
}

LLVMValueRef vulkan_word_of(vk *v, LLVMValueRef handle, LLVMValueRef idx) {
  LLVMTypeRef over[2] = {LLVMPointerTypeInContext(v->ctx, AS_STORAGE), LLVMTypeOf(handle)};
  LLVMValueRef args[2] = {handle, idx};
  return vulkan_call(v, vulkan_intrinsic(v, "llvm.spv.resource.getpointer", over, 2), args, 2, "");
}

LLVMValueRef vulkan_to_i64(vk *v, LLVMValueRef x) {
  return LLVMBuildIntCast2(v->b, x, v->i64, 1, "");
}

int vulkan_shape(vk *v, LLVMTypeRef ty, unsigned *bytes) {
  return vulkan_value_shape(v->td, ty, bytes);
}

/* The root of pointer P (a buffer argument or a workgroup variable), found
 * before any offset is built: ROOT_NONE when P reaches none, or several (a
 * select or phi of two buffers: then V->MIXED names it); ROOT_BUSY for a
 * phi being looked at, which a loop's pointer reaches again. Memoized in
 * V->ROOT_MEMO as root + 1, or as ROOT_NONE; a result that depends on a
 * phi still being looked at is not kept (0: not known). */
enum { ROOT_NONE = -1, ROOT_BUSY = -2 };

static int is_gep(LLVMValueRef p) {
  return LLVMIsAGetElementPtrInst(p) ||
         (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
}

static int is_cast(LLVMValueRef p) {
  return LLVMIsAAddrSpaceCastInst(p) || LLVMIsABitCastInst(p) ||
         (LLVMIsAConstantExpr(p) &&
          (LLVMGetConstOpcode(p) == LLVMAddrSpaceCast || LLVMGetConstOpcode(p) == LLVMBitCast));
}

/* R1 and R2 of two pointers that P chooses between, as one */
static intptr_t join_roots(vk *v, LLVMValueRef p, intptr_t r1, intptr_t r2) {
  if (r1 == ROOT_NONE || r2 == ROOT_NONE)
    return ROOT_NONE;
  if (r1 == ROOT_BUSY || r2 == ROOT_BUSY || r1 == r2)
    return r1 == ROOT_BUSY ? r2 : r1;
  if (!v->mixed)
    v->mixed = p; /* pointers into different buffers */
  return ROOT_NONE;
}

static intptr_t find_root(vk *v, LLVMValueRef p) {
  intptr_t memo = 0, r = ROOT_NONE;
  if (map_get(&v->root_memo, p, &memo) && memo)
    return memo > 0 ? memo - 1 : memo;
  if (map_get(&v->root_of, p, &memo))
    return memo - 1;
  if (is_gep(p)) {
    for (int k = 1; k < LLVMGetNumOperands(p); k++)
      if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(p, (unsigned)k))) == LLVMVectorTypeKind)
        return ROOT_NONE;
    r = find_root(v, LLVMGetOperand(p, 0));
  } else if (is_cast(p)) {
    r = find_root(v, LLVMGetOperand(p, 0));
  } else if (LLVMIsASelectInst(p)) {
    r = join_roots(v, p, find_root(v, LLVMGetOperand(p, 1)), find_root(v, LLVMGetOperand(p, 2)));
  } else if (LLVMIsAPHINode(p)) {
    map_put(&v->root_memo, p, ROOT_BUSY);
    r = ROOT_BUSY;
    for (unsigned k = 0; r != ROOT_NONE && k < LLVMCountIncoming(p); k++)
      r = join_roots(v, p, r, find_root(v, LLVMGetIncomingValue(p, k)));
  }
  map_put(&v->root_memo, p, r == ROOT_BUSY ? 0 : r == ROOT_NONE ? ROOT_NONE : r + 1);
  return r;
}

/* The i64 byte offset of P from its root, which find_root found: built
 * beside the pointer arithmetic it stands for, memoized in V->RESOLVED. */
static LLVMValueRef offset_of(vk *v, LLVMValueRef p) {
  intptr_t memo;
  if (map_get(&v->resolved, p, &memo))
    return (LLVMValueRef)memo;
  LLVMValueRef o;
  if (map_get(&v->root_of, p, NULL)) {
    o = LLVMConstInt(v->i64, 0, 0);
  } else if (is_cast(p)) {
    o = offset_of(v, LLVMGetOperand(p, 0));
  } else if (LLVMIsAPHINode(p)) {
    /* recorded first: a loop's pointer reaches itself */
    LLVMPositionBuilderBefore(v->b, p);
    o = LLVMBuildPhi(v->b, v->i64, "");
    map_put(&v->resolved, p, (intptr_t)o);
    for (unsigned k = 0; k < LLVMCountIncoming(p); k++) {
      LLVMValueRef in = offset_of(v, LLVMGetIncomingValue(p, k));
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
      LLVMAddIncoming(o, &in, &from, 1);
    }
  } else if (LLVMIsASelectInst(p)) {
    LLVMValueRef o1 = offset_of(v, LLVMGetOperand(p, 1)), o2 = offset_of(v, LLVMGetOperand(p, 2));
    LLVMPositionBuilderBefore(v->b, p);
    o = LLVMBuildSelect(v->b, LLVMGetOperand(p, 0), o1, o2, "");
  } else { /* a GEP (find_root knows no other) */
    o = offset_of(v, LLVMGetOperand(p, 0));
    if (LLVMIsAInstruction(p))
      LLVMPositionBuilderBefore(v->b, p);
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
    for (unsigned k = 1; k < (unsigned)LLVMGetNumOperands(p); k++) {
      LLVMValueRef idx = LLVMGetOperand(p, k);
      if (k > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
        unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
        o = LLVMBuildAdd(v->b, o, LLVMConstInt(v->i64, LLVMOffsetOfElement(v->td, ty, field), 0),
                         "");
        ty = LLVMStructGetTypeAtIndex(ty, field);
        continue;
      }
      if (k > 1)
        ty = LLVMGetElementType(ty);
      LLVMValueRef size = LLVMConstInt(v->i64, LLVMABISizeOfType(v->td, ty), 0);
      o = LLVMBuildAdd(v->b, o, LLVMBuildMul(v->b, vulkan_to_i64(v, idx), size, ""), "");
    }
  }
  map_put(&v->resolved, p, (intptr_t)o);
  return o;
}

/* P's root in *R and its byte offset in *OFF; 0 when it has no one root */
static int resolve(vk *v, LLVMValueRef p, intptr_t *r, LLVMValueRef *off) {
  *r = find_root(v, p);
  if (*r < 0)
    return 0;
  *off = offset_of(v, p);
  return 1;
}

/* a pointer to word IDX (i32) of root R, before the builder's position */
static LLVMValueRef word_ptr(vk *v, intptr_t r, LLVMValueRef idx) {
  root *rt = &VEC_AT(&v->roots, root, (size_t)r);
  if (rt->handle)
    return vulkan_word_of(v, rt->handle, idx);
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

LLVMTypeRef vulkan_words_type(vk *v, unsigned n) {
  return n == 1 ? v->i32 : LLVMVectorType(v->i32, n);
}

/* The shape (shape()) of load or store IN of a TY, in *S and *BYTES; why
 * words cannot do it, or NULL. Leaves the builder before IN. Atomic and
 * volatile accesses must be whole words. */
static char *access_shape(vk *v, LLVMValueRef in, LLVMTypeRef ty, int *s, unsigned *bytes) {
  unsigned align = LLVMGetAlignment(in);
  *s = vulkan_shape(v, ty, bytes);
  LLVMAtomicOrdering order = LLVMGetOrdering(in);
  int atomic = order != LLVMAtomicOrderingNotAtomic || LLVMGetVolatile(in);
  if (!*s || (atomic && (*s != 1 || *bytes != 4)))
    return vulkan_refuse(in,
                         LLVMIsALoadInst(in)
                             ? "loads a type or in a way that storage buffer words cannot hold"
                             : "stores a type or in a way that storage buffer words cannot hold");
  if ((*s == 1 && align < 4) || (*s == 2 && align < *bytes))
    return vulkan_refuse(in, "is not aligned to its words");
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
    x = n == 1 ? NULL : LLVMGetUndef(vulkan_words_type(v, n));
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
    LLVMValueRef x = LLVMBuildBitCast(v->b, val, vulkan_words_type(v, n), "");
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
    return vulkan_refuse(in, "is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile "
                             "for Vulkan (it stops in its 'legalize bitcast' pass)");
  for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u))
    if (!LLVMIsAExtractValueInst(LLVMGetUser(u)))
      return vulkan_refuse(in, "uses a compare-exchange's result otherwise than by its parts");
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
    return vulkan_refuse(in, "is an atomic operation other than on a 32-bit integer");
  LLVMPositionBuilderBefore(v->b, in);
  LLVMValueRef p = word_ptr(v, r, word_index(v, off, 0));
  if (!rmw)
    return rewrite_cmpxchg(v, in, r, p);
  LLVMSetOperand(in, 0, p);
  vulkan_scope(v, in, r);
  return NULL;
}

/* Every access through a buffer or workgroup pointer in FN into words. */
char *vulkan_rewrite_accesses(vk *v, LLVMValueRef fn) {
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
      v->mixed = NULL;
      if (!resolve(v, p, &r, &off)) {
        if (v->mixed) {
          /* the buffer chosen at run time (ping-pong buffers): name the choice */
          char *choice = ir_describe(v->mixed);
          gs_str why;
          str_init(&why);
          str_printf(&why,
                     "reaches memory through %s, which chooses between buffers at run time: "
                     "a Vulkan shader binds each buffer apart and holds no pointer that "
                     "chooses one",
                     choice);
          err = vulkan_refuse(in, why.s);
          free(choice);
          str_free(&why);
        } else {
          err = vulkan_refuse(in, "reaches memory through a pointer that resolves to no one "
                                  "buffer or workgroup variable");
        }
        break;
      }
      err = op == LLVMLoad    ? rewrite_load(v, in, r, off)
            : op == LLVMStore ? rewrite_store(v, in, r, off)
                              : rewrite_atomic(v, in, r, off);
      if (!err && op == LLVMStore &&
          LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, 0))) == LLVMPointerTypeKind)
        err = vulkan_refuse(in, "stores a pointer");
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
      err = vulkan_refuse(in, "uses a buffer or workgroup pointer otherwise than to load, store or "
                              "update through it (Vulkan shaders have no physical pointers)");
    }
  }
  vec_free(&insts);
  return err;
}

#endif
