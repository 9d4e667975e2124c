/* Rematerialization (SPEC section 2): values computable at a segment's start
 * from kernel arguments, constants, invocation ids and sizes, and from loads
 * of buffers that no segment writes and that cannot alias a written one, are
 * recomputed there instead of carried in the live state. This is LLVM's
 * coroutine "materializable" set, with a budget so that recomputation stays
 * cheaper than a load. Anything invocation-specific is recomputed, never
 * carried (the coroutine bug of DESIGN.md). */
#include "gs.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

enum { REMAT_BUDGET = 48 };
enum { MEMO_YES = 1, MEMO_NO = 2, MEMO_VISITING = 3 };

void remat_init(remat_ctx *r, const gs_target *t, remat_load_ok load_ok, void *load_ctx) {
  map_init(&r->memo);
  r->t = t;
  r->load_ok = load_ok;
  r->load_ctx = load_ctx;
}

void remat_free(remat_ctx *r) { map_free(&r->memo); }

static int cost(remat_ctx *r, LLVMValueRef v, int *budget);

static int operands_ok(remat_ctx *r, LLVMValueRef v, int *budget) {
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (!cost(r, LLVMGetOperand(v, i), budget))
      return 0;
  return 1;
}

static int cost(remat_ctx *r, LLVMValueRef v, int *budget) {
  if (!v || LLVMIsAArgument(v) || LLVMIsAConstant(v) || LLVMIsAMDNode(v) || LLVMIsAMDString(v) ||
      LLVMValueIsBasicBlock(v))
    return 1;
  if (!LLVMIsAInstruction(v))
    return 0;
  /* an alloca is a leaf: a segment gets its own copy, with the contents
   * carried (see the split's check_live) */
  if (LLVMIsAAllocaInst(v))
    return 1;
  /* a value decided once stays decided: the split asks about the same value
   * from several barriers, and must get the same answer every time */
  intptr_t memo;
  if (map_get(&r->memo, v, &memo))
    return memo == MEMO_YES;
  /* running out of budget says nothing about V itself: not remembered */
  if (--*budget < 0)
    return 0;
  int ok = 0, refused = 0; /* refused: V itself cannot be recomputed */
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
  case LLVMSRem: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
  case LLVMFNeg: case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI:
  case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt:
  case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMGetElementPtr: case LLVMICmp:
  case LLVMFCmp: case LLVMSelect: case LLVMExtractElement: case LLVMInsertElement:
  case LLVMShuffleVector: case LLVMExtractValue: case LLVMInsertValue: case LLVMFreeze:
    ok = operands_ok(r, v, budget);
    break;
  case LLVMLoad:
    refused = LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic ||
              !r->load_ok(r->load_ctx, v);
    ok = !refused && operands_ok(r, v, budget);
    break;
  case LLVMCall: {
    const char *name = ir_callee_name(v);
    refused = !name || !r->t->is_pure_query(name);
    ok = !refused && operands_ok(r, v, budget);
    break;
  }
  default:
    refused = 1;
  }
  if (refused)
    map_put(&r->memo, v, MEMO_NO);
  return ok;
}

int remat_ok(remat_ctx *r, LLVMValueRef v) {
  intptr_t memo;
  if (map_get(&r->memo, v, &memo))
    return memo == MEMO_YES;
  int budget = REMAT_BUDGET;
  int ok = cost(r, v, &budget);
  map_put(&r->memo, v, ok ? MEMO_YES : MEMO_NO);
  return ok;
}

LLVMValueRef remat_build(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef v, gs_map *vmap,
                         remat_map_constant map_const, void *ctx) {
  intptr_t have;
  if (map_get(vmap, v, &have))
    return (LLVMValueRef)have;
  if (LLVMIsAConstant(v) && !LLVMIsAFunction(v))
    return map_const(ctx, v);
  if (!LLVMIsAInstruction(v))
    return v; /* arguments are in VMAP */
  LLVMValueRef c = LLVMInstructionClone(v);
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(v, i);
    if (LLVMIsAInstruction(op) || LLVMIsAArgument(op) ||
        (LLVMIsAConstant(op) && !LLVMIsAFunction(op)))
      LLVMSetOperand(c, (unsigned)i, remat_build(r, b, op, vmap, map_const, ctx));
  }
  size_t len;
  LLVMInsertIntoBuilderWithName(b, c, LLVMGetValueName2(v, &len));
  LLVMInstructionSetDebugLoc(c, NULL);
  map_put(vmap, v, (intptr_t)c);
  return c;
}
