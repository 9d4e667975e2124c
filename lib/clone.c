/* One segment: a copy of the kernel entered at the segment's start (its
 * entry block loads what is live there, the control word picks where to
 * resume) and left at each barrier that ends it (its exits store what is live
 * after, and say which segment runs next). */
#include "split_steps.h"

#include <llvm-c/DebugInfo.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMValueRef last_barrier_in(const split_ctx *c, LLVMBasicBlockRef bb) {
  LLVMValueRef last = NULL;
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
    if (map_get(&c->cfg.barrier_site, in, NULL))
      last = in;
  return last;
}

static int add_piece(seg_builder *sb, const void *key, LLVMBasicBlockRef orig, LLVMValueRef first) {
  intptr_t i;
  if (map_get(&sb->piece_of, key, &i))
    return (int)i;
  piece p = {key, orig, first, NULL, 0};
  VEC_PUSH(&sb->pieces, piece, p);
  map_put(&sb->piece_of, key, (intptr_t)sb->pieces.len - 1);
  return (int)sb->pieces.len - 1;
}

static void discover_pieces(seg_builder *sb) {
  split_ctx *c = sb->c;
  if (sb->s == 0) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->kernel);
    add_piece(sb, entry, entry, LLVMGetFirstInstruction(entry));
  } else {
    LLVMValueRef bar = VEC_AT(&c->cfg.barriers, LLVMValueRef, sb->s - 1);
    add_piece(sb, bar, LLVMGetInstructionParent(bar), LLVMGetNextInstruction(bar));
  }
  for (size_t p = 0; p < sb->pieces.len; p++) {
    piece *pc = &VEC_AT(&sb->pieces, piece, p);
    for (LLVMValueRef in = pc->first; in; in = LLVMGetNextInstruction(in)) {
      intptr_t site;
      if (map_get(&c->cfg.barrier_site, in, &site)) {
        VEC_AT(&sb->pieces, piece, p).end_site = (int)site;
        break;
      }
      map_put(&sb->defined, in, 1);
      if (LLVMIsATerminatorInst(in)) {
        unsigned n = LLVMGetNumSuccessors(in);
        for (unsigned k = 0; k < n; k++) {
          LLVMBasicBlockRef succ = LLVMGetSuccessor(in, k);
          add_piece(sb, succ, succ, LLVMGetFirstInstruction(succ));
        }
        break;
      }
    }
  }
}

/* A constant of the kernel in the segment: workgroup variables, and the
 * constant expressions built on them, are the segment's own. */
static LLVMValueRef map_constant(void *ctx, LLVMValueRef v) {
  seg_builder *sb = ctx;
  if (LLVMIsAGlobalVariable(v))
    return sb->c->t->global_space(LLVMGetPointerAddressSpace(LLVMTypeOf(v))) == SPACE_WORKGROUP
               ? state_segment_local(sb, v)
               : v;
  if (!LLVMIsAConstantExpr(v))
    return v;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
    return v;
  LLVMValueRef base = LLVMGetOperand(v, 0), mapped = map_constant(sb, base);
  if (mapped == base)
    return v;
  if (op == LLVMBitCast)
    return LLVMConstPointerCast(mapped, LLVMTypeOf(v));
  if (op == LLVMAddrSpaceCast)
    return LLVMConstAddrSpaceCast(mapped, LLVMTypeOf(v));
  unsigned n = (unsigned)LLVMGetNumOperands(v) - 1;
  LLVMValueRef *idx = gs_xcalloc(n + 1, sizeof *idx);
  for (unsigned i = 0; i < n; i++)
    idx[i] = LLVMGetOperand(v, i + 1);
  LLVMTypeRef src = LLVMGetGEPSourceElementType(v);
  LLVMValueRef r = LLVMIsInBounds(v) ? LLVMConstInBoundsGEP2(src, mapped, idx, n)
                                     : LLVMConstGEP2(src, mapped, idx, n);
  free(idx);
  return r;
}

/* The invocation's status word (its next segment: docs/split.md), a column
 * of i32 in the live state */
static LLVMValueRef status_ptr(seg_builder *sb) {
  return state_ptr(sb, (unsigned)sb->c->status_offset, 4, LLVMInt32TypeInContext(sb->c->ctx));
}

/* The value of original V in the segment, for a use just before BEFORE (or
 * at the builder's position when BEFORE is NULL). */
