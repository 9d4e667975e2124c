/* Reading a value again (docs/split.md, "Reading a value again"): the
 * callback of lib/remat.c that decides, for a live value recomputed from a
 * load of a buffer some segment writes, or from the store of a value, that
 * nothing can have changed what it reads between the kernel's access and
 * each segment start where the value is recomputed.
 *
 * Between them run the rest of the access's segment and every segment the
 * value (or what it is computed from) is live into. Writes to the buffer
 * there are allowed only where they cannot reach the address: in the last
 * segment the value lives into, every write to the buffer is a plain store
 * to the same address as the invocation's own (the same computation of
 * arguments and ids), of at least the bytes the value was read from,
 * before any workgroup barrier, atomic or call that could order
 * invocations, and the invocation itself stores there on every way through
 * that segment. Another invocation writing that address there
 * would race with that store: the kernel would have a data race. The
 * buffer cannot alias another (noalias or distinct buffers), which
 * layout_load_recomputable checked, and no pointer into it escapes (a
 * write through one has no fact). */
#include "split_steps.h"

#include <stdlib.h>
#include <string.h>

/* The one buffer IN accesses, a global buffer argument, or -1. */
int reload_one_buffer(const split_ctx *c, LLVMValueRef in) {
  intptr_t i;
  int one = -1;
  if (!map_get(&c->access.first_fact, in, &i))
    return -1;
  for (; i >= 0; i = VEC_AT(&c->access.facts, access_fact, i).next) {
    int b = VEC_AT(&c->access.facts, access_fact, i).buffer;
    if (one >= 0 && b != one)
      return -1;
    one = b;
  }
  const buffer_desc *d = &VEC_AT(&c->access.buffers, buffer_desc, one);
  /* a buffer whose pointer escapes may be written where no fact says */
  return d->arg >= 0 && d->space == SPACE_GLOBAL && !d->escapes ? one : -1;
}

/* Whether A and B compute the same address (or condition) from the same
 * arguments, constants and id queries: what an invocation gets for them is
 * the same wherever it evaluates them. */
static int same_address(const split_ctx *c, LLVMValueRef a, LLVMValueRef b, int depth) {
  if (LLVMIsAArgument(a) || LLVMIsAConstant(a))
    return a == b;
  if (depth > 12 || !LLVMIsAInstruction(a) || !LLVMIsAInstruction(b) ||
      LLVMGetInstructionOpcode(a) != LLVMGetInstructionOpcode(b) || LLVMTypeOf(a) != LLVMTypeOf(b))
    return 0;
  switch (LLVMGetInstructionOpcode(a)) {
  case LLVMGetElementPtr:
    if (LLVMGetGEPSourceElementType(a) != LLVMGetGEPSourceElementType(b))
      return 0;
    break;
  case LLVMCall: {
    const char *n = ir_callee_name(a);
    if (!n || LLVMGetCalledValue(a) != LLVMGetCalledValue(b) || !c->t->is_pure_query(n))
      return 0;
    break;
  }
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMICmp:
  case LLVMSelect:
    break;
  default:
    if (!ir_is_integer_op(LLVMGetInstructionOpcode(a)))
      return 0;
  }
  if (LLVMIsAICmpInst(a) && LLVMGetICmpPredicate(a) != LLVMGetICmpPredicate(b))
    return 0;
  int n = LLVMGetNumOperands(a);
  if (n != LLVMGetNumOperands(b))
    return 0;
  for (int k = 0; k < n; k++)
    if (!same_address(c, LLVMGetOperand(a, k), LLVMGetOperand(b, k), depth + 1))
      return 0;
  return 1;
}
struct seg_facts {
  int done;
  gs_map has;     /* what the segment executes */
  gs_vec writes;  /* LLVMValueRef: of those, what writes or updates a buffer */
  gs_map ordered; /* instructions that may run after a call, barrier or atomic */
  gs_map live_in; /* the values live at its start (the liveness', as a set) */
};

static int starts(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

/* IN cannot order this invocation's accesses against another's: no
 * barrier, fence, atomic, or call but id queries and LLVM's arithmetic and
 * memory intrinsics. */
static int quiet(const split_ctx *c, LLVMValueRef in) {
  if (LLVMIsAFenceInst(in) || LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in))
    return 0;
  if (LLVMIsALoadInst(in) || LLVMIsAStoreInst(in))
    return !LLVMGetVolatile(in) && LLVMGetOrdering(in) == LLVMAtomicOrderingNotAtomic;
  if (!LLVMIsACallInst(in))
    return 1;
  const char *n = ir_callee_name(in);
  if (!n)
    return 0;
  if (ir_is_marker(in) || c->t->is_pure_query(n))
    return 1;
  static const char *const intrinsics[] = {"llvm.assume",  "llvm.experimental.noalias.scope.decl",
                                           "llvm.fabs.",   "llvm.sqrt.",
                                           "llvm.fma.",    "llvm.fmuladd.",
                                           "llvm.minnum.", "llvm.maxnum.",
                                           "llvm.smax.",   "llvm.smin.",
                                           "llvm.umax.",   "llvm.umin.",
                                           "llvm.abs.",    "llvm.copysign.",
                                           "llvm.floor.",  "llvm.ceil.",
                                           "llvm.trunc.",  "llvm.ctpop.",
                                           "llvm.ctlz.",   "llvm.cttz.",
                                           "llvm.memcpy.", "llvm.memset.",
                                           "llvm.memmove."};
  for (size_t k = 0; k < sizeof intrinsics / sizeof *intrinsics; k++)
    if (starts(n, intrinsics[k]))
      return 1;
  return 0;
}

