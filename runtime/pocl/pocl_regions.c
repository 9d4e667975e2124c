/* POCL 3.1 cuts a kernel into parallel regions at its workgroup barriers
 * and at barriers it adds itself (LoopBarriers: on the preheader, header,
 * latches and exiting block of a loop that holds a barrier). Its
 * BarrierTailReplication walks from each barrier block B through the
 * blocks B dominates and copies every block it reaches that B does not
 * dominate, once per edge it reaches it by. Where a branch after B that
 * differs per work-item has two ways into such a block, each way gets its
 * own copy, the branch seems to choose between two barriers, and POCL takes
 * it as its first work-item takes it, for all (FINDINGS.md N6: in a loop,
 * `if (uniform) { barrier; if (differs) v = f(v); }` gave other work-items'
 * results with nothing split).
 *
 * The cure changes no behaviour. For every block M, the edges into M from
 * blocks that a barrier block B dominates, where B does not dominate M,
 * are joined into one edge: first those under B's innermost barriers, then
 * B's, in a new block on the way to M whose phis take M's incoming values.
 * The new block holds an empty side-effecting inline-assembly statement,
 * which keeps LLVM's and POCL's CFG simplification from folding it back.
 * LLVM's simplifycfg, loop-simplify and loop-rotate run first, as in POCL's
 * own pipeline, so that the CFG looked at is the one POCL cuts: an empty
 * block between a branch's join and M would otherwise hide the two edges,
 * and a rotated loop's guard is a second edge into the block after the loop
 * (FINDINGS.md N7).
 *
 * Not covered (FINDINGS.md N3): dominance changes while POCL replicates, so
 * a block reached from two loops' exits is dominated by neither before,
 * but by each in its copy after; edges from its tail into a block the
 * entry also reaches are then copied per edge all the same. */
#include "pocl_builtins.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gridsplit/ir.h"

/* A number per block of a function: its blocks sorted by address, found by
 * bisection */
typedef struct {
  LLVMBasicBlockRef bb;
  intptr_t value;
} block_entry;

typedef struct {
  block_entry *entries;
  size_t n;
} block_map;

static int by_block(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const block_entry *)a)->bb;
  uintptr_t y = (uintptr_t)((const block_entry *)b)->bb;
  return (x > y) - (x < y);
}

/* Every block of FN, numbered VALUE */
static void block_map_init(block_map *m, LLVMValueRef fn, intptr_t value) {
  m->n = LLVMCountBasicBlocks(fn);
  m->entries = malloc((m->n ? m->n : 1) * sizeof *m->entries);
  if (!m->entries)
    abort();
  size_t i = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    m->entries[i++] = (block_entry){bb, value};
  qsort(m->entries, m->n, sizeof *m->entries, by_block);
}

/* BB's number (BB a block of the map's function) */
static intptr_t *block_map_at(const block_map *m, LLVMBasicBlockRef bb) {
  block_entry key = {bb, 0};
  block_entry *e = bsearch(&key, m->entries, m->n, sizeof *m->entries, by_block);
  return &e->value;
}

static void block_map_free(block_map *m) { free(m->entries); }

/* A growing list of block numbers */
typedef struct {
  int *v;
  size_t len, cap;
} int_list;

static void int_list_push(int_list *l, int x) {
  if (l->len == l->cap) {
    l->v = realloc(l->v, (l->cap = l->cap ? 2 * l->cap : 4) * sizeof *l->v);
    if (!l->v)
      abort();
  }
  l->v[l->len++] = x;
}

typedef struct {
  size_t n;                 /* reachable blocks, in reverse post-order */
  LLVMBasicBlockRef *block; /* by RPO number */
  block_map number;         /* block -> RPO number */
  int_list *preds;          /* per block: each distinct predecessor once */
  int *idom;                /* immediate dominator; the entry's is itself */
} fn_cfg;

static unsigned successor_count(LLVMBasicBlockRef bb) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  return t ? LLVMGetNumSuccessors(t) : 0;
}