static LLVMValueRef lookup(seg_builder *sb, LLVMValueRef v, LLVMValueRef before) {
  intptr_t x;
  if (LLVMIsAArgument(v)) {
    for (unsigned i = 0; i < sb->c->nparams; i++)
      if (LLVMGetParam(sb->c->kernel, i) == v)
        return LLVMGetParam(sb->fn, i);
  }
  if (map_get(&sb->demoted, v, &x)) {
    if (before)
      LLVMPositionBuilderBefore(sb->b, before);
    return LLVMBuildLoad2(sb->b, LLVMTypeOf(v), (LLVMValueRef)x, "");
  }
  if (map_get(&sb->vmap, v, &x) || map_get(&sb->entry_val, v, &x))
    return (LLVMValueRef)x;
  if (LLVMIsAConstant(v))
    return map_constant(sb, v);
  if (!LLVMIsAInstruction(v))
    return v;
  if (!sb->err) {
    char *what = ir_describe(v);
    sb->err = gs_errorf("kernel '%s', segment %zu: internal error: %s is not available",
                        vname(sb->c->kernel), sb->s, what);
    free(what);
  }
  return LLVMGetUndef(LLVMTypeOf(v));
}

/* Leaves the segment: straight out, or through the epilogue that saves
 * workgroup memory, which every invocation of the workgroup must reach. */
static void build_return(seg_builder *sb) {
  if (sb->epilogue)
    LLVMBuildBr(sb->b, sb->epilogue);
  else
    LLVMBuildRetVoid(sb->b);
}

/* A pointer into buffers carried across a barrier is reloaded from the live
 * state: the load says which kernel arguments it may point into (the
 * pointer's bases in the kernel), so that the roles of the emitted segments
 * still see the accesses through it (provenance.c, GS_CARRY_MD). A base that
 * is not an argument makes every pointer argument a candidate. */
static void tag_carried_pointer(split_ctx *c, LLVMValueRef v, LLVMValueRef load) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
    return;
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(v, &bases);
  int all = 0;
  LLVMMetadataRef *ops = gs_xcalloc(c->nparams + 1, sizeof *ops);
  char *listed = gs_xcalloc(c->nparams + 1, 1);
  for (size_t i = 0; i < bases.len; i++) {
    LLVMValueRef b = VEC_AT(&bases, LLVMValueRef, i);
    int found = 0;
    for (unsigned a = 0; a < c->nparams && !found; a++)
      if (LLVMGetParam(c->kernel, a) == b)
        found = 1, listed[a] = 1;
    all |= !found;
  }
  unsigned n = 0;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->ctx);
  for (unsigned a = 0; a < c->nparams; a++)
    if (listed[a] ||
        (all && LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(c->kernel, a))) == LLVMPointerTypeKind))
      ops[n++] = LLVMValueAsMetadata(LLVMConstInt(i32, a, 0));
  unsigned kind = LLVMGetMDKindIDInContext(c->ctx, GS_CARRY_MD, (unsigned)strlen(GS_CARRY_MD));
  LLVMSetMetadata(load, kind, LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, ops, n)));
  free(ops);
  free(listed);
  vec_free(&bases);
}

