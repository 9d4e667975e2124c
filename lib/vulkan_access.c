/* --target vulkan: accesses through buffer and workgroup pointers as 32-bit
 * words (docs/targets.md "Vulkan"). Each pointer resolves to its root (a
 * buffer argument or a workgroup variable) and a byte offset, built beside
 * the pointer arithmetic it replaces; each load, store and atomic then
 * reads or writes the words at that offset. A pointer that chooses its root
 * at run time (a select or phi between buffers) also carries the root's
 * index, and its accesses test it. */
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

/* Index IDX of GEP P as the i32 it scales modulo 2^32: sign-extended when
 * narrower (a GEP's indices are signed; built just before P, which IDX
 * dominates), its low bits when wider (beside IDX's own arithmetic) */
static LLVMValueRef index32(vk *v, LLVMValueRef p, LLVMValueRef idx) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
  if (w < 32 && LLVMIsAConstantInt(idx))
    return LLVMConstInt(v->i32, (unsigned long long)LLVMConstIntGetSExtValue(idx), 1);
  if (w < 32) {
    LLVMPositionBuilderBefore(v->b, p); /* not constant: P is an instruction */
    return LLVMBuildSExt(v->b, idx, v->i32, "");
  }
  return vulkan_low32(v, idx);
}

int vulkan_shape(vk *v, LLVMTypeRef ty, unsigned *bytes) {
  return vulkan_value_shape(v->td, ty, bytes);
}

static int is_gep(LLVMValueRef p) {
  return LLVMIsAGetElementPtrInst(p) ||
         (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
}

static int is_cast(LLVMValueRef p) {
  return LLVMIsAAddrSpaceCastInst(p) || LLVMIsABitCastInst(p) ||
         (LLVMIsAConstantExpr(p) &&
          (LLVMGetConstOpcode(p) == LLVMAddrSpaceCast || LLVMGetConstOpcode(p) == LLVMBitCast));
}

/* The roots (buffer arguments, workgroup variables) that a pointer may
 * reach: one, or a few that a select or phi chooses between at run time
 * (ping-pong buffers). An access through such a pointer tests which one it
 * reaches and touches only that one: a Vulkan shader holds no pointer that
 * chooses a buffer, and reads out of a buffer's bounds are undefined, so
 * nothing may be read speculatively from the others. */
#define MAX_ROOTS 4

typedef struct {
  size_t n;
  intptr_t r[MAX_ROOTS];
  int over; /* it reaches more than MAX_ROOTS */
} roots_of;

/* memoized in V->ROOT_MEMO: the one root + 1, ROOT_NONE, or ROOT_SEVERAL */
enum { ROOT_NONE = -1, ROOT_SEVERAL = -2 };

static int add_root(roots_of *c, intptr_t r) {
  for (size_t i = 0; i < c->n; i++)
    if (c->r[i] == r)
      return 1;
  if (c->n == MAX_ROOTS)
    return !(c->over = 1);
  c->r[c->n++] = r;
  return 1;
}

/* Adds the roots P reaches to *C, walking its operands once each (SEEN: a
 * loop's pointer reaches itself); 0 when some way P takes reaches none */
static int walk_roots(vk *v, LLVMValueRef p, gs_map *seen, roots_of *c) {
  intptr_t memo;
  if (map_get(seen, p, NULL))
    return 1;
  map_put(seen, p, 1);
  if (map_get(&v->root_of, p, &memo))
    return add_root(c, memo - 1);
  if (map_get(&v->root_memo, p, &memo) && memo != ROOT_SEVERAL)
    return memo > 0 && add_root(c, memo - 1);
  if (is_gep(p)) {
    for (int k = 1; k < LLVMGetNumOperands(p); k++)
      if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(p, (unsigned)k))) == LLVMVectorTypeKind)
        return 0;
    return walk_roots(v, LLVMGetOperand(p, 0), seen, c);
  }
  if (is_cast(p))
    return walk_roots(v, LLVMGetOperand(p, 0), seen, c);
  if (LLVMIsASelectInst(p))
    return walk_roots(v, LLVMGetOperand(p, 1), seen, c) &&
           walk_roots(v, LLVMGetOperand(p, 2), seen, c);
  if (LLVMIsAPHINode(p)) {
    for (unsigned k = 0; k < LLVMCountIncoming(p); k++)
      if (!walk_roots(v, LLVMGetIncomingValue(p, k), seen, c))
        return 0;
    return 1;
  }
  return 0;
}