static LLVMBasicBlockRef successor(LLVMBasicBlockRef bb, unsigned i) {
  return LLVMGetSuccessor(LLVMGetBasicBlockTerminator(bb), i);
}

/* Whether BB calls a workgroup barrier (the SPIR target's classifier). */
static int holds_barrier(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    if (LLVMIsACallInst(i) && gs_spir_is_workgroup_barrier(i))
      return 1;
  }
  return 0;
}

/* Reverse post-order by an explicit depth-first walk, and predecessors. */
static void number_blocks(fn_cfg *c, LLVMValueRef fn) {
  size_t total = LLVMCountBasicBlocks(fn);
  LLVMBasicBlockRef *post = malloc(total * sizeof *post);
  LLVMBasicBlockRef *stack = malloc(total * sizeof *stack);
  unsigned *next = malloc(total * sizeof *next);
  block_map seen;
  block_map_init(&seen, fn, 0);
  size_t depth = 0, done = 0;
  stack[depth] = LLVMGetEntryBasicBlock(fn);
  next[depth++] = 0;
  *block_map_at(&seen, stack[0]) = 1;
  while (depth) {
    LLVMBasicBlockRef bb = stack[depth - 1];
    if (next[depth - 1] < successor_count(bb)) {
      LLVMBasicBlockRef s = successor(bb, next[depth - 1]++);
      if (!*block_map_at(&seen, s)) {
        *block_map_at(&seen, s) = 1;
        next[depth] = 0;
        stack[depth++] = s;
      }
      continue;
    }
    post[done++] = bb;
    depth--;
  }
  c->n = done;
  c->block = malloc(done * sizeof *c->block);
  block_map_init(&c->number, fn, -1);
  for (size_t i = 0; i < done; i++) {
    c->block[i] = post[done - 1 - i];
    *block_map_at(&c->number, c->block[i]) = (intptr_t)i;
  }
  c->preds = calloc(done ? done : 1, sizeof *c->preds);
  for (size_t p = 0; p < done; p++)
    for (unsigned s = 0; s < successor_count(c->block[p]); s++) {
      intptr_t to = *block_map_at(&c->number, successor(c->block[p], s));
      int_list *v = &c->preds[to];
      if (!v->len || v->v[v->len - 1] != (int)p)
        int_list_push(v, (int)p);
    }
  block_map_free(&seen);
  free(next);
  free(stack);
  free(post);
}

/* Dominators by the iterative algorithm of Cooper, Harvey and Kennedy. */
static void dominators(fn_cfg *c) {
  c->idom = malloc(c->n * sizeof *c->idom);
  for (size_t i = 0; i < c->n; i++)
    c->idom[i] = -1;
  c->idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 1; i < c->n; i++) {
      int best = -1;
      for (size_t k = 0; k < c->preds[i].len; k++) {
        int p = c->preds[i].v[k];
        if (c->idom[p] < 0)
          continue;
        int a = p, b = best;
        while (b >= 0 && a != b) {
          while (a > b)
            a = c->idom[a];
          while (b > a)
            b = c->idom[b];
        }
        best = a;
      }
      if (best >= 0 && c->idom[i] != best) {
        c->idom[i] = best;
        changed = 1;
      }
    }
  }
}

static int dominates(const fn_cfg *c, int a, int b) {
  while (b > a)
    b = c->idom[b];
  return a == b;
}

/* Marks in START what POCL's LoopBarriers gives a barrier in the natural
 * loop of header H, if the loop holds a barrier: the header, the
 * preheader, the latches and the one exiting block. IN_LOOP and WORK are
 * scratch arrays of c->n. */
