/* Rematerialization (SPEC section 2): values computable at a segment's start
 * from kernel arguments, constants, invocation ids and sizes, and from loads
 * of buffers that no segment writes and that cannot alias a written one, are
 * recomputed there instead of carried in the live state. This is LLVM's
 * coroutine "materializable" set, with a budget so that recomputation stays
 * cheaper than a load. Anything invocation-specific is recomputed, never
 * carried (the coroutine bug of DESIGN.md).
 *
 * Reloads (docs/split.md, "Reading a value again"): a load of a buffer that
 * some segment writes, or a value the invocation stored, may be read again
 * where the split's callback finds that nothing can have changed it in
 * between; whether depends on where the root value lives, so those answers
 * are remembered per root. A phi that picks between two values by one
 * branch's condition is recomputed as the same choice: a branch, so that a
 * load on one side runs only where the kernel ran it. */
#include "gs.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

enum { REMAT_BUDGET = 48, STORED_BUDGET = 16 };
enum {
  STORED_ROOT = 2
}; /* stored_bit of the root; 1 and 0: the true and false side of a
    * root phi */
enum { MEMO_YES = 1, MEMO_NO = 2, MEMO_VISITING = 3 };

void remat_init(remat_ctx *r, const kernel_cfg *cfg, const gs_target *t, remat_load_ok load_ok,
                remat_reload_ok reload_ok, void *load_ctx) {
  r->cfg = cfg;
  map_init(&r->memo);
  map_init(&r->root_memo);
  map_init(&r->phi_guard);
  map_init(&r->stored_roots);
  r->stored_bit = -1;
  vec_init(&r->guard_of, sizeof(phi_guard));
  vec_init(&r->pending, sizeof(remat_reload));
  vec_init(&r->guards, sizeof(remat_reload));
  vec_init(&r->tree, sizeof(LLVMValueRef));
  vec_init(&r->built, sizeof(LLVMValueRef));
  r->t = t;
  r->load_ok = load_ok;
  r->reload_ok = reload_ok;
  r->load_ctx = load_ctx;
}

static void dom_free(struct remat_dom *d);

void remat_free(remat_ctx *r) {
  dom_free(r->dom);
  map_free(&r->memo);
  map_free(&r->root_memo);
  map_free(&r->phi_guard);
  map_free(&r->stored_roots);
  vec_free(&r->guard_of);
  vec_free(&r->pending);
  vec_free(&r->guards);
  vec_free(&r->tree);
  vec_free(&r->built);
}

/* The dominator tree of the kernel (Cooper, Harvey and Kennedy's iteration
 * over the reverse post-order kernel_cfg holds), made once: each block's
 * immediate dominator and predecessor count, by RPO index. */
struct remat_dom {
  const kernel_cfg *cfg;
  int *idom, *npreds;
};

static int dom_index(const struct remat_dom *d, LLVMBasicBlockRef b) {
  intptr_t i = 0;
  return map_get(&d->cfg->block_index, b, &i) ? (int)i : -1;
}

static void dom_free(struct remat_dom *d) {
  if (!d)
    return;
  free(d->idom);
  free(d->npreds);
  free(d);
}

static const struct remat_dom *dom_of(remat_ctx *r) {
  if (r->dom)
    return r->dom;
  struct remat_dom *d = r->dom = gs_xcalloc(1, sizeof *d);
  d->cfg = r->cfg;
  size_t nb = r->cfg->blocks.len;
  d->idom = gs_xcalloc(nb + 1, sizeof *d->idom);
  d->npreds = gs_xcalloc(nb + 1, sizeof *d->npreds);
  /* predecessors, as (block, pred) pairs in RPO order of the block */
  gs_vec preds; /* int pairs */
  vec_init(&preds, sizeof(int));
  for (size_t i = 0; i < nb; i++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(VEC_AT(&r->cfg->blocks, LLVMBasicBlockRef, i));
    unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned k = 0; k < n; k++) {
      int s = dom_index(d, LLVMGetSuccessor(term, k));
      d->npreds[s]++;
      VEC_PUSH(&preds, int, s);
      VEC_PUSH(&preds, int, (int)i);
    }
  }
  for (size_t i = 0; i < nb; i++)
    d->idom[i] = -1;
  d->idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t e = 0; e < preds.len; e += 2) {
      int b = VEC_AT(&preds, int, e), p = VEC_AT(&preds, int, e + 1);
      if (b == 0 || d->idom[p] < 0)
        continue;
      int x = p, y = d->idom[b];
      if (y >= 0)
        while (x != y) {
          while (x > y)
            x = d->idom[x];
          while (y > x)
            y = d->idom[y];
        }
      if (d->idom[b] != x) {
        d->idom[b] = x;
        changed = 1;
      }
    }
  }
  vec_free(&preds);
  return d;
}

