/* The CFG facts the uniformity analysis needs: each block's index,
 * immediate post-dominator and strongly connected component
 * (lib/uniformity_ctx.h). */
#include "uniformity_ctx.h"

#include <stdlib.h>

int block_of(const uniformity *u, LLVMValueRef inst) {
  intptr_t b = -1;
  map_get(&u->cfg->block_index, LLVMGetInstructionParent(inst), &b);
  return (int)b;
}

/* The strongly connected components of the CFG (Tarjan's algorithm, without
 * recursion): blocks that reach one another share a number. */
static void compute_scc(uniformity *u, const gs_vec *succs) {
  size_t n = u->n + 1;
  int *index = gs_xcalloc(n, sizeof(int)), *low = gs_xcalloc(n, sizeof(int));
  int *next = gs_xcalloc(n, sizeof(int)), *call = gs_xcalloc(n, sizeof(int));
  int *stack = gs_xcalloc(n, sizeof(int));
  char *on = gs_xcalloc(n, 1);
  u->scc = gs_xcalloc(n, sizeof(int));
  int counter = 0, nscc = 0;
  size_t sp = 0, cp = 0;
  for (size_t root = 0; root < n; root++) {
    if (index[root])
      continue;
    call[cp++] = (int)root;
    index[root] = low[root] = ++counter;
    stack[sp++] = (int)root;
    on[root] = 1;
    while (cp) {
      int v = call[cp - 1];
      if ((size_t)next[v] < succs[v].len) {
        int w = VEC_AT(&succs[v], int, next[v]++);
        if (!index[w]) {
          index[w] = low[w] = ++counter;
          stack[sp++] = w;
          on[w] = 1;
          call[cp++] = w;
        } else if (on[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      cp--;
      if (cp && low[v] < low[call[cp - 1]])
        low[call[cp - 1]] = low[v];
      if (low[v] == index[v]) {
        int w;
        do {
          w = stack[--sp];
          on[w] = 0;
          u->scc[w] = nscc;
        } while (w != v);
        nscc++;
      }
    }
  }
  free(index);
  free(low);
  free(next);
  free(call);
  free(stack);
  free(on);
}

/* Immediate post-dominators by the iterative algorithm of Cooper, Harvey and
 * Kennedy ("A Simple, Fast Dominance Algorithm", 2001) on the reverse CFG. */
void compute_ipdom(uniformity *u) {
  size_t n = u->n, exit = n;
  gs_vec *succs = gs_xcalloc(n + 1, sizeof *succs); /* reverse-graph predecessors = succs */
  gs_vec *preds = gs_xcalloc(n + 1, sizeof *preds);
  for (size_t i = 0; i <= n; i++) {
    vec_init(&succs[i], sizeof(int));
    vec_init(&preds[i], sizeof(int));
  }
  for (size_t b = 0; b < n; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b));
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned k = 0; k < ns; k++) {
      intptr_t s;
      if (!map_get(&u->cfg->block_index, LLVMGetSuccessor(term, k), &s))
        continue;
      VEC_PUSH(&succs[b], int, (int)s);
      VEC_PUSH(&preds[s], int, (int)b);
    }
    if (!ns) {
      VEC_PUSH(&succs[b], int, (int)exit);
      VEC_PUSH(&preds[exit], int, (int)b);
    }
  }
  /* post-order of the reverse graph from the exit */
  int *order = gs_xcalloc(n + 1, sizeof(int)); /* position in post-order */
  int *byorder = gs_xcalloc(n + 1, sizeof(int));
  char *seen = gs_xcalloc(n + 1, 1);
  int *stack = gs_xcalloc(n + 1, sizeof(int)), *next = gs_xcalloc(n + 1, sizeof(int));
  size_t sp = 0, count = 0;
  stack[sp++] = (int)exit;
  seen[exit] = 1;
  while (sp) {
    int v = stack[sp - 1];
    if ((size_t)next[v] < preds[v].len) {
      int p = VEC_AT(&preds[v], int, next[v]++);
      if (!seen[p]) {
        seen[p] = 1;
        stack[sp++] = p;
      }
    } else {
      order[v] = (int)count;
      byorder[count++] = v;
      sp--;
    }
  }
  u->ipdom = gs_xcalloc(n + 1, sizeof(int));
  for (size_t i = 0; i <= n; i++)
    u->ipdom[i] = -1;
  u->ipdom[exit] = (int)exit;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t k = count; k-- > 0;) {
      int b = byorder[k];
      if ((size_t)b == exit)
        continue;
      int nd = -1;
      for (size_t j = 0; j < succs[b].len; j++) {
        int s = VEC_AT(&succs[b], int, j);
        if (u->ipdom[s] < 0)
          continue;
        if (nd < 0) {
          nd = s;
          continue;
        }
        int x = s, y = nd;
        while (x != y) {
          while (order[x] < order[y])
            x = u->ipdom[x];
          while (order[y] < order[x])
            y = u->ipdom[y];
        }
        nd = x;
      }
      if (nd >= 0 && u->ipdom[b] != nd) {
        u->ipdom[b] = nd;
        changed = 1;
      }
    }
  }
  /* blocks that never reach an exit (endless loops) are post-dominated by it */
  for (size_t b = 0; b < n; b++)
    if (u->ipdom[b] < 0)
      u->ipdom[b] = (int)exit;
  compute_scc(u, succs);
  for (size_t i = 0; i <= n; i++) {
    vec_free(&succs[i]);
    vec_free(&preds[i]);
  }
  free(succs);
  free(preds);
  free(order);
  free(byorder);
  free(seen);
  free(stack);
  free(next);
}

int region_holds(const uniformity *u, LLVMValueRef br, int (*holds)(const uniformity *, size_t)) {
  int from = block_of(u, br);
  if (from < 0)
    return 1;
  int join = u->ipdom[from];
  unsigned char *seen = gs_xcalloc(u->n + 1, 1);
  gs_vec stack;
  vec_init(&stack, sizeof(int));
  for (unsigned k = 0; k < LLVMGetNumSuccessors(br); k++) {
    intptr_t s;
    if (map_get(&u->cfg->block_index, LLVMGetSuccessor(br, k), &s))
      VEC_PUSH(&stack, int, (int)s);
  }
  int found = 0;
  while (stack.len && !found) {
    int b = VEC_AT(&stack, int, --stack.len);
    if (b == join || b < 0 || (size_t)b >= u->n || seen[b])
      continue;
    seen[b] = 1;
    found = holds(u, (size_t)b);
    LLVMValueRef term =
        LLVMGetBasicBlockTerminator(VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, (size_t)b));
    for (unsigned k = 0; term && k < LLVMGetNumSuccessors(term); k++) {
      intptr_t s;
      if (map_get(&u->cfg->block_index, LLVMGetSuccessor(term, k), &s))
        VEC_PUSH(&stack, int, (int)s);
    }
  }
  vec_free(&stack);
  free(seen);
  return found;
}