static void loop_barriers(const fn_cfg *c, int h, int *start, int *in_loop, int *work) {
  memset(in_loop, 0, c->n * sizeof *in_loop);
  size_t nwork = 0;
  const int_list *hp = &c->preds[h];
  for (size_t k = 0; k < hp->len; k++) {
    int p = hp->v[k];
    if (dominates(c, h, p) && !in_loop[p]) {
      in_loop[p] = 1;
      work[nwork++] = p;
    }
  }
  if (!nwork)
    return; /* not a loop header */
  in_loop[h] = 1;
  while (nwork) {
    const int_list *bp = &c->preds[work[--nwork]];
    for (size_t k = 0; k < bp->len; k++) {
      int p = bp->v[k];
      if (!in_loop[p]) {
        in_loop[p] = 1;
        work[nwork++] = p;
      }
    }
  }
  int barrier = 0, exiting = -1, nexiting = 0;
  for (size_t i = 0; i < c->n; i++) {
    if (!in_loop[i])
      continue;
    barrier |= holds_barrier(c->block[i]);
    for (unsigned s = 0; s < successor_count(c->block[i]); s++) {
      intptr_t to = *block_map_at(&c->number, successor(c->block[i], s));
      if (!in_loop[to]) {
        exiting = (int)i;
        nexiting++;
        break;
      }
    }
  }
  if (!barrier)
    return;
  start[h] = 1;
  if (nexiting == 1)
    start[exiting] = 1;
  int pre = -1, outside = 0;
  for (size_t k = 0; k < hp->len; k++) {
    int p = hp->v[k];
    if (in_loop[p])
      start[p] = 1; /* a latch */
    else
      pre = p, outside++;
  }
  if (outside == 1)
    start[pre] = 1;
}

/* Per block: whether it holds a barrier, written or POCL's (a block with a
 * barrier anywhere counts as one: the edges out of it leave after it). */
static int *barrier_blocks(const fn_cfg *c) {
  int *barrier = calloc(c->n, sizeof *barrier);
  int *in_loop = malloc(c->n * sizeof *in_loop);
  int *work = malloc(c->n * sizeof *work);
  for (size_t i = 0; i < c->n; i++)
    barrier[i] = holds_barrier(c->block[i]);
  for (size_t h = 0; h < c->n; h++)
    loop_barriers(c, (int)h, barrier, in_loop, work);
  free(work);
  free(in_loop);
  return barrier;
}

/* FN's reachable blocks, predecessors and dominators into C; returns the
 * barrier blocks (barrier_blocks), which the caller frees. */
static int *fn_cfg_build(fn_cfg *c, LLVMValueRef fn) {
  number_blocks(c, fn);
  dominators(c);
  return barrier_blocks(c);
}

static void fn_cfg_free(fn_cfg *c) {
  for (size_t i = 0; i < c->n; i++)
    free(c->preds[i].v);
  free(c->preds);
  free(c->block);
  free(c->idom);
  block_map_free(&c->number);
}

/* Joins the edges from the blocks GROUP (NG of them) into M in a new block
 * that goes on to M; M's phis take the group's values through phis there. */
static LLVMBasicBlockRef join_edges(LLVMBuilderRef b, LLVMBasicBlockRef m, LLVMBasicBlockRef *group,
                                    size_t ng) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(m)));
  LLVMBasicBlockRef j = LLVMInsertBasicBlockInContext(ctx, m, "gs.region.join");
  LLVMValueRef phi = LLVMGetFirstInstruction(m);
  while (phi && LLVMIsAPHINode(phi)) {
    LLVMValueRef after = LLVMGetNextInstruction(phi);
    LLVMPositionBuilderAtEnd(b, j);
    LLVMValueRef inner = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef outer = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    LLVMAddIncoming(outer, &inner, &j, 1);
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
      LLVMValueRef v = LLVMGetIncomingValue(phi, i);
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
      int in_group = 0;
      for (size_t g = 0; g < ng; g++)
        in_group |= group[g] == from;
      LLVMAddIncoming(in_group ? inner : outer, &v, &from, 1);
    }
    LLVMReplaceAllUsesWith(phi, outer);
    LLVMInstructionEraseFromParent(phi);
    phi = after;
  }
  LLVMPositionBuilderAtEnd(b, j);
  LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  LLVMBuildCall2(b, ft, LLVMGetInlineAsm(ft, "", 0, "", 0, 1, 0, LLVMInlineAsmDialectATT, 0), NULL,
                 0, "");
  LLVMBuildBr(b, m);
  for (size_t g = 0; g < ng; g++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(group[g]);
    for (unsigned s = 0; s < LLVMGetNumSuccessors(t); s++)
      if (LLVMGetSuccessor(t, s) == m)
        LLVMSetSuccessor(t, s, j);
  }
  return j;
}