/* Whether every path from the entry to B passes X (both reachable). */
static int dominates(const struct remat_dom *d, LLVMBasicBlockRef x, LLVMBasicBlockRef b) {
  int xi = dom_index(d, x), bi = dom_index(d, b);
  if (xi < 0 || bi < 0)
    return 0;
  while (bi > xi)
    bi = d->idom[bi];
  return bi == xi;
}

/* Which way of H's branch `br C, T, F` an edge from B into J came: 1 (T),
 * 0 (F), -1 (neither for sure). B is on a side when it is H and J that
 * successor, or when that successor is entered only from H and every path
 * to B passes it: then the last run of H took that side. */
static int side_of(const struct remat_dom *d, LLVMValueRef br, LLVMBasicBlockRef b,
                   LLVMBasicBlockRef j) {
  LLVMBasicBlockRef h = LLVMGetInstructionParent(br);
  for (int k = 0; k < 2; k++) {
    LLVMBasicBlockRef succ = LLVMGetSuccessor(br, (unsigned)k);
    int si = dom_index(d, succ);
    if (b == h ? succ == j
               : succ != j && si >= 0 && d->npreds[si] == 1 && d->idom[si] == dom_index(d, h) &&
                     dominates(d, succ, b))
      return k == 0;
  }
  return -1;
}

/* PHI takes one value on one side of a conditional branch and another on the
 * other (through any number of edges each): its guard, the condition and
 * the value on each side, and the side's one block where it has one edge. */
static const phi_guard *phi_guarded(remat_ctx *r, LLVMValueRef phi) {
  intptr_t at;
  if (map_get(&r->phi_guard, phi, &at))
    return at < 0 ? NULL : &VEC_AT(&r->guard_of, phi_guard, at - 1);
  map_put(&r->phi_guard, phi, -1);
  LLVMBasicBlockRef j = LLVMGetInstructionParent(phi);
  const struct remat_dom *d = dom_of(r);
  if (LLVMGetBasicBlockParent(j) != r->cfg->fn)
    return NULL;
  unsigned n = LLVMCountIncoming(phi);
  int ji = dom_index(d, j);
  if (n < 2 || n > 8 || ji <= 0)
    return NULL;
  /* the branch is in a block that dominates J: walk up from J's dominator */
  for (int hi = d->idom[ji], last = 0; !last; hi = d->idom[hi]) {
    last = hi == 0;
    LLVMBasicBlockRef h = VEC_AT(&r->cfg->blocks, LLVMBasicBlockRef, hi);
    LLVMValueRef br = LLVMGetBasicBlockTerminator(h);
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
        LLVMGetSuccessor(br, 0) == LLVMGetSuccessor(br, 1))
      continue;
    phi_guard g = {LLVMGetCondition(br), {NULL, NULL}, {NULL, NULL}};
    unsigned edges[2] = {0, 0};
    int ok = 1;
    for (unsigned k = 0; k < n && ok; k++) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, k);
      int side = side_of(d, br, from, j);
      LLVMValueRef in = LLVMGetIncomingValue(phi, k);
      ok = side >= 0 && (!g.value[side] || g.value[side] == in);
      if (ok) {
        g.value[side] = in;
        g.block[side] = edges[side]++ ? NULL : from;
      }
    }
    if (!ok || !edges[0] || !edges[1])
      continue;
    VEC_PUSH(&r->guard_of, phi_guard, g);
    map_put(&r->phi_guard, phi, (intptr_t)r->guard_of.len);
    return &VEC_AT(&r->guard_of, phi_guard, r->guard_of.len - 1);
  }
  return NULL;
}

