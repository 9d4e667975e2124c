/* gridsplit: each entry point of a Vulkan module lists only the global
 * variables its own functions use (spirv_prune_interfaces: W, N words, in
 * place; the new count, N when nothing could be done).
 *
 * LLVM 22's SPIR-V backend lists every global variable of the module in the
 * interface of every entry point (SPIR-V 1.4 asks for the ones it uses; more
 * are allowed). NVIDIA's driver then gives each pipeline the workgroup
 * memory of every segment: each of cg's pipelines had 7264 bytes where its
 * own arrays take 1036, and the step shader, which has none, 7264 too.
 * Fewer workgroups fit on a multiprocessor, and with them the physical
 * workgroups of a virtual-workgroup dispatch: on the H200 cg's stencil
 * segment took 221 us a dispatch at 2^24 with the module as the backend
 * wrote it and 145 us with each interface pruned (bench/gpu/README.md).
 *
 * What an entry point uses: the global variables named by a word of its
 * function or of a function reachable from it through words naming
 * functions (OpFunctionCall's callee, and any other word that happens to
 * equal a function's id). Every operand word is looked at, literals too, so
 * a use is never missed; a literal that equals a variable's id only keeps
 * that variable. A variable that a module-level constant (a composite, a
 * specialization constant's operation) or another variable's initializer
 * names is kept everywhere: a function that uses those uses it. */
#include "gs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
  OP_ENTRY_POINT = 15,
  OP_CONSTANT_COMPOSITE = 44,
  OP_SPEC_CONSTANT_COMPOSITE = 51,
  OP_SPEC_CONSTANT_OP = 52,
  OP_FUNCTION = 54,
  OP_FUNCTION_END = 56,
  OP_VARIABLE = 59,
  MAX_BOUND = 1u << 22
};

enum { GLOBAL = 1, EVERYWHERE = 2, FUNCTION = 4 };

typedef struct {
  const uint32_t *w;
  uint32_t bound;      /* the module's id bound: KIND and SEEN's length */
  unsigned char *kind; /* per id: GLOBAL, EVERYWHERE, FUNCTION */
  uint32_t *start;     /* per function id: the word of its OpFunction */
  uint32_t *seen;      /* per id: the last entry point (1-based) that reached it */
  uint32_t *stack;
} prune;

/* marks with STAMP every global variable the function tree from FN names */
static void reach(prune *p, uint32_t fn, uint32_t stamp, size_t n) {
  size_t top = 0;
  p->seen[fn] = stamp;
  p->stack[top++] = fn;
  while (top) {
    size_t i = p->start[p->stack[--top]];
    for (;;) {
      uint32_t count = p->w[i] >> 16, op = p->w[i] & 0xffff;
      /* every operand word; a literal past the bound (Aligned 1048576,
       * a loop's PartialCount) names nothing */
      for (uint32_t k = 1; k < count; k++) {
        uint32_t x = p->w[i + k];
        if (x >= p->bound || !p->kind[x] || p->seen[x] == stamp)
          continue;
        p->seen[x] = stamp;
        if (p->kind[x] & FUNCTION)
          p->stack[top++] = x;
      }
      i += count;
      if (op == OP_FUNCTION_END || i >= n)
        break;
    }
  }
}

size_t spirv_prune_interfaces(uint32_t *w, size_t n) {
  if (n < 5 || w[3] > MAX_BOUND)
    return n;
  uint32_t bound = w[3];
  prune p = {w,
             bound,
             calloc(bound, 1),
             calloc(bound, sizeof(uint32_t)),
             calloc(bound, sizeof(uint32_t)),
             calloc(bound + 1, sizeof(uint32_t))};
  int ok = p.kind && p.start && p.seen && p.stack;
  int in_function = 0;
  for (size_t i = 5; ok && i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (!count || count > n - i) {
      ok = 0; /* not SPIR-V as expected: left as it is, to the validator */
      break;
    }
    if (op == OP_FUNCTION && count >= 5 && w[i + 2] < bound) {
      in_function = 1;
      p.kind[w[i + 2]] |= FUNCTION;
      p.start[w[i + 2]] = (uint32_t)i;
    } else if (op == OP_FUNCTION_END) {
      in_function = 0;
    } else if (!in_function && op == OP_VARIABLE && count >= 4 && w[i + 2] < bound) {
      p.kind[w[i + 2]] |= GLOBAL;
    }
    i += count;
  }
  /* a variable a constant or another variable's initializer names (a
   * function using them uses it) is kept everywhere */
  in_function = 0;
  for (size_t i = 5; ok && i < n; i += w[i] >> 16) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    in_function = op == OP_FUNCTION ? 1 : op == OP_FUNCTION_END ? 0 : in_function;
    uint32_t from = op == OP_VARIABLE                                                 ? 4
                    : op == OP_CONSTANT_COMPOSITE || op == OP_SPEC_CONSTANT_COMPOSITE ? 3
                    : op == OP_SPEC_CONSTANT_OP                                       ? 4
                                                                                      : count;
    for (uint32_t k = from; !in_function && k < count; k++)
      if (w[i + k] < bound && (p.kind[w[i + k]] & GLOBAL))
        p.kind[w[i + k]] |= EVERYWHERE;
  }
  uint32_t *out = ok ? malloc(n * sizeof *out) : NULL;
  ok = ok && out;
  size_t o = 5;
  uint32_t stamp = 0;
  if (ok)
    memcpy(out, w, 5 * sizeof *w);
  for (size_t i = 5; ok && i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    size_t at = o;
    if (op != OP_ENTRY_POINT || count < 4 || w[i + 2] >= bound || !(p.kind[w[i + 2]] & FUNCTION)) {
      memcpy(out + o, w + i, count * sizeof *w);
      o += count;
      i += count;
      continue;
    }
    reach(&p, w[i + 2], ++stamp, n);
    /* the name: words up to the one that holds its terminating zero byte */
    uint32_t k = 3;
    while (k < count) {
      uint32_t x = w[i + k++];
      if (!(x & 0xff) || !(x & 0xff00) || !(x & 0xff0000) || !(x & 0xff000000))
        break;
    }
    memcpy(out + o, w + i, k * sizeof *w);
    o += k;
    for (; k < count; k++) {
      uint32_t x = w[i + k];
      if (x >= bound || !(p.kind[x] & GLOBAL) || (p.kind[x] & EVERYWHERE) || p.seen[x] == stamp)
        out[o++] = x;
    }
    out[at] = ((uint32_t)(o - at) << 16) | OP_ENTRY_POINT;
    i += count;
  }
  if (ok)
    memcpy(w, out, o * sizeof *w);
  free(out);
  free(p.kind);
  free(p.start);
  free(p.seen);
  free(p.stack);
  return ok ? o : n;
}