/* Whether every edge into block I comes from a br or a switch (the
 * terminators whose successors join_edges can redirect). */
static int plain_edges(const fn_cfg *c, size_t i) {
  for (size_t k = 0; k < c->preds[i].len; k++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->block[c->preds[i].v[k]]);
    if (!LLVMIsABranchInst(t) && !LLVMIsASwitchInst(t))
      return 0;
  }
  return 1;
}

/* An edge into the block being joined: its source, and the barrier blocks
 * that dominate the source but not the joined block, outermost first. */
typedef struct {
  LLVMBasicBlockRef from;
  int *chain;
  size_t len;
} edge_source;

/* Joins the sources S[0..N) whose chains agree below depth D by their
 * barrier at depth D, innermost first, so that each barrier dominates at
 * most one edge into M; the joined sources are replaced in S by their join
 * block. Returns the new count. */
static size_t join_sources(LLVMBuilderRef b, LLVMBasicBlockRef m, edge_source *s, size_t n,
                           size_t d, size_t *joins) {
  size_t kept = 0;
  edge_source *part = malloc(n * sizeof *part);
  LLVMBasicBlockRef *blocks = malloc(n * sizeof *blocks);
  for (size_t k = 0; k < n; k++) {
    if (s[k].len <= d || !s[k].from) {
      if (s[k].from)
        s[kept++] = s[k];
      continue;
    }
    /* every later source under the same barrier at depth D */
    int bar = s[k].chain[d];
    size_t np = 0;
    for (size_t l = k; l < n; l++)
      if (s[l].from && s[l].len > d && s[l].chain[d] == bar) {
        part[np++] = s[l];
        s[l].from = NULL;
      }
    np = join_sources(b, m, part, np, d + 1, joins);
    if (np > 1) {
      for (size_t l = 0; l < np; l++)
        blocks[l] = part[l].from;
      part[0].from = join_edges(b, m, blocks, np);
      part[0].len = d + 1;
      (*joins)++;
    }
    for (size_t l = 0; l < (np > 1 ? 1 : np); l++)
      s[kept++] = part[l];
  }
  free(blocks);
  free(part);
  return kept;
}

static size_t join_function(LLVMBuilderRef b, LLVMValueRef fn) {
  fn_cfg c;
  int *barrier = fn_cfg_build(&c, fn);
  size_t joins = 0;
  edge_source *s = malloc(c.n * sizeof *s);
  int **owned = malloc(c.n * sizeof *owned);
  for (size_t i = 1; i < c.n; i++) {
    const int_list *ps = &c.preds[i];
    if (!plain_edges(&c, i))
      continue;
    size_t n = 0, deep = 0;
    for (size_t k = 0; k < ps->len; k++) {
      int p = ps->v[k];
      /* the barriers from p up to the nearest block dominating block i,
       * stored outermost first */
      size_t len = 0;
      for (int x = p; !dominates(&c, x, (int)i); x = c.idom[x])
        len += barrier[x] != 0;
      int *chain = malloc((len ? len : 1) * sizeof *chain);
      size_t at = len;
      for (int x = p; !dominates(&c, x, (int)i); x = c.idom[x])
        if (barrier[x])
          chain[--at] = x;
      owned[n] = chain;
      s[n++] = (edge_source){c.block[p], chain, len};
      deep += len > 0;
    }
    if (deep > 1)
      join_sources(b, c.block[i], s, n, 0, &joins);
    for (size_t k = 0; k < n; k++)
      free(owned[k]);
  }
  free(owned);
  free(s);
  free(barrier);
  fn_cfg_free(&c);
  return joins;
}