static void build_entry(seg_builder *sb, LLVMBasicBlockRef entry, LLVMBasicBlockRef cont) {
  split_ctx *c = sb->c;
  LLVMContextRef ctx = c->ctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMPositionBuilderAtEnd(sb->b, entry);
  const gs_vec *live = sb->s ? &c->live.live[sb->s - 1] : NULL;
  /* private copies of carried allocas, and slots of demoted values: both in
   * the entry block, so that they are static allocas */
  for (size_t i = 0; live && i < live->len; i++) {
    LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
    if (LLVMIsAAllocaInst(v)) {
      LLVMValueRef a =
          LLVMBuildArrayAlloca(sb->b, LLVMGetAllocatedType(v), LLVMGetOperand(v, 0), vname(v));
      LLVMSetAlignment(a, LLVMGetAlignment(v));
      /* the builder puts allocas in the data layout's alloca space (A5 on
       * AMDGPU); an input alloca elsewhere keeps its own pointer type */
      if (LLVMTypeOf(a) != LLVMTypeOf(v))
        a = LLVMBuildAddrSpaceCast(sb->b, a, LLVMTypeOf(v), "");
      map_put(&sb->entry_val, v, (intptr_t)a);
    }
    if (map_get(&sb->defined, v, NULL))
      map_put(&sb->demoted, v, (intptr_t)LLVMBuildAlloca(sb->b, LLVMTypeOf(v), "gs.demoted"));
  }
  /* after the allocas, which stay static; with virtual workgroups the
   * guard sits before the loop (lib/virtual.c) */
  if (c->dynamic && !c->virtual_wg)
    control_build_guard(sb->b, sb->fn, sb->control, (unsigned)sb->s, NULL, NULL);
  if (c->has_state) {
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
    LLVMValueRef hdr = LLVMConstInt(i64, c->header_bytes, 0);
    /* a column per carried value (state_ptr) */
    sb->lin = target_linear(sb->b, c->m, c->t, Q_GLOBAL_ID, Q_GLOBAL_SIZE);
    sb->ninv = target_product(sb->b, c->m, c->t, Q_GLOBAL_SIZE);
    LLVMValueRef state = LLVMGetParam(sb->fn, c->nparams);
    if (c->dynamic) {
      /* values carried once have two copies: launch L of the schedule
       * reads copy L % 2, which launch L - 1 wrote, and writes the other,
       * so that no invocation overwrites what a slower one has yet to read
       * (control[GS_CONTROL_LAUNCH] counts the launches that ran) */
      LLVMValueRef counter;
      if (c->virtual_wg && c->t->hoist_launch_reads) {
        /* the guard reads it, or a replayed launch has it in the order
         * argument (virtualize_segment) */
        LLVMTypeRef fty = LLVMFunctionType(i32, NULL, 0, 0);
        LLVMValueRef fn = LLVMGetNamedFunction(c->m, GS_LAUNCH_NAME);
        if (!fn)
          fn = LLVMAddFunction(c->m, GS_LAUNCH_NAME, fty);
        counter = LLVMBuildCall2(sb->b, fty, fn, NULL, 0, "gs.launch");
      } else {
        counter = LLVMBuildLoad2(sb->b, i32, control_word_at(sb->b, sb->control, GS_CONTROL_LAUNCH),
                                 "gs.launch");
        state_mark_launch_invariant(counter);
        if (c->virtual_wg) {
          /* a replayed launch has its number in the order argument. Here,
           * not in the guard, where the target does not issue the
           * launch-invariant reads together: on NVIDIA's Vulkan driver a
           * phi of the guard's read took cg at 2^24 from 88.1 to 92.4 ms
           * (H200) */
          LLVMValueRef order = LLVMGetParam(sb->fn, c->virtual_arg + GS_VIRTUAL_ORDER);
          counter = LLVMBuildSelect(
              sb->b, control_order_bit(sb->b, order, GS_ORDER_REPLAY, "gs.replay"),
              LLVMBuildLShr(sb->b, order, LLVMConstInt(i32, GS_ORDER_LAUNCH_SHIFT, 0), ""), counter,
              "gs.launch");
        }
        ir_mark(counter, GS_LAUNCH_MD);
      }
      LLVMValueRef bit = LLVMBuildAnd(sb->b, counter, LLVMConstInt(i32, 1, 0), "");
      sb->once_odd = LLVMBuildICmp(sb->b, LLVMIntNE, bit, LLVMConstInt(i32, 0, 0), "gs.odd");
      /* the other copy: 8 for an even launch, 0 for an odd one */
      sb->once_write = LLVMBuildMul(
          sb->b,
          LLVMBuildZExt(sb->b, LLVMBuildXor(sb->b, bit, LLVMConstInt(i32, 1, 0), ""), i64, ""),
          LLVMConstInt(i64, 8, 0), "");
    }
    if (c->wg_mode) {
      /* the workgroup's area: globals, then each argument, 16-byte aligned */
      LLVMValueRef stride = LLVMConstInt(i64, c->wg_bytes, 0);
      for (size_t a = 0; a < c->wg_args.len; a++) {
        LLVMValueRef at = LLVMConstInt(i64, 8 * a, 0);
        LLVMValueRef p = LLVMBuildGEP2(sb->b, i8, state, &at, 1, "");
        p = LLVMBuildPointerCast(sb->b, p, LLVMPointerType(i64, 1), "");
        sb->wg_arg_size[a] = LLVMBuildLoad2(sb->b, i64, p, "gs.workgroup_arg_size");
        sb->wg_arg_offset[a] = stride;
        LLVMValueRef rounded = LLVMBuildAnd(
            sb->b, LLVMBuildAdd(sb->b, sb->wg_arg_size[a], LLVMConstInt(i64, 15, 0), ""),
            LLVMConstInt(i64, ~(unsigned long long)15, 0), "");
        stride = LLVMBuildAdd(sb->b, stride, rounded, "");
      }
      /* after the columns (n_invocations * stride bytes, which may be any
       * number: a carried char alone makes it odd), from the next multiple
       * of 16, where the areas' 8- and 16-byte copies are aligned */
      LLVMValueRef group = target_linear(sb->b, c->m, c->t, Q_GROUP_ID, Q_NUM_GROUPS);
      LLVMValueRef columns_end = LLVMBuildAdd(
          sb->b, hdr, LLVMBuildMul(sb->b, sb->ninv, LLVMConstInt(i64, c->stride, 0), ""), "");
      LLVMValueRef areas =
          LLVMBuildAnd(sb->b, LLVMBuildAdd(sb->b, columns_end, LLVMConstInt(i64, 15, 0), ""),
                       LLVMConstInt(i64, ~(unsigned long long)15, 0), "gs.workgroup_areas");
      LLVMValueRef woff = LLVMBuildAdd(sb->b, areas, LLVMBuildMul(sb->b, group, stride, ""), "");
      sb->wg_base = LLVMBuildGEP2(sb->b, i8, state, &woff, 1, "gs.workgroup_state");
      if (sb->s > 0) {
        /* where no variable is copied (a workgroup at least as wide as
         * each), no barrier either: one a virtual workgroup, some 10% of
         * cg's stencil segment at 2^24 on the H200 */
        LLVMValueRef copies =
            c->t->uniform_barrier_branches ? state_copies_workgroup_memory(sb) : NULL;
        LLVMBasicBlockRef done =
            copies ? ir_begin_if(sb->b, copies, "gs.wg_restore", "gs.wg_restored") : NULL;
        state_copy_workgroup_memory(sb, 1);
        c->t->build_workgroup_barrier(sb->b, c->m);
        if (done)
          ir_end_if(sb->b, done);
      }
    }
  }
  if (sb->s > 0 && c->status_offset >= 0) {
    /* invocations that returned, or chose another segment, run nothing */
    LLVMValueRef st = LLVMBuildLoad2(sb->b, i32, status_ptr(sb), "gs.status");
    LLVMValueRef mine = LLVMBuildICmp(sb->b, LLVMIntEQ, st, LLVMConstInt(i32, sb->s, 0), "");
    LLVMBasicBlockRef skip = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.skip");
    LLVMBuildCondBr(sb->b, mine, cont, skip);
    LLVMPositionBuilderAtEnd(sb->b, skip);
    build_return(sb);
  } else {
    LLVMBuildBr(sb->b, cont);
  }
  LLVMPositionBuilderAtEnd(sb->b, cont);
  /* carried values and alloca contents */
  for (size_t i = 0; live && i < live->len; i++) {
    LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
    intptr_t si, base;
    if (!map_get(&c->slot_of, v, &si))
      continue;
    state_slot *s = &VEC_AT(&c->slots, state_slot, si);
    if (s->contents) {
      LLVMValueRef a;
      map_get(&sb->entry_val, v, (intptr_t *)&a);
      state_memcpy(sb, a, LLVMGetAlignment(v), state_slot_ptr(sb, s, LLVMInt8TypeInContext(ctx), 0),
                   layout_slot_align(s), s->size);
    } else if (map_get(&c->private_base, v, &base)) {
      LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
      LLVMValueRef off = LLVMBuildLoad2(sb->b, i64, state_slot_ptr(sb, s, i64, 0), "");
      LLVMSetAlignment(off, layout_slot_align(s));
      LLVMValueRef a = lookup(sb, (LLVMValueRef)base, NULL);
      LLVMValueRef p = LLVMBuildPointerCast(
          sb->b, a, LLVMPointerType(i8, LLVMGetPointerAddressSpace(LLVMTypeOf(a))), "");
      p = LLVMBuildGEP2(sb->b, i8, p, &off, 1, "");
      map_put(&sb->entry_val, v, (intptr_t)LLVMBuildPointerCast(sb->b, p, LLVMTypeOf(v), vname(v)));
    } else {
      LLVMTypeRef ty = LLVMTypeOf(v), ct = layout_carried_type(ty);
      LLVMValueRef x = state_load_slot(sb, s, ct, ct == ty ? vname(v) : "");
      tag_carried_pointer(c, v, x);
      if (ct != ty) {
        x = layout_convert(sb->b, x, ty, 0);
        LLVMSetValueName2(x, vname(v), strlen(vname(v)));
      }
      map_put(&sb->entry_val, v, (intptr_t)x);
    }
  }
  /* recomputed values */
  gs_map rvmap;
  map_init(&rvmap);
  for (unsigned i = 0; i < c->nparams; i++)
    map_put(&rvmap, LLVMGetParam(c->kernel, i), (intptr_t)LLVMGetParam(sb->fn, i));
  for (size_t i = 0; live && i < live->len; i++) {
    LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
    if (LLVMIsAAllocaInst(v))
      map_put(&rvmap, v, (intptr_t)VEC_AT(&sb->pieces, piece, 0).bb), /* placeholder */
          map_put(&rvmap, v, (intptr_t)lookup(sb, v, NULL));
  }
  for (size_t i = 0; live && i < live->len; i++) {
    LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
    if (!LLVMIsAAllocaInst(v) && !map_get(&c->slot_of, v, NULL))
      map_put(&sb->entry_val, v,
              (intptr_t)remat_build(&c->remat, sb->b, v, &rvmap, map_constant, sb));
  }
  map_free(&rvmap);
  /* demoted values start with their value at the segment's start */
  for (size_t i = 0; live && i < live->len; i++) {
    LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
    intptr_t slot, val;
    if (map_get(&sb->demoted, v, &slot) && map_get(&sb->entry_val, v, &val))
      LLVMBuildStore(sb->b, (LLVMValueRef)val, (LLVMValueRef)slot);
  }
  sb->resume_end = LLVMGetInsertBlock(sb->b); /* recomputing a phi branches */
}