/* Calls that cannot leave the block or order anything: debug and lifetime
 * markers, assumptions, id queries. */
static int marker(const remat_ctx *r, LLVMValueRef call) {
  const char *n = ir_callee_name(call);
  return ir_is_marker(call) ||
         (n && (!strcmp(n, "llvm.assume") || !strcmp(n, "llvm.experimental.noalias.scope.decl") ||
                r->t->is_pure_query(n)));
}

/* The store that writes V to memory right after V, in V's block with no
 * call, fence or atomic between (so that wherever V was computed, it was
 * stored; debug and lifetime markers and id queries aside), or NULL. */
static LLVMValueRef stored_copy(const remat_ctx *r, LLVMValueRef v) {
  for (LLVMValueRef in = LLVMGetNextInstruction(v); in; in = LLVMGetNextInstruction(in)) {
    if (LLVMIsAStoreInst(in) && LLVMGetOperand(in, 0) == v)
      return LLVMGetVolatile(in) || LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic ? NULL : in;
    if ((LLVMIsACallInst(in) && !marker(r, in)) || LLVMIsAFenceInst(in) ||
        LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in) || LLVMIsATerminatorInst(in) ||
        ((LLVMIsALoadInst(in) || LLVMIsAStoreInst(in)) &&
         (LLVMGetVolatile(in) || LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)))
      return NULL;
  }
  return NULL;
}

static void push_reload(remat_ctx *r, LLVMValueRef at) {
  remat_reload g = {at, NULL, 0};
  if (r->guards.len) {
    const remat_reload *top = &VEC_AT(&r->guards, remat_reload, r->guards.len - 1);
    g.guard = top->guard;
    g.polarity = top->polarity;
  }
  VEC_PUSH(&r->pending, remat_reload, g);
}

static int cost(remat_ctx *r, LLVMValueRef v, int *budget);
LLVMValueRef remat_build(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef v, gs_map *vmap,
                         remat_map_constant map_const, void *ctx);

static int operands_ok(remat_ctx *r, LLVMValueRef v, int *budget) {
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (!cost(r, LLVMGetOperand(v, i), budget))
      return 0;
  return 1;
}