/* The roots pointer P reaches, in *C, found before any offset is built (a
 * loop's pointer phi finds them through the loop's entry); 0 when it
 * reaches none, or more than MAX_ROOTS (C->OVER). Only a whole walk's
 * result is memoized: one through a phi still being walked is partial. */
static int find_roots(vk *v, LLVMValueRef p, roots_of *c) {
  gs_map seen;
  map_init(&seen);
  memset(c, 0, sizeof *c);
  int ok = walk_roots(v, p, &seen, c) && c->n;
  map_free(&seen);
  map_put(&v->root_memo, p, !ok ? ROOT_NONE : c->n == 1 ? c->r[0] + 1 : ROOT_SEVERAL);
  return ok;
}

/* The i32 index (in V->ROOTS) of the root that P reaches at run time, for a
 * pointer that find_roots found several for: built beside the pointer
 * arithmetic as offset_of builds the offset, a select of its operands'
 * indices for a select, a phi of its incoming values' (the same blocks)
 * for a phi. Memoized in V->CHOSEN. */
static LLVMValueRef root_index_of(vk *v, LLVMValueRef p) {
  intptr_t memo;
  if (map_get(&v->chosen, p, &memo))
    return (LLVMValueRef)memo;
  LLVMValueRef x;
  if (map_get(&v->root_of, p, &memo)) {
    x = LLVMConstInt(v->i32, (unsigned long long)(memo - 1), 0);
  } else if (is_gep(p) || is_cast(p)) {
    x = root_index_of(v, LLVMGetOperand(p, 0));
  } else if (LLVMIsASelectInst(p)) {
    LLVMValueRef x1 = root_index_of(v, LLVMGetOperand(p, 1));
    LLVMValueRef x2 = root_index_of(v, LLVMGetOperand(p, 2));
    LLVMPositionBuilderBefore(v->b, p);
    x = x1 == x2 ? x1 : LLVMBuildSelect(v->b, LLVMGetOperand(p, 0), x1, x2, "gs.root");
  } else { /* a phi (walk_roots knows no other); recorded first: a loop's
            * pointer reaches itself */
    LLVMPositionBuilderBefore(v->b, p);
    x = LLVMBuildPhi(v->b, v->i32, "gs.root");
    map_put(&v->chosen, p, (intptr_t)x);
    for (unsigned k = 0; k < LLVMCountIncoming(p); k++) {
      LLVMValueRef in = root_index_of(v, LLVMGetIncomingValue(p, k));
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
      LLVMAddIncoming(x, &in, &from, 1);
    }
  }
  map_put(&v->chosen, p, (intptr_t)x);
  return x;
}

/* The byte offset (i32) of P from its root, or from whichever of its roots
 * (find_roots) it reaches at run time: built beside the pointer arithmetic
 * it stands for (a select of its operands' offsets, a phi of its incoming
 * values'), memoized in V->RESOLVED. In 32 bits, modulo 2^32: a storage
 * buffer binding holds at most maxStorageBufferRange bytes, which is less
 * than 2^32 on every device (the runtimes refuse larger buffers), and
 * workgroup memory far less, so every offset an access may reach fits, and
 * arithmetic that wraps on the way (a negative index) comes back to it. A
 * GEP's i64 index gives its low 32 bits (vulkan_low32), the size_t
 * arithmetic of ids and sizes then 32-bit too: 64-bit integer arithmetic
 * on every access is pairs of 32-bit operations on the GPUs that run
 * shaders. */