static void build_exit(seg_builder *sb, const piece *p) {
  split_ctx *c = sb->c;
  LLVMContextRef ctx = c->ctx;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  size_t j = (size_t)p->end_site;
  LLVMPositionBuilderAtEnd(sb->b, p->bb);
  const gs_vec *live = &c->live.live[j - 1];
  /* values carried once: every invocation that leaves here has the same,
   * and without a status word every invocation leaves here, so the first
   * of the grid writes them, after the others' stores (a grid's worth of
   * stores to one word would queue on one cache slice); with one, each
   * writes */
  LLVMBasicBlockRef once = NULL, after = NULL;
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < live->len; i++) {
      LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
      intptr_t si;
      if (!map_get(&c->slot_of, v, &si))
        continue;
      state_slot *s = &VEC_AT(&c->slots, state_slot, si);
      int alone = s->once && c->status_offset < 0;
      if (alone != pass)
        continue;
      LLVMValueRef val = lookup(sb, v, NULL);
      if (alone && !once) {
        LLVMPositionBuilderAtEnd(sb->b, p->bb);
        once = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.once");
        after = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.once.done");
        LLVMValueRef lin = target_linear(sb->b, c->m, c->t, Q_GLOBAL_ID, Q_GLOBAL_SIZE);
        ir_mark(LLVMBuildCondBr(
                    sb->b,
                    LLVMBuildICmp(sb->b, LLVMIntEQ, lin, LLVMConstInt(LLVMTypeOf(lin), 0, 0), ""),
                    once, after),
                GS_FIRST_INVOCATION_MD);
      }
      LLVMPositionBuilderAtEnd(sb->b, alone ? once : p->bb);
      intptr_t base;
      if (map_get(&c->private_base, v, &base)) {
        LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
        LLVMValueRef a = lookup(sb, (LLVMValueRef)base, NULL);
        LLVMPositionBuilderAtEnd(sb->b, p->bb);
        LLVMValueRef off = LLVMBuildSub(sb->b, LLVMBuildPtrToInt(sb->b, val, i64, ""),
                                        LLVMBuildPtrToInt(sb->b, a, i64, ""), "");
        LLVMValueRef st = LLVMBuildStore(sb->b, off, state_slot_ptr(sb, s, i64, 1));
        LLVMSetAlignment(st, layout_slot_align(s));
      } else if (s->contents) {
        state_memcpy(sb, state_slot_ptr(sb, s, LLVMInt8TypeInContext(ctx), 1), layout_slot_align(s),
                     val, LLVMGetAlignment(v), s->size);
      } else {
        /* a value this segment only carries through (its value here is
         * the one build_entry loaded from its slot: not redefined, not
         * demoted) is in its slot already: only this invocation writes it.
         * Values carried once alternate between two copies, so those are
         * written. */
        intptr_t loaded;
        if (!s->once && map_get(&sb->entry_val, v, &loaded) && (LLVMValueRef)loaded == val)
          continue;
        LLVMTypeRef ct = layout_carried_type(LLVMTypeOf(v));
        val = layout_convert(sb->b, val, LLVMTypeOf(v), 1);
        LLVMValueRef st = LLVMBuildStore(sb->b, val, state_slot_ptr(sb, s, ct, 1));
        LLVMSetAlignment(st, layout_slot_align(s));
        if (s->once)
          LLVMSetOrdering(st, LLVMAtomicOrderingMonotonic);
        if (s->once && c->dynamic)
          state_tag_once(ctx, st, GS_ONCE_WRITE_MD, s);
      }
    }
  }
  if (once) {
    LLVMPositionBuilderAtEnd(sb->b, once);
    LLVMBuildBr(sb->b, after);
    LLVMPositionBuilderAtEnd(sb->b, after);
  }
  if (c->status_offset >= 0)
    LLVMBuildStore(sb->b, LLVMConstInt(i32, j, 0), status_ptr(sb));
  if (c->dynamic && c->virtual_wg) {
    /* the loop over virtual workgroups gathers the choices of its
     * workgroups and records them once (lib/virtual.c) */
    LLVMTypeRef vty = LLVMVoidTypeInContext(ctx);
    LLVMTypeRef fty = LLVMFunctionType(vty, &i32, 1, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(c->m, GS_CHOOSE_NAME);
    if (!fn)
      fn = LLVMAddFunction(c->m, GS_CHOOSE_NAME, fty);
    LLVMValueRef arg = LLVMConstInt(i32, j, 0);
    LLVMBuildCall2(sb->b, fty, fn, &arg, 1, "");
  } else if (c->dynamic) {
    control_build_choice(sb->b, sb->fn, sb->control, LLVMConstInt(i32, j, 0));
  }
  build_return(sb);
}