static LLVMValueRef segment_start(const split_ctx *c, size_t s) {
  if (s == 0)
    return LLVMGetFirstInstruction(VEC_AT(&c->cfg.blocks, LLVMBasicBlockRef, 0));
  return LLVMGetNextInstruction(VEC_AT(&c->cfg.barriers, LLVMValueRef, s - 1));
}

static int block_index(const split_ctx *c, LLVMBasicBlockRef b) {
  intptr_t i = 0;
  map_get(&c->cfg.block_index, b, &i);
  return (int)i;
}

typedef struct {
  const split_ctx *c;
  struct seg_facts *f;
} collect_ctx;

static void collect(void *ctxp, LLVMValueRef in) {
  collect_ctx *x = ctxp;
  map_put(&x->f->has, in, 1);
  intptr_t i;
  if (!map_get(&x->c->access.first_fact, in, &i))
    return;
  unsigned flags = 0;
  for (; i >= 0; i = VEC_AT(&x->c->access.facts, access_fact, i).next)
    flags |= VEC_AT(&x->c->access.facts, access_fact, i).flags;
  if (flags & (ACC_W | ACC_A))
    VEC_PUSH(&x->f->writes, LLVMValueRef, in);
}

/* Segment S's instructions, and which of them may run after one that is
 * not quiet: a walk from the segment's start in two states per block. */
static struct seg_facts *facts_of(split_ctx *c, size_t s) {
  if (!c->reload_facts)
    c->reload_facts = gs_xcalloc(c->nsegments, sizeof *c->reload_facts);
  struct seg_facts *f = &c->reload_facts[s];
  if (f->done)
    return f;
  f->done = 1;
  map_init(&f->has);
  vec_init(&f->writes, sizeof(LLVMValueRef));
  map_init(&f->ordered);
  map_init(&f->live_in);
  for (size_t i = 0; s > 0 && i < c->live.live[s - 1].len; i++)
    map_put(&f->live_in, VEC_AT(&c->live.live[s - 1], LLVMValueRef, i), 1);
  size_t nb = c->cfg.blocks.len;
  int *stamp = gs_xcalloc(nb + 1, sizeof *stamp);
  for (size_t i = 0; i < nb; i++)
    stamp[i] = -1;
  gs_vec succs;
  vec_init(&succs, sizeof(int));
  collect_ctx cc = {c, f};
  segment_walk(&c->cfg, s, &succs, collect, &cc, stamp);
  vec_free(&succs);
  /* seen[b]: 1 entered quiet, 2 entered after an ordering instruction */
  memset(stamp, 0, (nb + 1) * sizeof *stamp);
  gs_vec work; /* (instruction, ordered) pairs */
  vec_init(&work, sizeof(intptr_t));
  VEC_PUSH(&work, intptr_t, (intptr_t)segment_start(c, s));
  VEC_PUSH(&work, intptr_t, 0);
  while (work.len) {
    int ordered = (int)VEC_AT(&work, intptr_t, work.len - 1);
    LLVMValueRef in = (LLVMValueRef)VEC_AT(&work, intptr_t, work.len - 2);
    work.len -= 2;
    for (; in; in = LLVMGetNextInstruction(in)) {
      if (map_get(&c->cfg.barrier_site, in, NULL))
        break;
      if (ordered)
        map_put(&f->ordered, in, 1);
      ordered |= !quiet(c, in);
      if (LLVMIsATerminatorInst(in)) {
        for (unsigned k = 0; k < LLVMGetNumSuccessors(in); k++) {
          int b = block_index(c, LLVMGetSuccessor(in, k));
          int bit = ordered ? 2 : 1;
          if (!(stamp[b] & bit)) {
            stamp[b] |= bit;
            VEC_PUSH(&work, intptr_t, (intptr_t)LLVMGetFirstInstruction(LLVMGetSuccessor(in, k)));
            VEC_PUSH(&work, intptr_t, ordered);
          }
        }
        break;
      }
    }
  }
  vec_free(&work);
  free(stamp);
  return f;
}

void reload_free(split_ctx *c) {
  for (size_t s = 0; c->reload_facts && s < c->nsegments; s++)
    if (c->reload_facts[s].done) {
      map_free(&c->reload_facts[s].has);
      vec_free(&c->reload_facts[s].writes);
      map_free(&c->reload_facts[s].live_in);
      map_free(&c->reload_facts[s].ordered);
    }
  free(c->reload_facts);
  c->reload_facts = NULL;
}