static LLVMValueRef offset_of(vk *v, LLVMValueRef p) {
  intptr_t memo;
  if (map_get(&v->resolved, p, &memo))
    return (LLVMValueRef)memo;
  LLVMValueRef o;
  if (map_get(&v->root_of, p, NULL)) {
    o = LLVMConstInt(v->i32, 0, 0);
  } else if (is_cast(p)) {
    o = offset_of(v, LLVMGetOperand(p, 0));
  } else if (LLVMIsAPHINode(p)) {
    /* recorded first: a loop's pointer reaches itself */
    LLVMPositionBuilderBefore(v->b, p);
    o = LLVMBuildPhi(v->b, v->i32, "");
    map_put(&v->resolved, p, (intptr_t)o);
    for (unsigned k = 0; k < LLVMCountIncoming(p); k++) {
      LLVMValueRef in = offset_of(v, LLVMGetIncomingValue(p, k));
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
      LLVMAddIncoming(o, &in, &from, 1);
    }
  } else if (LLVMIsASelectInst(p)) {
    LLVMValueRef o1 = offset_of(v, LLVMGetOperand(p, 1)), o2 = offset_of(v, LLVMGetOperand(p, 2));
    LLVMPositionBuilderBefore(v->b, p);
    o = o1 == o2 ? o1 : LLVMBuildSelect(v->b, LLVMGetOperand(p, 0), o1, o2, "");
  } else { /* a GEP (walk_roots knows no other) */
    o = offset_of(v, LLVMGetOperand(p, 0));
    unsigned n = (unsigned)LLVMGetNumOperands(p);
    LLVMValueRef *idx = gs_xmalloc(n * sizeof *idx);
    for (unsigned k = 1; k < n; k++) /* each beside its own definition */
      idx[k] = index32(v, p, LLVMGetOperand(p, k));
    if (LLVMIsAInstruction(p))
      LLVMPositionBuilderBefore(v->b, p);
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
    for (unsigned k = 1; k < n; k++) {
      if (k > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
        unsigned field = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(p, k));
        o = vulkan_add32(
            v, o, LLVMConstInt(v->i32, LLVMOffsetOfElement(v->td, ty, field) & 0xffffffffu, 0));
        ty = LLVMStructGetTypeAtIndex(ty, field);
        continue;
      }
      if (k > 1)
        ty = LLVMGetElementType(ty);
      LLVMValueRef size = LLVMConstInt(v->i32, LLVMABISizeOfType(v->td, ty) & 0xffffffffu, 0);
      o = vulkan_add32(v, o, vulkan_mul32(v, idx[k], size));
    }
    free(idx);
  }
  map_put(&v->resolved, p, (intptr_t)o);
  return o;
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

/* Vulkan takes no atomics or fences across the system (LLVM's default
 * scope): those on a buffer are the device's, on a workgroup variable the
 * workgroup's */
static unsigned root_scope(vk *v, intptr_t r) {
  const char *scope = VEC_AT(&v->roots, root, (size_t)r).handle ? "device" : "workgroup";
  return LLVMGetSyncScopeID(v->ctx, scope, strlen(scope));
}

static void vulkan_scope(vk *v, LLVMValueRef atomic, intptr_t r) {
  if (LLVMGetAtomicSyncScopeID(atomic) > 1) /* 0: one thread, 1: the system */
    return;
  LLVMSetAtomicSyncScopeID(atomic, root_scope(v, r));
}

/* the i32 index of the word at byte offset OFF (i32) + 4 * K */
static LLVMValueRef word_index(vk *v, LLVMValueRef off, unsigned k) {
  LLVMValueRef w = LLVMBuildLShr(v->b, off, LLVMConstInt(v->i32, 2, 0), "");
  return vulkan_add32(v, w, LLVMConstInt(v->i32, k, 0));
}

LLVMTypeRef vulkan_words_type(vk *v, unsigned n) {
  return n == 1 ? v->i32 : LLVMVectorType(v->i32, n);
}

/* Why load or store IN of a TY cannot be words, or NULL. Atomic and
 * volatile accesses must be whole words. */