static int cost(remat_ctx *r, LLVMValueRef v, int *budget) {
  int stored_bit = r->stored_bit; /* for V only */
  r->stored_bit = -1;
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
  size_t pending = r->pending.len;
  VEC_PUSH(&r->tree, LLVMValueRef, v);
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
  case LLVMLoad: {
    int how = LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic
                  ? 0
                  : r->load_ok(r->load_ctx, v);
    refused = !how;
    ok = !refused && operands_ok(r, v, budget);
    if (ok && how == REMAT_RELOAD)
      push_reload(r, v);
    break;
  }
  case LLVMPHI: {
    const phi_guard *g = phi_guarded(r, v);
    refused = !g;
    if (refused)
      break;
    phi_guard guard = *g; /* guard_of may grow below */
    ok = cost(r, guard.cond, budget);
    for (int side = 1; ok && side >= 0; side--) {
      LLVMValueRef in = guard.value[side];
      LLVMBasicBlockRef from = guard.block[side];
      /* the root's side may be read back from where it was stored, when
       * that store is the last thing before the phi */
      r->stored_bit = v == r->root && from && LLVMIsAInstruction(in) &&
                              LLVMGetInstructionParent(in) == from &&
                              !LLVMIsConditional(LLVMGetBasicBlockTerminator(from))
                          ? side
                          : -1;
      VEC_PUSH(&r->guards, remat_reload, ((remat_reload){NULL, guard.cond, side}));
      ok = cost(r, in, budget);
      r->guards.len--;
      r->stored_bit = -1;
    }
    break;
  }
  case LLVMCall: {
    const char *name = ir_callee_name(v);
    refused = !name || !r->t->is_pure_query(name);
    ok = !refused && operands_ok(r, v, budget);
    break;
  }
  default:
    refused = 1;
  }
  if (!ok)
    r->pending.len = pending;
  LLVMValueRef st = stored_copy(r, v);
  if (st && stored_bit >= 0 && (!ok || r->pending.len > pending)) {
    /* a value that cannot be recomputed without reading a written buffer,
     * stored where it can be read back: the root itself, or a side of a
     * root phi (read back, it is the last value stored, which another use
     * may not be), so the answer is the root's (stored_roots); one read */
    size_t computed = r->pending.len;
    int own = STORED_BUDGET;
    if (r->load_ok(r->load_ctx, st) == REMAT_RELOAD && cost(r, LLVMGetOperand(st, 1), &own)) {
      memmove(&VEC_AT(&r->pending, remat_reload, pending),
              &VEC_AT(&r->pending, remat_reload, computed),
              (r->pending.len - computed) * sizeof(remat_reload));
      r->pending.len -= computed - pending;
      push_reload(r, st);
      r->cur_stored |= 1u << stored_bit;
      return 1;
    }
    r->pending.len = computed;
  }
  refused &= !st; /* with a store, the answer depends on where V is */
  if (refused)
    map_put(&r->memo, v, MEMO_NO);
  return ok;
}

int remat_ok(remat_ctx *r, LLVMValueRef v) {
  intptr_t memo;
  if (map_get(&r->root_memo, v, &memo) || map_get(&r->memo, v, &memo))
    return memo == MEMO_YES;
  int budget = REMAT_BUDGET;
  r->pending.len = 0;
  r->tree.len = 0;
  r->root = v;
  r->cur_stored = 0;
  r->stored_bit = STORED_ROOT;
  int ok = cost(r, v, &budget);
  r->root = NULL;
  if (!ok || !r->pending.len) {
    map_put(&r->memo, v, ok ? MEMO_YES : MEMO_NO);
    return ok;
  }
  /* reloads: right for this root only if nothing can change what they read
   * where it lives */
  for (size_t i = 0; ok && i < r->pending.len; i++) {
    const remat_reload *p = &VEC_AT(&r->pending, remat_reload, i);
    ok = r->reload_ok(r->load_ctx, v, &r->tree, p->at, p->guard, p->polarity);
  }
  map_put(&r->root_memo, v, ok ? MEMO_YES : MEMO_NO);
  if (ok && r->cur_stored)
    map_put(&r->stored_roots, v, (intptr_t)r->cur_stored);
  return ok;
}

static void put_built(remat_ctx *r, gs_map *vmap, LLVMValueRef v, LLVMValueRef c) {
  map_put(vmap, v, (intptr_t)c);
  VEC_PUSH(&r->built, LLVMValueRef, v);
}

/* PHI as the branch it was: each side that computes something in a block
 * of its own, then a phi. What a side built does not dominate what comes
 * after, so it leaves VMAP again. */
static LLVMValueRef build(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef v, gs_map *vmap,
                          remat_map_constant map_const, void *ctx, unsigned stored);