static void clone_pieces(seg_builder *sb) {
  split_ctx *c = sb->c;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->ctx);
  for (size_t p = 0; p < sb->pieces.len; p++) {
    piece *pc = &VEC_AT(&sb->pieces, piece, p);
    LLVMPositionBuilderAtEnd(sb->b, pc->bb);
    gs_vec pending; /* demoted phis, stored after the last phi */
    vec_init(&pending, sizeof(LLVMValueRef));
    for (LLVMValueRef in = pc->first; in; in = LLVMGetNextInstruction(in)) {
      int at_barrier = map_get(&c->cfg.barrier_site, in, NULL);
      if (!at_barrier && LLVMIsAPHINode(in)) {
        LLVMValueRef phi = LLVMBuildPhi(sb->b, LLVMTypeOf(in), vname(in));
        map_put(&sb->vmap, in, (intptr_t)phi);
        VEC_PUSH(&sb->phis, clone_pair, ((clone_pair){in, phi}));
        if (map_get(&sb->demoted, in, NULL))
          VEC_PUSH(&pending, LLVMValueRef, in);
        continue;
      }
      for (size_t i = 0; i < pending.len; i++) {
        LLVMValueRef o = VEC_AT(&pending, LLVMValueRef, i);
        intptr_t slot, cl;
        map_get(&sb->demoted, o, &slot);
        map_get(&sb->vmap, o, &cl);
        LLVMBuildStore(sb->b, (LLVMValueRef)cl, (LLVMValueRef)slot);
      }
      pending.len = 0;
      /* a piece that ends at a barrier right after its phis (a loop header
       * holding the barrier, re-entered over a back edge) has stored them */
      if (at_barrier)
        break;
      /* debug intrinsics name the original kernel's variables; lifetime
       * markers would tie an alloca's life to one segment */
      if (ir_is_marker(in))
        continue;
      if (LLVMIsAReturnInst(in) && c->status_offset >= 0)
        LLVMBuildStore(sb->b, LLVMConstInt(i32, (unsigned long long)-1, 1), status_ptr(sb));
      if (LLVMIsAReturnInst(in) && sb->epilogue) {
        build_return(sb);
        break;
      }
      LLVMValueRef cl = LLVMInstructionClone(in);
      LLVMInsertIntoBuilderWithName(sb->b, cl, vname(in));
      LLVMInstructionSetDebugLoc(cl, NULL);
      map_put(&sb->vmap, in, (intptr_t)cl);
      VEC_PUSH(&sb->clones, clone_pair, ((clone_pair){in, cl}));
      intptr_t slot;
      if (map_get(&sb->demoted, in, &slot))
        LLVMBuildStore(sb->b, cl, (LLVMValueRef)slot);
      if (LLVMIsATerminatorInst(in))
        break;
    }
    vec_free(&pending);
  }
}