static char *access_shape(vk *v, LLVMValueRef in, LLVMTypeRef ty) {
  unsigned align = LLVMGetAlignment(in), bytes;
  int s = vulkan_shape(v, ty, &bytes);
  LLVMAtomicOrdering order = LLVMGetOrdering(in);
  int atomic = order != LLVMAtomicOrderingNotAtomic || LLVMGetVolatile(in);
  if (!s || (atomic && (s != 1 || bytes != 4)))
    return vulkan_refuse(in,
                         LLVMIsALoadInst(in)
                             ? "loads a type or in a way that storage buffer words cannot hold"
                             : "stores a type or in a way that storage buffer words cannot hold");
  if ((s == 1 && align < 4) || (s == 2 && align < bytes))
    return vulkan_refuse(in, "is not aligned to its words");
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

/* LLVM 22's SPIR-V backend writes an atomic load or store as a plain
 * OpLoad or OpStore (a driver may then keep a polled word in a register or
 * a cache: lit Run_vulkan_atomic_orders.ll), and an atomic's ordering as
 * semantics without a storage class, which order no other memory in
 * Vulkan. So every atomic access here is a monotonic read-modify-write (a
 * load, an OR of 0; a store, an exchange), and an ordering stronger than
 * monotonic comes from fences around it, which the mend makes
 * AcquireRelease on buffer and workgroup memory (Vulkan takes
 * SequentiallyConsistent as AcquireRelease too): before it for release and
 * stronger (AFTER 0), after it for acquire and stronger (AFTER 1). */
static void order_fence(vk *v, LLVMAtomicOrdering order, intptr_t r, int after) {
  int rel = order == LLVMAtomicOrderingRelease || order == LLVMAtomicOrderingAcquireRelease ||
            order == LLVMAtomicOrderingSequentiallyConsistent;
  int acq = order == LLVMAtomicOrderingAcquire || order == LLVMAtomicOrderingAcquireRelease ||
            order == LLVMAtomicOrderingSequentiallyConsistent;
  if (after ? !acq : !rel)
    return;
  LLVMBuildFenceSyncScope(v->b, LLVMAtomicOrderingAcquireRelease, root_scope(v, r), "");
}

/* The word at index IDX of root R, loaded atomically with ORDER (or
 * volatile: monotonic), at the builder. A buffer this shader only reads
 * (NonWritable) no invocation writes while it runs, so a plain load reads
 * what an atomic one would; and so may the control word's, which the
 * split only reads to skip a claim that would change nothing (lib/
 * control.c: whatever it reads, the claim's outcome is the same). */
static LLVMValueRef atomic_load_word(vk *v, intptr_t r, LLVMValueRef idx,
                                     LLVMAtomicOrdering order) {
  const root *rt = &VEC_AT(&v->roots, root, (size_t)r);
  LLVMValueRef p = word_ptr(v, r, idx);
  if (!rt->writable || rt->control)
    return LLVMBuildLoad2(v->b, v->i32, p, "");
  order_fence(v, order, r, 0);
  LLVMValueRef w = LLVMBuildAtomicRMW(v->b, LLVMAtomicRMWBinOpOr, p, LLVMConstInt(v->i32, 0, 0),
                                      LLVMAtomicOrderingMonotonic, 0);
  vulkan_scope(v, w, r);
  order_fence(v, order, r, 1);
  return w;
}

/* the bit position (i32) of the byte at offset OFF (i32) in its word */
static LLVMValueRef byte_shift(vk *v, LLVMValueRef off) {
  return LLVMBuildShl(v->b, LLVMBuildAnd(v->b, off, LLVMConstInt(v->i32, 3, 0), ""),
                      LLVMConstInt(v->i32, 3, 0), "");
}

/* load IN (access_shape allows it) from the words of root R at byte
 * offset OFF, at the builder: the value loaded */
static LLVMValueRef load_words(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  LLVMTypeRef ty = LLVMTypeOf(in);
  unsigned bytes;
  int s = vulkan_shape(v, ty, &bytes);
  LLVMAtomicOrdering order = access_order(in);
  LLVMValueRef x;
  if (s == 1) {
    unsigned n = bytes / 4;
    x = n == 1 ? NULL : LLVMGetUndef(vulkan_words_type(v, n));
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef w;
      if (order != LLVMAtomicOrderingNotAtomic) /* one word (access_shape) */
        w = atomic_load_word(v, r, word_index(v, off, k), order);
      else
        w = LLVMBuildLoad2(v->b, v->i32, word_ptr(v, r, word_index(v, off, k)), "");
      LLVMSetAlignment(w, 4);
      x = n == 1 ? w : LLVMBuildInsertElement(v->b, x, w, LLVMConstInt(v->i32, k, 0), "");
    }
    return LLVMBuildBitCast(v->b, x, ty, "");
  }
  LLVMValueRef w = LLVMBuildLoad2(v->b, v->i32, word_ptr(v, r, word_index(v, off, 0)), "");
  LLVMSetAlignment(w, 4);
  LLVMValueRef shift = byte_shift(v, off);
  LLVMValueRef part = LLVMBuildTrunc(v->b, LLVMBuildLShr(v->b, w, shift, ""),
                                     LLVMIntTypeInContext(v->ctx, 8 * bytes), "");
  return LLVMBuildBitCast(v->b, part, ty, "");
}