static int writes_buffer(const split_ctx *c, LLVMValueRef in, int buffer) {
  intptr_t i;
  if (!map_get(&c->access.first_fact, in, &i))
    return 0;
  for (; i >= 0; i = VEC_AT(&c->access.facts, access_fact, i).next) {
    const access_fact *f = &VEC_AT(&c->access.facts, access_fact, i);
    if (f->buffer == buffer && (f->flags & (ACC_W | ACC_A)))
      return 1;
  }
  return 0;
}

/* Whether every way through segment S from its start, where GUARD (when
 * not NULL) is POLARITY, writes BUFFER (whose writes in S are all the
 * invocation's own address). */
static int stores_on_every_way(split_ctx *c, size_t s, int buffer, LLVMValueRef guard,
                               int polarity) {
  size_t nb = c->cfg.blocks.len;
  char *seen = gs_xcalloc(nb + 1, 1);
  gs_vec work;
  vec_init(&work, sizeof(LLVMValueRef));
  VEC_PUSH(&work, LLVMValueRef, segment_start(c, s));
  int every = 1;
  while (work.len && every) {
    LLVMValueRef in = VEC_AT(&work, LLVMValueRef, --work.len);
    for (; in; in = LLVMGetNextInstruction(in)) {
      if (map_get(&c->cfg.barrier_site, in, NULL) || LLVMIsAReturnInst(in)) {
        every = 0; /* left the segment without the store */
        break;
      }
      if (writes_buffer(c, in, buffer))
        break;
      if (LLVMIsATerminatorInst(in)) {
        unsigned n = LLVMGetNumSuccessors(in);
        for (unsigned k = 0; k < n; k++) {
          if (guard && LLVMIsABranchInst(in) && LLVMIsConditional(in) && (int)k == polarity &&
              same_address(c, LLVMGetCondition(in), guard, 0))
            continue; /* not taken where the guard is POLARITY */
          int b = block_index(c, LLVMGetSuccessor(in, k));
          if (!seen[b]) {
            seen[b] = 1;
            VEC_PUSH(&work, LLVMValueRef, LLVMGetFirstInstruction(LLVMGetSuccessor(in, k)));
          }
        }
        break;
      }
    }
  }
  vec_free(&work);
  free(seen);
  return every;
}

/* The bytes a load reads or a store writes */
static unsigned long long access_bytes(const split_ctx *c, LLVMValueRef in) {
  LLVMTypeRef ty = LLVMIsAStoreInst(in) ? LLVMTypeOf(LLVMGetOperand(in, 0)) : LLVMTypeOf(in);
  return LLVMStoreSizeOfType(c->td, ty);
}

static int live_into(split_ctx *c, size_t s, LLVMValueRef v) {
  return map_get(&facts_of(c, s)->live_in, v, NULL);
}

static int live_out_of(split_ctx *c, size_t s, LLVMValueRef v) {
  for (size_t k = 0; k < c->succs[s].len; k++) {
    int next = VEC_AT(&c->succs[s], int, k);
    if (next != GS_SEGMENT_END && live_into(c, (size_t)next, v))
      return 1;
  }
  return 0;
}

int layout_reload_ok(void *ctxp, LLVMValueRef root, const gs_vec *tree, LLVMValueRef at,
                     LLVMValueRef guard, int polarity) {
  split_ctx *c = ctxp;
  int buffer = reload_one_buffer(c, at);
  if (buffer < 0)
    return 0;
  int store = LLVMIsAStoreInst(at) != NULL;
  LLVMValueRef addr = LLVMGetOperand(at, store ? 1 : 0);
  unsigned long long bytes = access_bytes(c, at);
  for (size_t s = 0; s < c->nsegments; s++) {
    struct seg_facts *f = facts_of(c, s);
    int has = map_get(&f->has, at, NULL), rin = live_into(c, s, root);
    int rout = live_out_of(c, s, root), tin = 0;
    for (size_t k = 0; k < tree->len && !tin; k++) {
      LLVMValueRef v = VEC_AT(tree, LLVMValueRef, k);
      tin = v != root && live_into(c, s, v);
    }
    if (!has && !rin && !rout && !tin)
      continue;
    int writes = 0, other = 0;
    for (size_t i = 0; i < f->writes.len; i++) {
      LLVMValueRef in = VEC_AT(&f->writes, LLVMValueRef, i);
      if (!writes_buffer(c, in, buffer))
        continue;
      writes = 1;
      if (has ? !(store && in == at)
              : !LLVMIsAStoreInst(in) || !quiet(c, in) || map_get(&f->ordered, in, NULL) ||
                    !same_address(c, LLVMGetOperand(in, 1), addr, 0) || access_bytes(c, in) < bytes)
        other = 1;
    }
    if (has) {
      /* the access's own segment: nothing else writes the buffer, and a
       * stored value is the invocation's before any ordering */
      if (other || (store && (rin || map_get(&f->ordered, at, NULL))))
        return 0;
      continue;
    }
    if (!writes)
      continue;
    /* the last segment the value lives into, and it stores there itself */
    if (other || rout || tin || !quiet(c, at) ||
        (rin && !stores_on_every_way(c, s, buffer, guard, polarity)))
      return 0;
  }
  return 1;
}