/* Into OUT (WORDS words): the barriers an edge from block P carries, P
 * itself where it is a barrier block, else what reaches P (REACH). */
static void edge_carries(const int *barrier, const uint64_t *reach, size_t words, int p,
                         uint64_t *out) {
  memset(out, 0, words * sizeof *out);
  if (barrier[p])
    out[p / 64] = 1ull << (p % 64);
  else
    memcpy(out, reach + (size_t)p * words, words * sizeof *out);
}

/* The barrier blocks (and the entry) that reach each block by a path with
 * no other barrier on it, as bit rows of c->n bits: row i of REACH. */
static uint64_t *reaching_barriers(const fn_cfg *c, const int *barrier, size_t words) {
  uint64_t *reach = calloc(c->n * words, sizeof *reach);
  uint64_t *out = malloc(words * sizeof *out);
  reach[0] = 1; /* the entry reaches itself */
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < c->n; i++) {
      uint64_t *row = reach + i * words;
      for (size_t k = 0; k < c->preds[i].len; k++) {
        int p = c->preds[i].v[k];
        edge_carries(barrier, reach, words, p, out);
        for (size_t w = 0; w < words; w++)
          if ((row[w] | out[w]) != row[w]) {
            row[w] |= out[w];
            changed = 1;
          }
      }
    }
  }
  free(out);
  return reach;
}

/* After join_function: where the edges into a block come from different
 * sets of barriers, the edges of each set are joined into one (N3: the
 * tail after two loops' exits, with edges into the block the guard in the
 * entry reaches too; POCL copies that tail per loop exit, and then the
 * copies' edges per edge). */
static size_t join_by_reach(LLVMBuilderRef b, LLVMValueRef fn) {
  fn_cfg c;
  int *barrier = fn_cfg_build(&c, fn);
  size_t words = (c.n + 63) / 64, joins = 0;
  uint64_t *reach = reaching_barriers(&c, barrier, words);
  uint64_t *from = malloc(c.n * words * sizeof *from); /* per predecessor: what its edge carries */
  LLVMBasicBlockRef *group = malloc(c.n * sizeof *group);
  int *done = malloc(c.n * sizeof *done);
  for (size_t i = 1; i < c.n; i++) {
    const int_list *ps = &c.preds[i];
    if (ps->len < 3 || !plain_edges(&c, i))
      continue;
    for (size_t k = 0; k < ps->len; k++) {
      int p = ps->v[k];
      edge_carries(barrier, reach, words, p, from + k * words);
      done[k] = 0;
    }
    /* more than one set among the edges? */
    size_t first_other = 1;
    while (first_other < ps->len && !memcmp(from, from + first_other * words, words * sizeof *from))
      first_other++;
    if (first_other == ps->len)
      continue;
    for (size_t k = 0; k < ps->len; k++) {
      if (done[k])
        continue;
      size_t ng = 0;
      for (size_t l = k; l < ps->len; l++)
        if (!done[l] && !memcmp(from + k * words, from + l * words, words * sizeof *from)) {
          done[l] = 1;
          group[ng++] = c.block[ps->v[l]];
        }
      if (ng > 1) {
        join_edges(b, c.block[i], group, ng);
        joins++;
      }
    }
  }
  free(done);
  free(group);
  free(from);
  free(reach);
  free(barrier);
  fn_cfg_free(&c);
  return joins;
}

gs_error *pocl_join_region_edges(LLVMModuleRef m, size_t *joins) {
  /* the CFG in the form POCL's LoopBarriers and BarrierTailReplication see */
  gs_error *err = gs_run_passes(
      m, "function(simplifycfg,loop-simplify,lcssa,loop(loop-rotate),simplifycfg,loop-simplify)",
      "simplifying the CFG for POCL");
  if (err)
    return err;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  *joins = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) {
      *joins += join_function(b, f);
      *joins += join_by_reach(b, f);
    }
  LLVMDisposeBuilder(b);
  return NULL;
}
