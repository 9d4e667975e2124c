/* --dump-after=STEP for the kernel steps (docs/split.md): what a step
 * computed for one kernel, as text for people and FileCheck. Values are
 * printed as LLVM prints them; everything is listed in the kernel's block
 * order, never in a hash map's order. */
#include "split_steps.h"

#include <stdlib.h>

static void put_value(gs_str *o, LLVMValueRef v) {
  char *t = ir_value_text(v);
  str_printf(o, "%s", t);
  free(t);
}

/* the kernel's instructions in block order, for listings that follow it */
#define FOR_EACH_INST(c, bb, i)                                                                    \
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock((c)->kernel); bb;                             \
       bb = LLVMGetNextBasicBlock(bb))                                                             \
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))

static void put_successors(gs_str *o, const gs_vec *succs) {
  if (!succs->len)
    str_printf(o, " none");
  for (size_t k = 0; k < succs->len; k++) {
    int j = VEC_AT(succs, int, k);
    if (j == GS_SEGMENT_END)
      str_printf(o, " end");
    else
      str_printf(o, " %d", j);
  }
}

void dump_segments(gs_str *o, split_ctx *c, const kernel_result *kr) {
  for (size_t i = 0; i < c->cfg.barriers.len; i++) {
    str_printf(o, "barrier %zu: ", i + 1);
    put_value(o, VEC_AT(&c->cfg.barriers, LLVMValueRef, i));
    str_printf(o, "\n");
  }
  for (size_t s = 0; s < kr->nsegments; s++) {
    str_printf(o, "segment %zu: successors", s);
    put_successors(o, &kr->successors[s]);
    str_printf(o, "\n");
  }
}

void dump_uniformity(gs_str *o, split_ctx *c, const kernel_result *kr) {
  (void)kr;
  str_printf(o, "status word: %s\n", c->track_status ? "yes" : "no");
  for (unsigned i = 0; i < c->nparams; i++) {
    LLVMValueRef a = LLVMGetParam(c->kernel, i);
    if (map_get(&c->varying, a, NULL))
      str_printf(o, "varying argument %u '%s'\n", i, vname(a));
  }
  FOR_EACH_INST(c, bb, i) {
    if (map_get(&c->varying, i, NULL)) {
      str_printf(o, "varying: ");
      put_value(o, i);
      str_printf(o, "\n");
    }
  }
}

static const char *space_name(buffer_space s) {
  return s == SPACE_NONE ? "none" : gs_space_name((gs_space)s);
}

void dump_access(gs_str *o, split_ctx *c, const kernel_result *kr) {
  (void)kr;
  for (size_t b = 0; b < c->access.buffers.len; b++) {
    const buffer_desc *d = &VEC_AT(&c->access.buffers, buffer_desc, b);
    str_printf(o, "buffer %zu '%s': ", b, d->name);
    if (d->arg >= 0)
      str_printf(o, "argument %d", d->arg);
    else
      str_printf(o, "global");
    str_printf(o, ", %s\n", space_name(d->space));
  }
  FOR_EACH_INST(c, bb, i) {
    intptr_t f;
    if (!map_get(&c->access.first_fact, i, &f))
      continue;
    for (; f >= 0; f = VEC_AT(&c->access.facts, access_fact, f).next) {
      const access_fact *af = &VEC_AT(&c->access.facts, access_fact, f);
      str_printf(o, "buffer %d %s%s%s%s: ", af->buffer, af->flags & ACC_R ? "R" : "",
                 af->flags & ACC_W ? "W" : "", af->flags & ACC_A ? "A" : "",
                 af->flags & ACC_OWN ? " own" : "");
      put_value(o, i);
      str_printf(o, "\n");
    }
  }
}

void dump_liveness(gs_str *o, split_ctx *c, const kernel_result *kr) {
  (void)kr;
  for (size_t j = 0; j < c->live.nsites; j++) {
    const gs_vec *live = &c->live.live[j];
    str_printf(o, "barrier %zu: %zu live\n", j + 1, live->len);
    for (size_t i = 0; i < live->len; i++) {
      str_printf(o, "  ");
      put_value(o, VEC_AT(live, LLVMValueRef, i));
      str_printf(o, "\n");
    }
  }
}

void dump_remat(gs_str *o, split_ctx *c, const kernel_result *kr) {
  (void)kr;
  for (size_t j = 0; j < c->live.nsites; j++) {
    const gs_vec *live = &c->live.live[j];
    str_printf(o, "barrier %zu:\n", j + 1);
    for (size_t i = 0; i < live->len; i++) {
      LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
      str_printf(o, "  %s: ",
                 LLVMIsAAllocaInst(v)     ? "memory"
                 : remat_ok(&c->remat, v) ? "recomputed"
                                          : "carried");
      put_value(o, v);
      str_printf(o, "\n");
    }
  }
}

static void put_slot(gs_str *o, const state_slot *s) {
  str_printf(o, "  offset %u size %u align %u%s%s: ", s->offset, s->size, s->align,
             s->contents ? " contents" : "", s->once ? " once" : "");
  if (s->wide)
    str_printf(o, "(where the workgroup's x size is below %llu) ", s->wide);
  if (s->value)
    put_value(o, s->value);
  else
    str_printf(o, "status word");
  str_printf(o, "\n");
}

void dump_layout(gs_str *o, split_ctx *c, const kernel_result *kr) {
  str_printf(o, "live state: %u bytes per invocation, header %u bytes, recomputed %u bytes\n",
             c->stride, c->header_bytes, c->recomputed_bytes);
  for (size_t i = 0; i < c->slots.len; i++)
    put_slot(o, &VEC_AT(&c->slots, state_slot, i));
  str_printf(o, "workgroup memory: %u bytes per workgroup, %zu arguments\n", c->wg_bytes,
             c->wg_args.len);
  for (size_t i = 0; i < c->wg_slots.len; i++)
    put_slot(o, &VEC_AT(&c->wg_slots, state_slot, i));
  for (size_t i = 0; i < c->wg_args.len; i++)
    str_printf(o, "  argument %d\n", VEC_AT(&c->wg_args, int, i));
  for (size_t i = 0; i < kr->globals.len; i++) {
    const carried_global *g = &VEC_AT(&kr->globals, carried_global, i);
    str_printf(o, "program-scope '%s': offset %u\n", g->name, g->offset);
  }
}

void dump_clone(gs_str *o, split_ctx *c, const kernel_result *kr) {
  for (size_t s = 0; s < kr->nsegments; s++) {
    char *t = LLVMPrintValueToString(LLVMGetNamedFunction(c->m, c->names[s]));
    str_printf(o, "%s\n", t);
    LLVMDisposeMessage(t);
  }
}