/* store IN (access_shape allows it) into the words of root R at byte
 * offset OFF, at the builder */
static void store_words(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  LLVMValueRef val = LLVMGetOperand(in, 0);
  unsigned bytes;
  int s = vulkan_shape(v, LLVMTypeOf(val), &bytes);
  LLVMAtomicOrdering order = access_order(in);
  if (s == 1) {
    unsigned n = bytes / 4;
    LLVMValueRef x = LLVMBuildBitCast(v->b, val, vulkan_words_type(v, n), "");
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef w =
          n == 1 ? x : LLVMBuildExtractElement(v->b, x, LLVMConstInt(v->i32, k, 0), "");
      LLVMValueRef p = word_ptr(v, r, word_index(v, off, k));
      if (order != LLVMAtomicOrderingNotAtomic) { /* one word (access_shape) */
        order_fence(v, order, r, 0);
        vulkan_scope(v, LLVMBuildAtomicRMW(v->b, LLVMAtomicRMWBinOpXchg, p, w,
                                           LLVMAtomicOrderingMonotonic, 0),
                     r);
        order_fence(v, order, r, 1);
      } else {
        LLVMSetAlignment(LLVMBuildStore(v->b, w, p), 4);
      }
    }
    return;
  }
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
                                  LLVMBuildShl(v->b, bits, shift, ""), LLVMAtomicOrderingMonotonic,
                                  0),
               r);
}

/* atomicrmw IN on the word of root R at byte offset OFF, at the builder:
 * the old value */
static LLVMValueRef update_word(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  LLVMValueRef p = word_ptr(v, r, word_index(v, off, 0));
  LLVMAtomicOrdering order = LLVMGetOrdering(in);
  order_fence(v, order, r, 0);
  LLVMValueRef x = LLVMInstructionClone(in);
  LLVMSetOperand(x, 0, p);
  LLVMSetOrdering(x, LLVMAtomicOrderingMonotonic);
  LLVMInsertIntoBuilder(v->b, x);
  vulkan_scope(v, x, r);
  order_fence(v, order, r, 1);
  return x;
}

/* IN (a load, store or atomicrmw) on root R at byte offset OFF, at the
 * builder, in one block: the value it gives, or NULL */
static LLVMValueRef access_words(vk *v, LLVMValueRef in, intptr_t r, LLVMValueRef off) {
  switch (LLVMGetInstructionOpcode(in)) {
  case LLVMLoad:
    return load_words(v, in, r, off);
  case LLVMStore:
    store_words(v, in, r, off);
    return NULL;
  default:
    return update_word(v, in, r, off);
  }
}

/* Moves what comes before IN in its block into a new block put before it,
 * which the block's predecessors now enter, and leaves the builder at the
 * new block's end, with no terminator. IN's block keeps IN, what follows
 * it, and its name in its successors' phis: taken out while the block's
 * uses go to the new one, its terminator is no successor's
 * (BasicBlock::replaceSuccessorsPhiUsesWith), while a branch of it back to
 * the block now enters the new one, as the back edge must. */
static void split_before(vk *v, LLVMValueRef in) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(in);
  LLVMBasicBlockRef head = LLVMInsertBasicBlockInContext(v->ctx, bb, "");
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  LLVMInstructionRemoveFromParent(term);
  LLVMReplaceAllUsesWith(LLVMBasicBlockAsValue(bb), LLVMBasicBlockAsValue(head));
  LLVMPositionBuilderAtEnd(v->b, bb);
  LLVMInsertIntoBuilder(v->b, term);
  LLVMPositionBuilderAtEnd(v->b, head);
  for (LLVMValueRef x; (x = LLVMGetFirstInstruction(bb)) != in;) {
    LLVMInstructionRemoveFromParent(x);
    LLVMInsertIntoBuilder(v->b, x);
  }
}

