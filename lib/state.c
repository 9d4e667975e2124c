/* Loads, stores and copies of the live state: a slot's address for an
 * invocation, the once-per-launch header, and the saving and restoring of
 * workgroup memory between segments. */
#include "split_steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

LLVMValueRef state_ptr(seg_builder *sb, unsigned offset, unsigned elem, LLVMTypeRef ty) {
  LLVMContextRef ctx = sb->c->ctx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  /* header + offset * invocations + id * elem */
  LLVMValueRef col = LLVMBuildMul(sb->b, sb->ninv, LLVMConstInt(i64, offset, 0), "");
  LLVMValueRef off =
      LLVMBuildAdd(sb->b, LLVMBuildAdd(sb->b, LLVMConstInt(i64, sb->c->header_bytes, 0), col, ""),
                   LLVMBuildMul(sb->b, sb->lin, LLVMConstInt(i64, elem, 0), ""), "");
  LLVMValueRef p =
      LLVMBuildGEP2(sb->b, i8, LLVMGetParam(sb->fn, sb->c->nparams), &off, 1, "gs.state");
  return LLVMBuildPointerCast(sb->b, p, LLVMPointerType(ty, 1), "");
}

/* The header's byte OFF (an i64 value) as a TY pointer */
static LLVMValueRef header_ptr(seg_builder *sb, LLVMValueRef off, LLVMTypeRef ty) {
  LLVMValueRef p = LLVMBuildGEP2(sb->b, LLVMInt8TypeInContext(sb->c->ctx),
                                 LLVMGetParam(sb->fn, sb->c->nparams), &off, 1, "");
  return LLVMBuildPointerCast(sb->b, p, LLVMPointerType(ty, 1), "");
}

/* A read of a word no invocation of the launch changes (the launch's
 * number, a value carried once): !invariant.load. With the parameters'
 * dereferenceable bytes (build_segment) LICM takes it out of the loop over
 * virtual workgroups. The grid a PDL launch depends on may still write it
 * until griddepcontrol.wait: the PTX emission drops the tag after the
 * optimizer (lowering/emit.c). */
void state_mark_launch_invariant(LLVMValueRef load) { ir_mark(load, "invariant.load"); }

/* A slot in the header, the copy a dynamic launch writes (write) or one
 * fixed copy (copy 0 or 1) */
static LLVMValueRef once_ptr(seg_builder *sb, const state_slot *s, LLVMTypeRef ty, int write,
                             unsigned copy) {
  LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(sb->c->ctx), s->offset + 8 * copy, 0);
  if (write && sb->c->dynamic)
    off = LLVMBuildAdd(sb->b, off, sb->once_write, "");
  return header_ptr(sb, off, ty);
}

/* A carried value's slot: in the header for a value carried once, else in
 * the invocation's own part of the live state */
LLVMValueRef state_slot_ptr(seg_builder *sb, const state_slot *s, LLVMTypeRef ty, int write) {
  return s->once ? once_ptr(sb, s, ty, write, 0)
                 : state_ptr(sb, s->offset, layout_slot_elem(s), ty);
}

/* The value of a carried value's slot at the segment's start. A value
 * carried once is the same for the whole launch: a dynamic launch reads
 * both copies at fixed offsets (each provably in the header) and picks the
 * one launch L - 1 wrote, so that the reads can leave the loop over virtual
 * workgroups (a select of the two addresses is not provably dereferenceable,
 * and LICM keeps its load in the loop). The copy not picked is the one the
 * launch writes: its !invariant.load is, by the letter of LLVM's rules,
 * claimed of a word that changes, though nothing uses what it reads (after
 * LICM, instcombine leaves one load, of the picked copy). */
