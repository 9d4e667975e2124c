/* Barrier sites numbered in reverse post-order, and the segment graph of
 * SPEC section 2. Segment 0 starts at the entry, segment i just after barrier
 * site i; a segment covers what an invocation can execute from its start
 * without crossing a barrier. */
#include "gs.h"

#include <stdlib.h>

static void compute_rpo(kernel_cfg *cfg) {
  LLVMValueRef fn = cfg->fn;
  unsigned nblocks = LLVMCountBasicBlocks(fn);
  gs_map seen;
  map_init(&seen);
  gs_vec post; /* post-order */
  vec_init(&post, sizeof(LLVMBasicBlockRef));
  typedef struct {
    LLVMBasicBlockRef bb;
    unsigned next;
  } frame;
  frame *stack = gs_xcalloc(nblocks + 1, sizeof *stack);
  size_t sp = 0;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  stack[sp++] = (frame){entry, 0};
  map_put(&seen, entry, 1);
  while (sp) {
    frame *f = &stack[sp - 1];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(f->bb);
    unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
    if (f->next < nsucc) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, f->next++);
      if (!map_get(&seen, s, NULL)) {
        map_put(&seen, s, 1);
        stack[sp++] = (frame){s, 0};
      }
    } else {
      VEC_PUSH(&post, LLVMBasicBlockRef, f->bb);
      sp--;
    }
  }
  free(stack);
  map_free(&seen);
  for (size_t i = post.len; i-- > 0;) {
    LLVMBasicBlockRef bb = VEC_AT(&post, LLVMBasicBlockRef, i);
    map_put(&cfg->block_index, bb, (intptr_t)cfg->blocks.len);
    VEC_PUSH(&cfg->blocks, LLVMBasicBlockRef, bb);
  }
  vec_free(&post);
}

gs_error *cfg_build(kernel_cfg *cfg, LLVMValueRef fn, const gs_options *opts) {
  cfg->fn = fn;
  vec_init(&cfg->blocks, sizeof(LLVMBasicBlockRef));
  vec_init(&cfg->barriers, sizeof(LLVMValueRef));
  map_init(&cfg->block_index);
  map_init(&cfg->barrier_site);
  compute_rpo(cfg);
  for (size_t b = 0; b < cfg->blocks.len; b++) {
    LLVMBasicBlockRef bb = VEC_AT(&cfg->blocks, LLVMBasicBlockRef, b);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!ir_is_call(in))
        continue;
      call_kind kind;
      gs_error *err = barrier_classify(opts, in, &kind);
      if (err)
        return err;
      if (kind != CALL_GRID_BARRIER)
        continue;
      if (LLVMIsAInvokeInst(in)) {
        char *where = ir_describe(in);
        err = gs_errorf("grid barrier %s is an invoke; a barrier must be a plain call", where);
        free(where);
        return err;
      }
      VEC_PUSH(&cfg->barriers, LLVMValueRef, in);
      map_put(&cfg->barrier_site, in, (intptr_t)cfg->barriers.len);
    }
  }
  return NULL;
}

void cfg_free(kernel_cfg *cfg) {
  vec_free(&cfg->blocks);
  vec_free(&cfg->barriers);
  map_free(&cfg->block_index);
  map_free(&cfg->barrier_site);
}

static int cmp_succ(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  /* GS_SEGMENT_END sorts last */
  if (x < 0 || y < 0)
    return (x < 0) - (y < 0);
  return (x > y) - (x < y);
}

static void add_succ(gs_vec *succs, int s) {
  for (size_t i = 0; i < succs->len; i++)
    if (VEC_AT(succs, int, i) == s)
      return;
  VEC_PUSH(succs, int, s);
}

void segment_walk(const kernel_cfg *cfg, size_t s, gs_vec *succs, segment_visit_fn visit, void *ctx,
                  int *stamp) {
  gs_vec work; /* block indices entered at their first instruction */
  vec_init(&work, sizeof(int));
  LLVMValueRef start;
  if (s == 0)
    start = LLVMGetFirstInstruction(VEC_AT(&cfg->blocks, LLVMBasicBlockRef, 0));
  else
    start = LLVMGetNextInstruction(VEC_AT(&cfg->barriers, LLVMValueRef, s - 1));
  for (;;) {
    int ended = 0;
    for (LLVMValueRef in = start; in && !ended; in = LLVMGetNextInstruction(in)) {
      intptr_t site;
      if (map_get(&cfg->barrier_site, in, &site)) {
        add_succ(succs, (int)site);
        ended = 1;
        break;
      }
      if (visit)
        visit(ctx, in);
      if (LLVMIsAReturnInst(in)) {
        add_succ(succs, GS_SEGMENT_END);
        ended = 1;
      } else if (LLVMIsATerminatorInst(in)) {
        unsigned n = LLVMGetNumSuccessors(in);
        for (unsigned k = 0; k < n; k++) {
          intptr_t b = 0;
          map_get(&cfg->block_index, LLVMGetSuccessor(in, k), &b);
          if (stamp[b] != (int)s) {
            stamp[b] = (int)s;
            VEC_PUSH(&work, int, (int)b);
          }
        }
        ended = 1;
      }
    }
    if (!work.len)
      break;
    start = LLVMGetFirstInstruction(
        VEC_AT(&cfg->blocks, LLVMBasicBlockRef, VEC_AT(&work, int, --work.len)));
  }
  vec_free(&work);
  /* a segment that ends in `unreachable` has no successor, and an empty
   * vector no storage: qsort's pointer must not be null (C11 7.1.4) */
  if (succs->len)
    qsort(succs->data, succs->len, sizeof(int), cmp_succ);
}

/* SPEC section 2: segment i of kernel K is the function `K.seg<i>`; a kernel
 * without barriers runs as it is. */
char *segment_function_name(const char *kernel, unsigned barriers, size_t s) {
  gs_str n;
  str_init(&n);
  if (barriers)
    str_printf(&n, "%s.seg%zu", kernel, s);
  else
    str_printf(&n, "%s", kernel);
  return str_take(&n);
}

LLVMValueRef segment_function(LLVMModuleRef m, const kernel_result *kr, size_t s) {
  char *name = segment_function_name(kr->name, kr->barriers, s);
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  free(name);
  return fn;
}