/* Where ROOT_INDEX chooses between the last two of C's roots from K on by a
 * select of their constant indices (ping-pong buffers), the select's own
 * condition, with *SWAP set when it is true for C->R[K + 1]: every access
 * through a pointer chosen by the same condition then branches on one
 * value, which the virtual workgroups' loop can be unswitched on
 * (target_vulkan.c, unswitch_loops), where tests of the index against each
 * root would be as many values. Else NULL. */
static LLVMValueRef select_test(LLVMValueRef root_index, const roots_of *c, size_t k, int *swap) {
  if (k + 2 != c->n || !LLVMIsASelectInst(root_index))
    return NULL;
  LLVMValueRef a = LLVMGetOperand(root_index, 1), b = LLVMGetOperand(root_index, 2);
  if (!LLVMIsAConstantInt(a) || !LLVMIsAConstantInt(b))
    return NULL;
  intptr_t ka = (intptr_t)LLVMConstIntGetZExtValue(a), kb = (intptr_t)LLVMConstIntGetZExtValue(b);
  if (ka == c->r[k] && kb == c->r[k + 1])
    *swap = 0;
  else if (kb == c->r[k] && ka == c->r[k + 1])
    *swap = 1;
  else
    return NULL;
  return LLVMGetOperand(root_index, 0);
}

/* IN on whichever of roots C->R[K..] the i32 ROOT_INDEX names, from the
 * builder, which ends a block without a terminator: if it names C->R[K],
 * IN on that root, else the same for the rest, the last without a test.
 * Each if/else has its own merge (structured control flow, as Vulkan asks:
 * SPIR-V 2.11), where the builder is left; the blocks go before AFTER. The
 * value IN gives, merged, or NULL. */
static LLVMValueRef dispatch(vk *v, LLVMValueRef in, const roots_of *c, size_t k,
                             LLVMValueRef root_index, LLVMValueRef off, LLVMBasicBlockRef after) {
  if (k + 1 == c->n)
    return access_words(v, in, c->r[k], off);
  LLVMBasicBlockRef arm[2] = {LLVMInsertBasicBlockInContext(v->ctx, after, "gs.buffer"),
                              LLVMInsertBasicBlockInContext(v->ctx, after, "gs.other")};
  int swap = 0;
  LLVMValueRef is = select_test(root_index, c, k, &swap);
  if (is)
    map_put(&v->chooses, LLVMGetBasicBlockParent(LLVMGetInstructionParent(in)), 1);
  else
    is = LLVMBuildICmp(v->b, LLVMIntEQ, root_index,
                       LLVMConstInt(v->i32, (unsigned long long)c->r[k], 0), "");
  LLVMBuildCondBr(v->b, is, arm[swap], arm[!swap]);
  LLVMValueRef x[2];
  LLVMPositionBuilderAtEnd(v->b, arm[0]);
  x[0] = access_words(v, in, c->r[k], off);
  LLVMPositionBuilderAtEnd(v->b, arm[1]);
  x[1] = dispatch(v, in, c, k + 1, root_index, off, after);
  arm[1] = LLVMGetInsertBlock(v->b); /* the rest's merge */
  LLVMBasicBlockRef merge = LLVMInsertBasicBlockInContext(v->ctx, after, "gs.merge");
  LLVMBuildBr(v->b, merge);
  LLVMPositionBuilderAtEnd(v->b, arm[0]);
  LLVMBuildBr(v->b, merge);
  LLVMPositionBuilderAtEnd(v->b, merge);
  if (!x[0])
    return NULL;
  LLVMValueRef phi = LLVMBuildPhi(v->b, LLVMTypeOf(x[0]), "");
  LLVMAddIncoming(phi, x, arm, 2);
  return phi;
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
static char *rewrite_cmpxchg(vk *v, LLVMValueRef in, const roots_of *c, LLVMValueRef off) {
  LLVMValueRef cmp = LLVMGetOperand(in, 1);
  if (c->n != 1 || !VEC_AT(&v->roots, root, (size_t)c->r[0]).control || !LLVMIsAConstantInt(cmp) ||
      LLVMConstIntGetSExtValue(cmp) != GS_CONTROL_UNSET)
    return vulkan_refuse(in, "is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile "
                             "for Vulkan (it stops in its 'legalize bitcast' pass)");
  for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u))
    if (!LLVMIsAExtractValueInst(LLVMGetUser(u)))
      return vulkan_refuse(in, "uses a compare-exchange's result otherwise than by its parts");
  LLVMPositionBuilderBefore(v->b, in);
  LLVMValueRef old =
      LLVMBuildAtomicRMW(v->b, LLVMAtomicRMWBinOpUMin, word_ptr(v, c->r[0], word_index(v, off, 0)),
                         LLVMGetOperand(in, 2), LLVMAtomicOrderingMonotonic, 0);
  vulkan_scope(v, old, c->r[0]);
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