LLVMValueRef state_load_slot(seg_builder *sb, const state_slot *s, LLVMTypeRef ty,
                             const char *name) {
  LLVMContextRef ctx = sb->c->ctx;
  LLVMValueRef x[2];
  unsigned copies = s->once && sb->c->dynamic ? 2 : 1;
  for (unsigned k = 0; k < copies; k++) {
    x[k] = LLVMBuildLoad2(sb->b, ty,
                          s->once ? once_ptr(sb, s, ty, 0, k)
                                  : state_ptr(sb, s->offset, layout_slot_elem(s), ty),
                          copies == 1 ? name : "gs.copy");
    LLVMSetAlignment(x[k], layout_slot_align(s));
    if (s->once)
      state_mark_launch_invariant(x[k]);
  }
  if (copies == 1)
    return x[0];
  LLVMValueRef v = LLVMBuildSelect(sb->b, sb->once_odd, x[1], x[0], name);
  if (LLVMIsAInstruction(v))
    state_tag_once(ctx, v, GS_ONCE_READ_MD, s);
  return v;
}

void state_tag_once(LLVMContextRef ctx, LLVMValueRef inst, const char *tag, const state_slot *s) {
  LLVMMetadataRef off =
      LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), s->offset, 0));
  LLVMSetMetadata(inst, LLVMGetMDKindIDInContext(ctx, tag, (unsigned)strlen(tag)),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, &off, 1)));
}

LLVMValueRef state_memcpy(seg_builder *sb, LLVMValueRef dst, unsigned dst_align, LLVMValueRef src,
                          unsigned src_align, unsigned size) {
  return LLVMBuildMemCpy(sb->b, dst, dst_align, src, src_align,
                         LLVMConstInt(LLVMInt64TypeInContext(sb->c->ctx), size, 0));
}

static unsigned copy_unit_bytes(unsigned long long size);

/* Each segment gets its own copies of the workgroup variables it uses,
 * named `<segment>.<variable>`: workgroup memory does not survive a launch
 * anyway, and OpenCL runtimes (POCL among them) recognise a kernel's
 * workgroup variables by that name. */
LLVMValueRef state_segment_local(seg_builder *sb, LLVMValueRef g) {
  intptr_t x;
  if (map_get(&sb->locals, g, &x))
    return (LLVMValueRef)x;
  const char *name = vname(g);
  const char *dot = strchr(name, '.');
  gs_str n;
  str_init(&n);
  str_printf(&n, "%s.%s", vname(sb->fn), dot ? dot + 1 : name);
  LLVMTypeRef ty = LLVMGlobalGetValueType(g);
  LLVMValueRef copy =
      LLVMAddGlobalInAddressSpace(sb->c->m, ty, n.s, LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
  str_free(&n);
  LLVMSetLinkage(copy, LLVMInternalLinkage);
  LLVMSetInitializer(copy, LLVMGetInitializer(g) ? LLVMGetInitializer(g) : LLVMGetUndef(ty));
  /* aligned for the units it is saved and restored in (copy_unit_bytes) */
  unsigned align = LLVMGetAlignment(g);
  if (!align)
    align = LLVMABIAlignmentOfType(sb->c->td, ty);
  unsigned unit = copy_unit_bytes(LLVMABISizeOfType(sb->c->td, ty));
  LLVMSetAlignment(copy, align > unit ? align : unit);
  map_put(&sb->locals, g, (intptr_t)copy);
  return copy;
}

/* Saving and restoring workgroup memory. POCL 3.1 miscompiles a copy loop
 * whose trip count differs between the invocations of a workgroup and is at
 * most one once it knows the workgroup size (`for (k = lid; k < n; k +=
 * size)` with n <= size): a segfault, or ParallelRegion.cc's "Incoming edges
 * to non-entry block" inside a loop over virtual workgroups. So no copy here
 * has that shape: a small variable is copied in straight-line code by the
 * workgroup's first invocation, and a larger one (or a workgroup argument,
 * whose size only the host knows) by a loop whose trip count is the same for
 * the whole workgroup, each round copying one unit per invocation:
 *
 *   for (base = 0; base < n; base += size)
 *     if (base + lid < n) to[base + lid] = from[base + lid];  */

/* Variables up to this many units are copied straight-line. */
enum { GS_COPY_STRAIGHT_UNITS = 16 };

/* The widest unit (4, 2 or 1 bytes) that divides SIZE */
static unsigned copy_unit_bytes(unsigned long long size) {
  return size % 4 == 0 ? 4 : size % 2 == 0 ? 2 : 1;
}

/* to[k] = from[k], tagged as a save or a restore (GS_WORKGROUP_SAVE_MD) */
static void copy_unit(seg_builder *sb, LLVMTypeRef unit, unsigned align, LLVMValueRef from_base,
                      LLVMValueRef to_base, LLVMValueRef k, int restore) {
  LLVMValueRef from = LLVMBuildGEP2(sb->b, unit, from_base, &k, 1, "");
  LLVMValueRef to = LLVMBuildGEP2(sb->b, unit, to_base, &k, 1, "");
  LLVMValueRef x = LLVMBuildLoad2(sb->b, unit, from, "");
  LLVMSetAlignment(x, align);
  LLVMValueRef st = LLVMBuildStore(sb->b, x, to);
  LLVMSetAlignment(st, align);
  const char *tag = restore ? GS_WORKGROUP_RESTORE_MD : GS_WORKGROUP_SAVE_MD;
  ir_mark(x, tag);
  ir_mark(st, tag);
}

/* if (lid == 0) to[k] = from[k] for every k < COUNT */
static void copy_straight(seg_builder *sb, LLVMTypeRef unit, unsigned align, LLVMValueRef from_base,
                          LLVMValueRef to_base, unsigned count, LLVMValueRef lid, int restore) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(sb->c->ctx);
  LLVMBasicBlockRef done =
      ir_begin_if(sb->b, LLVMBuildICmp(sb->b, LLVMIntEQ, lid, LLVMConstInt(i64, 0, 0), ""),
                  "gs.copy.first", "gs.copy.done");
  for (unsigned k = 0; k < count; k++)
    copy_unit(sb, unit, align, from_base, to_base, LLVMConstInt(i64, k, 0), restore);
  ir_end_if(sb->b, done);
}