static void remap_operands(seg_builder *sb) {
  split_ctx *c = sb->c;
  for (size_t i = 0; i < sb->clones.len; i++) {
    clone_pair *cp = &VEC_AT(&sb->clones, clone_pair, i);
    int n = LLVMGetNumOperands(cp->orig);
    for (int k = 0; k < n; k++) {
      LLVMValueRef op = LLVMGetOperand(cp->orig, (unsigned)k);
      if (!op)
        continue;
      if (LLVMValueIsBasicBlock(op)) {
        intptr_t pi;
        if (map_get(&sb->piece_of, LLVMValueAsBasicBlock(op), &pi))
          LLVMSetOperand(cp->clone, (unsigned)k,
                         LLVMBasicBlockAsValue(VEC_AT(&sb->pieces, piece, pi).bb));
        continue;
      }
      if (LLVMIsAInstruction(op) || LLVMIsAArgument(op)) {
        LLVMSetOperand(cp->clone, (unsigned)k, lookup(sb, op, cp->clone));
      } else if (LLVMIsAConstant(op) && !LLVMIsAFunction(op)) {
        LLVMValueRef mapped = map_constant(sb, op);
        if (mapped != op)
          LLVMSetOperand(cp->clone, (unsigned)k, mapped);
      }
    }
  }
  for (size_t i = 0; i < sb->phis.len; i++) {
    clone_pair *cp = &VEC_AT(&sb->phis, clone_pair, i);
    unsigned n = LLVMCountIncoming(cp->orig);
    for (unsigned k = 0; k < n; k++) {
      LLVMBasicBlockRef pred = LLVMGetIncomingBlock(cp->orig, k);
      LLVMValueRef last = last_barrier_in(c, pred);
      intptr_t pi;
      if (!map_get(&sb->piece_of, last ? (const void *)last : (const void *)pred, &pi))
        continue;
      LLVMBasicBlockRef bb = VEC_AT(&sb->pieces, piece, pi).bb;
      LLVMValueRef val = LLVMGetIncomingValue(cp->orig, k);
      if (LLVMIsAInstruction(val) || LLVMIsAArgument(val))
        val = lookup(sb, val, LLVMGetBasicBlockTerminator(bb));
      else if (LLVMIsAConstant(val))
        val = map_constant(sb, val);
      LLVMAddIncoming(cp->clone, &val, &bb, 1);
    }
  }
}