/* STORED: which sides are read back from their stores (bits 0 and 1). */
static LLVMValueRef build_guarded_phi(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef phi,
                                      gs_map *vmap, remat_map_constant map_const, void *ctx,
                                      unsigned stored) {
  phi_guard g = *phi_guarded(r, phi);
  LLVMValueRef cond = build(r, b, g.cond, vmap, map_const, ctx, 0);
  LLVMBasicBlockRef from = LLVMGetInsertBlock(b);
  LLVMValueRef fn = LLVMGetBasicBlockParent(from);
  LLVMContextRef lc = LLVMGetTypeContext(LLVMTypeOf(phi));
  /* index 0: the true side, 1: the false side */
  LLVMValueRef vals[2] = {NULL, NULL};
  LLVMBasicBlockRef arm[2] = {NULL, NULL}, ends[2] = {from, from};
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef in = g.value[1 - k];
    intptr_t have = 0;
    if (LLVMIsAInstruction(in) && !(map_get(vmap, in, &have) && have))
      arm[k] = LLVMAppendBasicBlockInContext(lc, fn, "gs.remat.arm");
    else
      vals[k] = build(r, b, in, vmap, map_const, ctx, 0);
  }
  if (!arm[0] && !arm[1])
    return LLVMBuildSelect(b, cond, vals[0], vals[1], "");
  LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(lc, fn, "gs.remat.join");
  LLVMBuildCondBr(b, cond, arm[0] ? arm[0] : join, arm[1] ? arm[1] : join);
  for (unsigned k = 0; k < 2; k++) {
    if (!arm[k])
      continue;
    LLVMPositionBuilderAtEnd(b, arm[k]);
    size_t mark = r->built.len;
    vals[k] = build(r, b, g.value[1 - k], vmap, map_const, ctx,
                    stored >> (1 - k) & 1 ? 1u << STORED_ROOT : 0);
    for (size_t i = mark; i < r->built.len; i++)
      map_put(vmap, VEC_AT(&r->built, LLVMValueRef, i), 0);
    r->built.len = mark;
    ends[k] = LLVMGetInsertBlock(b);
    LLVMBuildBr(b, join);
  }
  LLVMPositionBuilderAtEnd(b, join);
  size_t len;
  LLVMValueRef p = LLVMBuildPhi(b, LLVMTypeOf(phi), LLVMGetValueName2(phi, &len));
  LLVMAddIncoming(p, vals, ends, 2);
  return p;
}

LLVMValueRef remat_build(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef v, gs_map *vmap,
                         remat_map_constant map_const, void *ctx) {
  intptr_t stored = 0;
  map_get(&r->stored_roots, v, &stored);
  return build(r, b, v, vmap, map_const, ctx, (unsigned)stored);
}

/* STORED: as remat_ok decided for V as a root (cur_stored). */
static LLVMValueRef build(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef v, gs_map *vmap,
                          remat_map_constant map_const, void *ctx, unsigned stored) {
  intptr_t have;
  if (map_get(vmap, v, &have) && have)
    return (LLVMValueRef)have;
  if (LLVMIsAConstant(v) && !LLVMIsAFunction(v))
    return map_const(ctx, v);
  if (!LLVMIsAInstruction(v))
    return v; /* arguments are in VMAP */
  size_t len;
  if (stored & 1u << STORED_ROOT) {
    /* read back from where the invocation stored it */
    LLVMValueRef st = stored_copy(r, v);
    LLVMValueRef at = build(r, b, LLVMGetOperand(st, 1), vmap, map_const, ctx, 0);
    LLVMValueRef c = LLVMBuildLoad2(b, LLVMTypeOf(v), at, LLVMGetValueName2(v, &len));
    LLVMSetAlignment(c, LLVMGetAlignment(st));
    put_built(r, vmap, v, c);
    return c;
  }
  if (LLVMIsAPHINode(v)) {
    LLVMValueRef c = build_guarded_phi(r, b, v, vmap, map_const, ctx, stored);
    put_built(r, vmap, v, c);
    return c;
  }
  LLVMValueRef c = LLVMInstructionClone(v);
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++) {
    LLVMValueRef op = LLVMGetOperand(v, i);
    if (LLVMIsAInstruction(op) || LLVMIsAArgument(op) ||
        (LLVMIsAConstant(op) && !LLVMIsAFunction(op)))
      LLVMSetOperand(c, (unsigned)i, build(r, b, op, vmap, map_const, ctx, 0));
  }
  LLVMInsertIntoBuilderWithName(b, c, LLVMGetValueName2(v, &len));
  LLVMInstructionSetDebugLoc(c, NULL);
  put_built(r, vmap, v, c);
  return c;
}