/* for (base = 0; base < count; base += lsize)
 *   if (base + lid < count) to[base + lid] = from[base + lid]; */
static void copy_rounds(seg_builder *sb, LLVMTypeRef unit, unsigned align, LLVMValueRef from_base,
                        LLVMValueRef to_base, LLVMValueRef count, LLVMValueRef lid,
                        LLVMValueRef lsize, int restore) {
  LLVMContextRef ctx = sb->c->ctx;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(sb->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy");
  LLVMBasicBlockRef round = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy.round");
  LLVMBasicBlockRef mine = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy.unit");
  LLVMBasicBlockRef next_round = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy.next");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy.done");
  LLVMBuildBr(sb->b, head);
  LLVMPositionBuilderAtEnd(sb->b, head);
  LLVMValueRef base = LLVMBuildPhi(sb->b, i64, "gs.copy.base");
  LLVMBuildCondBr(sb->b, LLVMBuildICmp(sb->b, LLVMIntULT, base, count, ""), round, done);
  LLVMPositionBuilderAtEnd(sb->b, round);
  LLVMValueRef k = LLVMBuildAdd(sb->b, base, lid, "");
  LLVMBuildCondBr(sb->b, LLVMBuildICmp(sb->b, LLVMIntULT, k, count, ""), mine, next_round);
  LLVMPositionBuilderAtEnd(sb->b, mine);
  copy_unit(sb, unit, align, from_base, to_base, k, restore);
  LLVMBuildBr(sb->b, next_round);
  LLVMPositionBuilderAtEnd(sb->b, next_round);
  LLVMValueRef next = LLVMBuildAdd(sb->b, base, lsize, "");
  LLVMBuildBr(sb->b, head);
  LLVMValueRef vals[2] = {LLVMConstInt(i64, 0, 0), next};
  LLVMBasicBlockRef from_blocks[2] = {pre, next_round};
  LLVMAddIncoming(base, vals, from_blocks, 2);
  LLVMPositionBuilderAtEnd(sb->b, done);
}