/* Why atomic IN cannot be a word's, or NULL */
static char *atomic_shape(LLVMValueRef in) {
  LLVMValueRef val = LLVMGetOperand(in, 1);
  int rmw = LLVMIsAAtomicRMWInst(in) != NULL;
  LLVMAtomicRMWBinOp op = rmw ? LLVMGetAtomicRMWBinOp(in) : LLVMAtomicRMWBinOpXchg;
  if (LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(val)) != 32 || op == LLVMAtomicRMWBinOpFAdd ||
      op == LLVMAtomicRMWBinOpFSub || op == LLVMAtomicRMWBinOpFMax || op == LLVMAtomicRMWBinOpFMin)
    return vulkan_refuse(in, "is an atomic operation other than on a 32-bit integer");
  return NULL;
}

/* Load, store or atomic IN through pointer P, which reaches the roots in
 * *C, as words: on its one root, or on whichever its root index names
 * (dispatch) */
static char *rewrite_access(vk *v, LLVMValueRef in, LLVMValueRef p, const roots_of *c) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  char *why = op == LLVMLoad    ? access_shape(v, in, LLVMTypeOf(in))
              : op == LLVMStore ? access_shape(v, in, LLVMTypeOf(LLVMGetOperand(in, 0)))
                                : atomic_shape(in);
  if (why)
    return why;
  LLVMValueRef off = offset_of(v, p);
  if (op == LLVMAtomicCmpXchg)
    return rewrite_cmpxchg(v, in, c, off);
  LLVMValueRef x;
  if (c->n == 1) {
    LLVMPositionBuilderBefore(v->b, in);
    x = access_words(v, in, c->r[0], off);
  } else {
    /* the root index and the offset are built before the split: both are
     * beside the pointer arithmetic, which may come before IN in its block */
    LLVMValueRef root_index = root_index_of(v, p);
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(in);
    split_before(v, in);
    x = dispatch(v, in, c, 0, root_index, off, bb);
    LLVMBuildBr(v->b, bb);
  }
  if (x)
    LLVMReplaceAllUsesWith(in, x);
  VEC_PUSH(&v->dead, LLVMValueRef, in);
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
      roots_of c;
      if (as != 1 && as != 2 && as != AS_WORKGROUP && as != 4)
        continue; /* private memory and the push constants: the backend's own */
      if (find_roots(v, p, &c)) {
        err = rewrite_access(v, in, p, &c);
      } else if (c.over) {
        char *ps = ir_describe(p);
        gs_str why;
        str_init(&why);
        str_printf(&why,
                   "reaches memory through %s, which chooses between more than %d buffers or "
                   "workgroup variables at run time",
                   ps, MAX_ROOTS);
        err = vulkan_refuse(in, why.s);
        free(ps);
        str_free(&why);
      } else {
        err = vulkan_refuse(in, "reaches memory through a pointer that resolves to no one "
                                "buffer or workgroup variable");
      }
      continue;
    }
    /* a private pointer as a number: a private array, or a pointer into
     * one, carried across a grid barrier is carried through offsets from
     * the array (lib/clone.c), which LLVM's backend writes as
     * OpConvertPtrToU, an instruction only physical addressing has (with
     * virtual workgroups the array and the pointer meet in one function and
     * the offset folds away) */
    if (op == LLVMPtrToInt && !LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(in, 0)))) {
      err = vulkan_refuse(in, "turns a pointer into private memory into a number, which a Vulkan "
                              "shader cannot (it has no physical pointers): the split does so for "
                              "a private array, or a pointer into one, carried across a grid "
                              "barrier (split with --virtual-workgroups)");
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