gs_error *clone_segment(split_ctx *c, size_t s) {
  LLVMContextRef ctx = c->ctx;
  LLVMTypeRef fty = LLVMGlobalGetValueType(c->kernel);
  LLVMTypeRef *params = gs_xcalloc(c->nparams + 2 + GS_VIRTUAL_ARGS, sizeof *params);
  LLVMGetParamTypes(fty, params);
  unsigned np = c->nparams;
  if (c->has_state)
    params[np++] = LLVMPointerType(LLVMInt8TypeInContext(ctx), 1);
  if (c->dynamic)
    params[np++] = LLVMPointerType(LLVMInt32TypeInContext(ctx), 1);
  c->virtual_arg = np;
  for (int d = 0; c->virtual_wg && d < GS_VIRTUAL_ARGS; d++)
    params[np++] = LLVMInt32TypeInContext(ctx);
  unsigned extra = np - c->nparams;
  LLVMTypeRef nfty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, np, 0);
  free(params);
  seg_builder sb;
  memset(&sb, 0, sizeof sb);
  sb.c = c;
  sb.s = s;
  sb.fn = LLVMAddFunction(c->m, c->names[s], nfty);
  LLVMSetFunctionCallConv(sb.fn,
                          c->t->segment_cc ? c->t->segment_cc : LLVMGetFunctionCallConv(c->kernel));
  attr_copy_function(c->kernel, sb.fn, c->nparams);
  attr_copy_kernel_metadata(c, sb.fn, extra);
  for (unsigned i = 0; i < c->nparams; i++)
    LLVMSetValueName2(LLVMGetParam(sb.fn, i), vname(LLVMGetParam(c->kernel, i)),
                      strlen(vname(LLVMGetParam(c->kernel, i))));
  /* the live state (16-byte aligned, docs/split.md) holds at least its
   * header, the control word its four ints: what lets a read of either
   * leave a loop (mark_launch_invariant) */
  if (c->has_state) {
    LLVMSetValueName2(LLVMGetParam(sb.fn, c->nparams), GS_LIVE_STATE_NAME,
                      strlen(GS_LIVE_STATE_NAME));
    attr_add_param_value(sb.fn, c->nparams, "align", 16);
    if (c->header_bytes)
      attr_add_param_value(sb.fn, c->nparams, "dereferenceable", c->header_bytes);
  }
  if (c->dynamic) {
    unsigned arg = c->nparams + (c->has_state ? 1 : 0);
    sb.control = LLVMGetParam(sb.fn, arg);
    LLVMSetValueName2(sb.control, GS_CONTROL_ARG_NAME, strlen(GS_CONTROL_ARG_NAME));
    attr_add_param_value(sb.fn, arg, "align", 4);
    attr_add_param_value(sb.fn, arg, "dereferenceable", GS_CONTROL_BYTES);
  }
  for (unsigned d = 0; c->virtual_wg && d < GS_VIRTUAL_ARGS; d++)
    LLVMSetValueName2(LLVMGetParam(sb.fn, c->virtual_arg + d), virtual_arg_names[d],
                      strlen(virtual_arg_names[d]));
  map_init(&sb.vmap);
  map_init(&sb.entry_val);
  map_init(&sb.demoted);
  map_init(&sb.piece_of);
  map_init(&sb.defined);
  map_init(&sb.locals);
  vec_init(&sb.pieces, sizeof(piece));
  vec_init(&sb.clones, sizeof(clone_pair));
  vec_init(&sb.phis, sizeof(clone_pair));
  sb.b = LLVMCreateBuilderInContext(ctx);

  discover_pieces(&sb);
  map_reserve(&sb.vmap, sb.defined.len); /* a clone per instruction executed */
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, sb.fn, "gs.entry");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(ctx, sb.fn, "gs.resume");
  for (size_t p = 0; p < sb.pieces.len; p++) {
    piece *pc = &VEC_AT(&sb.pieces, piece, p);
    pc->bb = LLVMAppendBasicBlockInContext(ctx, sb.fn, LLVMGetBasicBlockName(pc->orig));
  }
  sb.wg_arg_size = gs_xcalloc(c->wg_args.len + 1, sizeof(LLVMValueRef));
  sb.wg_arg_offset = gs_xcalloc(c->wg_args.len + 1, sizeof(LLVMValueRef));
  int continues = 0;
  for (size_t k = 0; k < c->succs[s].len; k++)
    continues |= VEC_AT(&c->succs[s], int, k) != GS_SEGMENT_END;
  LLVMValueRef copies = NULL;
  if (c->wg_mode) {
    /* every invocation of the workgroup ends here: wait for the whole
     * workgroup, then save its workgroup memory for the next segment
     * (neither where none is copied, as at the start) */
    sb.epilogue = LLVMAppendBasicBlockInContext(ctx, sb.fn, "gs.epilogue");
    LLVMPositionBuilderAtEnd(sb.b, sb.epilogue);
    copies = continues && c->t->uniform_barrier_branches ? state_copies_workgroup_memory(&sb)
                                                          : NULL;
    if (!copies)
      c->t->build_workgroup_barrier(sb.b, c->m);
  }
  build_entry(&sb, entry, cont);
  if (sb.epilogue) {
    LLVMPositionBuilderAtEnd(sb.b, sb.epilogue);
    LLVMBasicBlockRef done = NULL;
    if (copies) {
      done = ir_begin_if(sb.b, copies, "gs.wg_save", "gs.wg_saved");
      c->t->build_workgroup_barrier(sb.b, c->m);
    }
    if (continues)
      state_copy_workgroup_memory(&sb, 0);
    if (done)
      ir_end_if(sb.b, done);
    LLVMBuildRetVoid(sb.b);
  }
  LLVMPositionBuilderAtEnd(sb.b, sb.resume_end);
  LLVMBuildBr(sb.b, VEC_AT(&sb.pieces, piece, 0).bb);
  clone_pieces(&sb);
  remap_operands(&sb);
  for (size_t p = 0; p < sb.pieces.len; p++) {
    piece *pc = &VEC_AT(&sb.pieces, piece, p);
    if (pc->end_site)
      build_exit(&sb, pc);
  }
  gs_error *err = sb.err;
  if (!err && c->virtual_wg)
    err = virtualize_segment(c->m, sb.fn, c->t, c->virtual_arg,
                             c->dynamic ? (int)(c->nparams + (c->has_state ? 1 : 0)) : -1,
                             (unsigned)s, vname(c->kernel),
                             c->steps_in_segments ? &c->succs[s] : NULL, c->nsegments,
                             c->dynamic && c->succs[s].len == 1);
  free(sb.wg_arg_size);
  free(sb.wg_arg_offset);
  LLVMDisposeBuilder(sb.b);
  map_free(&sb.vmap);
  map_free(&sb.entry_val);
  map_free(&sb.demoted);
  map_free(&sb.piece_of);
  map_free(&sb.defined);
  map_free(&sb.locals);
  vec_free(&sb.pieces);
  vec_free(&sb.clones);
  vec_free(&sb.phis);
  return err;
}