/* Whether the segment copies any workgroup memory, an i1 the same in the
 * whole workgroup (every variable is a wide array, copied only where the
 * workgroup is narrower: wg_cover.c), or NULL where it always copies */
LLVMValueRef state_copies_workgroup_memory(seg_builder *sb) {
  split_ctx *c = sb->c;
  unsigned long long widest = 0;
  if (c->wg_args.len)
    return NULL;
  for (size_t i = 0; i < c->wg_slots.len; i++) {
    const state_slot *w = &VEC_AT(&c->wg_slots, state_slot, i);
    if (!w->wide)
      return NULL;
    widest = w->wide > widest ? w->wide : widest;
  }
  return LLVMBuildICmp(sb->b, LLVMIntULT, c->t->build_query(sb->b, c->m, Q_LOCAL_SIZE, 0),
                       LLVMConstInt(LLVMInt64TypeInContext(c->ctx), widest, 0),
                       "gs.wg_copies");
}

/* Copies every carried workgroup buffer between workgroup memory and this
 * workgroup's save area (offsets 16-byte aligned, docs/split.md). */
void state_copy_workgroup_memory(seg_builder *sb, int restore) {
  split_ctx *c = sb->c;
  LLVMContextRef ctx = c->ctx;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
  LLVMValueRef lid = target_linear(sb->b, c->m, c->t, Q_LOCAL_ID, Q_LOCAL_SIZE);
  LLVMValueRef lsize = target_product(sb->b, c->m, c->t, Q_LOCAL_SIZE);
  size_t n = c->wg_slots.len + c->wg_args.len;
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef local, off, count = NULL;
    unsigned bytes = 1, units = 0;
    LLVMBasicBlockRef copied = NULL;
    if (i < c->wg_slots.len) {
      const state_slot *w = &VEC_AT(&c->wg_slots, state_slot, i);
      if (w->wide) {
        /* copied only in a workgroup narrower than the array: a wider one
         * overwrites it before it reads it (wg_cover.c); the same branch in
         * every invocation */
        LLVMValueRef narrow =
            LLVMBuildICmp(sb->b, LLVMIntULT, c->t->build_query(sb->b, c->m, Q_LOCAL_SIZE, 0),
                          LLVMConstInt(i64, w->wide, 0), "gs.wg_narrow");
        copied = ir_begin_if(sb->b, narrow, "gs.wg_copy", "gs.wg_copied");
      }
      bytes = copy_unit_bytes(w->size);
      units = w->size / bytes;
      off = LLVMConstInt(i64, w->offset, 0);
      local = state_segment_local(sb, w->value);
      if (units > GS_COPY_STRAIGHT_UNITS)
        count = LLVMConstInt(i64, units, 0);
    } else {
      /* arguments: any size the host chose, copied byte by byte */
      size_t a = i - c->wg_slots.len;
      count = sb->wg_arg_size[a];
      off = sb->wg_arg_offset[a];
      local = LLVMGetParam(sb->fn, (unsigned)VEC_AT(&c->wg_args, int, a));
    }
    LLVMTypeRef unit = LLVMIntTypeInContext(ctx, 8 * bytes);
    LLVMValueRef save = LLVMBuildGEP2(sb->b, i8, sb->wg_base, &off, 1, "");
    save = LLVMBuildPointerCast(sb->b, save, LLVMPointerType(unit, 1), "");
    local = LLVMBuildPointerCast(
        sb->b, local, LLVMPointerType(unit, LLVMGetPointerAddressSpace(LLVMTypeOf(local))), "");
    LLVMValueRef from = restore ? save : local, to = restore ? local : save;
    if (count)
      copy_rounds(sb, unit, bytes, from, to, count, lid, lsize, restore);
    else
      copy_straight(sb, unit, bytes, from, to, units, lid, restore);
    if (copied)
      ir_end_if(sb->b, copied);
  }
}
