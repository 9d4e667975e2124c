/* The live-state layout (SPEC section 2, docs/split.md): which values,
 * private variables, workgroup variables and program-scope variables cross
 * each barrier, which are recomputed instead, and their offsets: per
 * invocation, per workgroup, and in the header the host writes. */
#include "split_steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gs_error *at_barrier_error(split_ctx *c, size_t site, LLVMValueRef v, const char *what) {
  char *where = ir_describe(VEC_AT(&c->cfg.barriers, LLVMValueRef, site - 1));
  char *val = ir_describe(v);
  gs_error *e = gs_errorf("kernel '%s': %s %s is live across grid barrier %zu %s", vname(c->kernel),
                          what, val, site, where);
  free(where);
  free(val);
  return e;
}

/* V is a kernel argument that points to a struct passed by value */
static int is_value_arg(const split_ctx *c, LLVMValueRef v) {
  if (!LLVMIsAArgument(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
    return 0;
  for (unsigned i = 0; i < c->nparams; i++)
    if (LLVMGetParam(c->kernel, i) == v)
      return ir_value_arg_type(c->kernel, i) != NULL;
  return 0;
}

static int buffer_written(const split_ctx *c, int buffer) {
  for (size_t k = 0; k < c->access.facts.len; k++) {
    const access_fact *g = &VEC_AT(&c->access.facts, access_fact, k);
    if (g->buffer == buffer && (g->flags & (ACC_W | ACC_A)))
      return 1;
  }
  return 0;
}

/* Loads that may be recomputed (remat_load_ok): from buffers that no
 * segment writes and that cannot alias a written one (constant space, or a
 * noalias argument), from constant globals, and from structs passed by
 * value; where the callback below allows it, from one global buffer that a
 * segment writes and that cannot alias another (REMAT_RELOAD). Asked of a
 * store, whether its value may be read back from there (the same). */
int layout_load_recomputable(void *ctxp, LLVMValueRef load) {
  split_ctx *c = ctxp;
  intptr_t i;
  int store = LLVMIsAStoreInst(load) != NULL;
  if (!map_get(&c->access.first_fact, load, &i)) {
    if (store)
      return 0;
    /* a struct passed by value: after copy_value_args only read, and the
     * host passes the same bytes to every segment */
    gs_vec bases;
    vec_init(&bases, sizeof(LLVMValueRef));
    ir_pointer_bases(LLVMGetOperand(load, 0), &bases);
    int by_value = bases.len > 0;
    for (size_t k = 0; k < bases.len; k++)
      by_value &= is_value_arg(c, VEC_AT(&bases, LLVMValueRef, k));
    vec_free(&bases);
    if (by_value)
      return 1;
    /* no buffer: a constant global such as a lookup table */
    LLVMValueRef p = LLVMGetOperand(load, 0);
    while (LLVMIsAGetElementPtrInst(p) || LLVMIsAConstantExpr(p) || LLVMIsABitCastInst(p) ||
           LLVMIsAAddrSpaceCastInst(p))
      p = LLVMGetOperand(p, 0);
    return LLVMIsAGlobalVariable(p) && LLVMIsGlobalConstant(p);
  }
  int written = store;
  for (; i >= 0; i = VEC_AT(&c->access.facts, access_fact, i).next) {
    const access_fact *f = &VEC_AT(&c->access.facts, access_fact, i);
    const buffer_desc *b = &VEC_AT(&c->access.buffers, buffer_desc, f->buffer);
    written |= buffer_written(c, f->buffer);
    int noalias =
        b->arg >= 0 && LLVMGetEnumAttributeAtIndex(c->kernel, (unsigned)b->arg + 1,
                                                   LLVMGetEnumAttributeKindForName("noalias", 7));
    if (b->space != SPACE_CONSTANT && !noalias && !c->opts->distinct_buffers)
      return 0;
  }
  if (!written)
    return 1;
  return reload_one_buffer(c, load) >= 0 ? REMAT_RELOAD : 0;
}

/* Checks what is live across each barrier, adds the allocas that live
 * pointers point into (their memory must survive too), and rejects what
 * cannot be carried. */
gs_error *layout_check_live(split_ctx *c) {
  for (size_t j = 1; j <= c->live.nsites; j++) {
    gs_vec *live = &c->live.live[j - 1];
    for (size_t i = 0; i < live->len; i++) {
      LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
      LLVMTypeRef ty = LLVMTypeOf(v);
      if (LLVMGetTypeKind(ty) == LLVMTokenTypeKind)
        return at_barrier_error(c, j, v, "the token");
      if (LLVMIsAAllocaInst(v)) {
        LLVMValueRef n = LLVMGetOperand(v, 0);
        if (!LLVMIsAConstantInt(n))
          return at_barrier_error(c, j, v, "the variable-sized alloca");
        continue;
      }
      if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind)
        continue;
      gs_vec bases;
      vec_init(&bases, sizeof(LLVMValueRef));
      ir_pointer_bases(v, &bases);
      gs_error *err = NULL;
      for (size_t k = 0; k < bases.len && !err; k++) {
        LLVMValueRef base = VEC_AT(&bases, LLVMValueRef, k);
        if (LLVMIsAAllocaInst(base)) {
          /* the segment after has its own copy of the alloca: a pointer into
           * it is recomputed, or carried as an offset from it */
          if (!remat_ok(&c->remat, v)) {
            if (bases.len != 1)
              err = at_barrier_error(
                  c, j, v,
                  "the pointer into private memory (into one of several private variables)");
            else
              map_put(&c->private_base, v, (intptr_t)base);
          }
          if (!err && !in_vec(live, base))
            VEC_PUSH(live, LLVMValueRef, base);
        } else if (is_value_arg(c, base) && !remat_ok(&c->remat, v)) {
          /* each launch has its own copy of the struct (byref: in its own
           * argument memory), so an address into it cannot be carried */
          err = at_barrier_error(c, j, v, "the pointer into a struct passed by value");
        } else if (c->t->arg_space(LLVMGetPointerAddressSpace(ty)) == SPACE_WORKGROUP &&
                   !remat_ok(&c->remat, v)) {
          err = at_barrier_error(c, j, v, "the pointer into workgroup memory");
        }
      }
      vec_free(&bases);
      if (err)
        return err;
    }
  }
  return NULL;
}

typedef struct {
  const kernel_access *ka;
  unsigned *flags; /* this segment's, per buffer of KA */
} wg_fact_ctx;

static void collect_wg_facts(void *ctxp, LLVMValueRef inst) {
  wg_fact_ctx *x = ctxp;
  intptr_t i;
  if (!map_get(&x->ka->first_fact, inst, &i))
    return;
  for (; i >= 0; i = VEC_AT(&x->ka->facts, access_fact, i).next) {
    const access_fact *f = &VEC_AT(&x->ka->facts, access_fact, i);
    x->flags[f->buffer] |= f->flags;
  }
}

/* Workgroup memory does not survive a launch (SPEC section 2): a workgroup
 * buffer that a segment reads (R or A) after an earlier writer (roles.c) is
 * saved at every segment's end and restored at every segment's start, per
 * workgroup, in the live-state buffer after the per-invocation area. The
 * facts are those of the kernel as the split rewrites it (private variables
 * promoted): a segment that writes a variable before it reads it back
 * (ACC_OWN, provenance.c) needs nothing saved, and one whose every reading
 * segment overwrites it first (wg_cover.c) only where the workgroup is
 * narrower than the array. The size of a workgroup
 * argument is known only to the host, which writes it in the live state's
 * header (docs/split.md). */
gs_error *layout_workgroup_memory(split_ctx *c, const kernel_result *kr) {
  size_t n = kr->nsegments, nb = c->access.buffers.len;
  unsigned *flags = gs_xcalloc(n * nb + 1, sizeof *flags);
  int *stamp = gs_xmalloc((c->cfg.blocks.len + 1) * sizeof(int));
  for (size_t i = 0; i < c->cfg.blocks.len; i++)
    stamp[i] = -1;
  for (size_t s = 0; s < n; s++) {
    gs_vec succs;
    vec_init(&succs, sizeof(int));
    wg_fact_ctx x = {&c->access, flags + s * nb};
    segment_walk(&c->cfg, s, &succs, collect_wg_facts, &x, stamp);
    vec_free(&succs);
  }
  free(stamp);
  unsigned *column = gs_xcalloc(n + 1, sizeof *column);
  char *earlier = gs_xcalloc(n + 1, 1);
  int *work = gs_xcalloc(2 * n + 1, sizeof(int));
  for (size_t b = 0; b < nb; b++) {
    const buffer_desc *d = &VEC_AT(&c->access.buffers, buffer_desc, b);
    if (d->space != SPACE_WORKGROUP)
      continue;
    for (size_t s = 0; s < n; s++)
      column[s] = flags[s * nb + b];
    roles_earlier_writers(column, kr->successors, n, earlier, work);
    /* read after an earlier segment wrote it; and so where every reading
     * segment overwrites it first (wg_cover.c) */
    int read_later = 0, uncovered = 0;
    for (size_t s = 0; s < n; s++)
      if (earlier[s] && (column[s] & (ACC_R | ACC_A))) {
        read_later = 1;
        uncovered |= d->arg >= 0 || !wg_segment_covered(c, s, (int)b, d->value);
      }
    if (!read_later)
      continue;
    if (d->arg >= 0) {
      VEC_PUSH(&c->wg_args, int, d->arg);
      continue;
    }
    LLVMValueRef g = d->value;
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    unsigned align = LLVMABIAlignmentOfType(c->td, ty);
    if (align < 4)
      align = 4;
    c->wg_bytes = (c->wg_bytes + align - 1) / align * align;
    state_slot slot = {g, c->wg_bytes, (unsigned)LLVMABISizeOfType(c->td, ty), align,
                       1, 0,           uncovered ? 0 : wg_cover_length(g)};
    VEC_PUSH(&c->wg_slots, state_slot, slot);
    c->wg_bytes += slot.size;
  }
  free(column);
  free(earlier);
  free(work);
  free(flags);
  c->wg_bytes = (c->wg_bytes + 15) / 16 * 16;
  c->wg_mode = c->wg_slots.len || c->wg_args.len;
  return NULL;
}

/* Writes constant C, of the data layout's size, at OUT: integers and floats
 * in the target's byte order, aggregates element by element at the offsets
 * the data layout gives (padding stays zero). Returns 0 with *WHY set on
 * what is no plain data: an address, or a constant expression. */
static int constant_bytes(LLVMTargetDataRef td, LLVMValueRef c, unsigned char *out, size_t size,
                          const char **why) {
  if (LLVMIsNull(c) || LLVMIsUndef(c) || LLVMIsPoison(c))
    return 1; /* zero, as the buffer starts */
  LLVMTypeRef ty = LLVMTypeOf(c);
  if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind) {
    *why = "an address"; /* known only where the program is loaded */
    return 0;
  }
  if (LLVMIsAConstantExpr(c)) {
    *why = "a constant expression";
    return 0;
  }
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (LLVMIsAConstantFP(c)) {
    /* the bits, through the constant folder: exact for every width */
    unsigned bits = (unsigned)LLVMSizeOfTypeInBits(td, ty);
    if (bits > 64 || k == LLVMX86_FP80TypeKind) {
      *why = "a floating-point value wider than 64 bits";
      return 0;
    }
    c = LLVMConstBitCast(c, LLVMIntTypeInContext(LLVMGetTypeContext(ty), bits));
    ty = LLVMTypeOf(c);
    k = LLVMGetTypeKind(ty);
  }
  if (LLVMIsAConstantInt(c)) {
    unsigned bits = LLVMGetIntTypeWidth(ty);
    if (bits > 64) {
      *why = "an integer wider than 64 bits";
      return 0;
    }
    unsigned long long v = LLVMConstIntGetZExtValue(c);
    size_t n = (size_t)LLVMStoreSizeOfType(td, ty);
    int big = LLVMByteOrder(td) == LLVMBigEndian;
    for (size_t i = 0; i < n && i < size; i++)
      out[big ? n - 1 - i : i] = i < 8 ? (unsigned char)(v >> (8 * i)) : 0;
    return 1;
  }
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
    unsigned n = k == LLVMStructTypeKind  ? LLVMCountStructElementTypes(ty)
                 : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength(ty)
                                          : LLVMGetVectorSize(ty);
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!e) {
        *why = "an element that is no constant";
        return 0;
      }
      LLVMTypeRef et = LLVMTypeOf(e);
      unsigned long long off = k == LLVMStructTypeKind
                                   ? LLVMOffsetOfElement(td, ty, i)
                                   : i * (k == LLVMArrayTypeKind ? LLVMABISizeOfType(td, et)
                                                                 : LLVMStoreSizeOfType(td, et));
      /* vectors of elements narrower than a byte pack bits: not plain data */
      if (k == LLVMVectorTypeKind && LLVMSizeOfTypeInBits(td, et) % 8) {
        *why = "a vector of elements narrower than a byte";
        return 0;
      }
      if (off >= size)
        continue; /* an empty tail (a zero-sized element) */
      if (!constant_bytes(td, e, out + off, size - (size_t)off, why))
        return 0;
    }
    return 1;
  }
  *why = "a value that is no plain data";
  return 0;
}

/* The initial bytes of a program-scope variable, or NULL (with *WHY) when
 * its initializer is not plain data. */
static unsigned char *initial_bytes(LLVMTargetDataRef td, LLVMValueRef g, unsigned size,
                                    const char **why) {
  unsigned char *bytes = gs_xcalloc(size ? size : 1, 1);
  LLVMValueRef init = LLVMGetInitializer(g);
  if (init && !constant_bytes(td, init, bytes, size, why)) {
    free(bytes);
    return NULL;
  }
  return bytes;
}

/* Program-scope variables do not keep their contents from one launch to the
 * next on every runtime (POCL's SPIR path gives each launch the initial
 * value): those the kernel writes live in the live state instead, after the
 * workgroup-argument sizes, and the host initialises and reads them there. */
gs_error *layout_globals(split_ctx *c, kernel_result *kr) {
  vec_init(&kr->globals, sizeof(carried_global));
  unsigned off = (unsigned)((8 * c->wg_args.len + 15) / 16 * 16);
  c->globals_offset = off;
  for (size_t b = 0; b < kr->buffers.len; b++) {
    const buffer_desc *d = &VEC_AT(&kr->buffers, buffer_desc, b);
    if (d->arg >= 0 || d->space != SPACE_GLOBAL)
      continue;
    int written = 0;
    for (size_t s = 0; s < kr->nsegments; s++)
      written |= (kr->access[s * kr->buffers.len + b].flags & (ACC_W | ACC_A)) != 0;
    if (!written)
      continue; /* every launch sees its initial value, which is all it has */
    LLVMValueRef g = LLVMGetNamedGlobal(c->m, d->name);
    LLVMTypeRef ty = LLVMGlobalGetValueType(g);
    unsigned size = (unsigned)LLVMABISizeOfType(c->td, ty);
    unsigned align = LLVMABIAlignmentOfType(c->td, ty);
    if (align < 4)
      align = 4;
    off = (off + align - 1) / align * align;
    const char *why = NULL;
    carried_global cg = {gs_strdup(d->name), off, size, initial_bytes(c->td, g, size, &why)};
    if (!cg.init) {
      free(cg.name);
      return gs_errorf("kernel '%s': the program-scope variable '%s' is written, so it must be "
                       "carried from segment to segment, but its initializer holds %s, "
                       "which is not plain data",
                       kr->name, d->name, why);
    }
    VEC_PUSH(&kr->globals, carried_global, cg);
    off += size;
  }
  c->header_bytes = (off + 15) / 16 * 16;
  return NULL;
}

static int cmp_slot(const void *pa, const void *pb) {
  const state_slot *a = pa, *b = pb;
  if (a->align != b->align)
    return a->align > b->align ? -1 : 1;
  if (a->size != b->size)
    return a->size > b->size ? -1 : 1;
  return 0;
}

/* The live state is read and written only in widths every backend selects
 * and SPIR-V has (SPIR-V 2.16.1: 8, 16, 32 and 64-bit integers): a carried
 * integer of another width (i1, or the i56 that SROA slices off an i64) is
 * stored zero-extended to the next of them, element by element in vectors
 * and aggregates, and reloaded with a truncation, or a compare with zero
 * for i1 (docs/split.md). */
LLVMTypeRef layout_carried_type(LLVMTypeRef ty) {
  LLVMContextRef ctx = LLVMGetTypeContext(ty);
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(ty);
    if (w > 64)
      return LLVMVectorType(LLVMInt64TypeInContext(ctx), (w + 63) / 64);
    return LLVMIntTypeInContext(ctx, w <= 8 ? 8 : w <= 16 ? 16 : w <= 32 ? 32 : 64);
  }
  case LLVMVectorTypeKind: {
    LLVMTypeRef e = LLVMGetElementType(ty), ce = layout_carried_type(e);
    /* <1 x T> is carried as T: SPIR-V has no one-component vector */
    if (LLVMGetVectorSize(ty) == 1 && LLVMGetTypeKind(ce) != LLVMVectorTypeKind)
      return ce;
    if (ce == e || LLVMGetTypeKind(ce) == LLVMVectorTypeKind)
      return ty;
    return LLVMVectorType(ce, LLVMGetVectorSize(ty));
  }
  case LLVMArrayTypeKind: {
    LLVMTypeRef e = LLVMGetElementType(ty), ce = layout_carried_type(e);
    return ce == e ? ty : LLVMArrayType(ce, LLVMGetArrayLength(ty));
  }
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(ty);
    LLVMTypeRef *el = gs_xcalloc(n + 1, sizeof *el);
    LLVMGetStructElementTypes(ty, el);
    int changed = 0;
    for (unsigned i = 0; i < n; i++) {
      LLVMTypeRef c = layout_carried_type(el[i]);
      changed |= c != el[i];
      el[i] = c;
    }
    LLVMTypeRef r = changed ? LLVMStructTypeInContext(ctx, el, n, LLVMIsPackedStruct(ty)) : ty;
    free(el);
    return r;
  }
  default:
    return ty;
  }
}

/* V in its carried type (TO = 1), or X in the carried type back in TY */
LLVMValueRef layout_convert(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty, int to) {
  LLVMTypeRef ct = layout_carried_type(ty);
  if (ct == ty)
    return v;
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMArrayTypeKind || k == LLVMStructTypeKind) {
    unsigned n = k == LLVMArrayTypeKind ? LLVMGetArrayLength(ty) : LLVMCountStructElementTypes(ty);
    LLVMValueRef r = LLVMGetUndef(to ? ct : ty);
    for (unsigned i = 0; i < n; i++) {
      LLVMTypeRef et =
          k == LLVMArrayTypeKind ? LLVMGetElementType(ty) : LLVMStructGetTypeAtIndex(ty, i);
      LLVMValueRef e = LLVMBuildExtractValue(b, v, i, "");
      r = LLVMBuildInsertValue(b, r, layout_convert(b, e, et, to), i, "");
    }
    return r;
  }
  if (k == LLVMVectorTypeKind && LLVMGetVectorSize(ty) == 1) {
    LLVMTypeRef et = LLVMGetElementType(ty);
    LLVMValueRef zero = LLVMConstNull(LLVMInt32TypeInContext(LLVMGetTypeContext(ty)));
    if (to)
      return layout_convert(b, LLVMBuildExtractElement(b, v, zero, ""), et, 1);
    return LLVMBuildInsertElement(b, LLVMGetUndef(ty), layout_convert(b, v, et, 0), zero, "");
  }
  unsigned w = LLVMGetIntTypeWidth(k == LLVMVectorTypeKind ? LLVMGetElementType(ty) : ty);
  if (k == LLVMIntegerTypeKind && w > 64) {
    /* i65 and wider: as many i64 words as it takes, lowest first */
    LLVMTypeRef whole = LLVMIntTypeInContext(LLVMGetTypeContext(ty), LLVMGetVectorSize(ct) * 64);
    if (to)
      return LLVMBuildBitCast(b, LLVMBuildZExtOrBitCast(b, v, whole, ""), ct, "");
    return LLVMBuildTruncOrBitCast(b, LLVMBuildBitCast(b, v, whole, ""), ty, "");
  }
  if (to)
    return LLVMBuildZExt(b, v, ct, "");
  if (w == 1)
    return LLVMBuildICmp(b, LLVMIntNE, v, LLVMConstNull(ct), "");
  return LLVMBuildTrunc(b, v, ty, "");
}

/* A value that is the same in every invocation (an integer or float that no
 * invocation id reaches: a loop counter, a sum of arguments) is carried once
 * per grid, in the live state's header, instead of once per invocation.
 * Every invocation that leaves at a barrier stores the same bits there, as a
 * relaxed atomic store (no read-modify-write: no queue on the one address);
 * the next segment, a later launch, reads them. In a dynamic schedule, where
 * a segment can redefine what it read (a loop), each has two copies. */
static int carried_once(const split_ctx *c, LLVMValueRef v) {
  if (map_get(&c->varying, v, NULL))
    return 0;
  LLVMTypeRef ty = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  if (k == LLVMIntegerTypeKind) {
    unsigned w = LLVMGetIntTypeWidth(ty);
    return w == 8 || w == 16 || w == 32 || w == 64;
  }
  return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

/* Every carried value gets one slot for the whole kernel; slots sorted by
 * alignment, then size, leave no padding between them. Values carried once
 * get 8 bytes each after the header's other contents. */
void layout_slots(split_ctx *c, int track_status) {
  vec_init(&c->slots, sizeof(state_slot));
  map_init(&c->slot_of);
  gs_map seen;
  map_init(&seen);
  for (size_t j = 0; j < c->live.nsites; j++) {
    gs_vec *live = &c->live.live[j];
    for (size_t i = 0; i < live->len; i++) {
      LLVMValueRef v = VEC_AT(live, LLVMValueRef, i);
      if (map_get(&seen, v, NULL))
        continue;
      map_put(&seen, v, 1);
      state_slot s = {v, 0, 0, 1, 0, 0, 0};
      if (LLVMIsAAllocaInst(v)) {
        LLVMTypeRef ty = LLVMGetAllocatedType(v);
        s.contents = 1;
        s.size = (unsigned)(LLVMABISizeOfType(c->td, ty) *
                            LLVMConstIntGetZExtValue(LLVMGetOperand(v, 0)));
        s.align = LLVMGetAlignment(v);
        if (!s.align)
          s.align = LLVMABIAlignmentOfType(c->td, ty);
      } else if (map_get(&c->private_base, v, NULL)) {
        s.size = s.align = 8; /* an i64 offset into its alloca */
      } else if (remat_ok(&c->remat, v)) {
        c->recomputed_bytes += (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(v));
        continue;
      } else {
        s.size = (unsigned)LLVMStoreSizeOfType(c->td, layout_carried_type(LLVMTypeOf(v)));
        s.align = LLVMABIAlignmentOfType(c->td, layout_carried_type(LLVMTypeOf(v)));
        s.once = carried_once(c, v);
      }
      VEC_PUSH(&c->slots, state_slot, s);
    }
  }
  map_free(&seen);
  if (track_status)
    VEC_PUSH(&c->slots, state_slot, ((state_slot){NULL, 0, 4, 4, 0, 0, 0}));
  /* a stable sort: equal slots keep their order of definition */
  size_t n = c->slots.len;
  state_slot *arr = c->slots.data;
  for (size_t i = 1; i < n; i++) {
    state_slot x = arr[i];
    size_t k = i;
    while (k > 0 && cmp_slot(&arr[k - 1], &x) > 0) {
      arr[k] = arr[k - 1];
      k--;
    }
    arr[k] = x;
  }
  unsigned off = 0, max_align = 1, once = c->header_bytes;
  c->status_offset = -1;
  for (size_t i = 0; i < n; i++) {
    state_slot *s = &arr[i];
    if (s->once) {
      s->offset = once;
      once += c->dynamic ? 16 : 8;
      map_put(&c->slot_of, s->value, (intptr_t)i);
      continue;
    }
    off = (off + s->align - 1) / s->align * s->align;
    s->offset = off;
    off += layout_slot_elem(s);
    if (s->align > max_align)
      max_align = s->align;
    if (s->value)
      map_put(&c->slot_of, s->value, (intptr_t)i);
    else
      c->status_offset = (int)s->offset;
  }
  c->stride = off ? (off + max_align - 1) / max_align * max_align : 0;
  c->header_bytes = (once + 15) / 16 * 16;
}

/* The alignment a slot's accesses may assume: the layout puts every slot at
 * a multiple of its alignment from an invocation's base, the stride and the
 * header keep every base aligned to the largest, and runners allocate the
 * live state aligned to at least 16 bytes (docs/split.md). Values carried
 * once sit at multiples of 8 in the header. */
unsigned layout_slot_align(const state_slot *s) {
  if (s->once)
    return s->size;
  return s->align < 16 ? s->align : 16;
}

/* A slot's bytes per invocation in its column: its size rounded up to its
 * alignment, so that every invocation's element is aligned */
unsigned layout_slot_elem(const state_slot *s) {
  return (s->size + s->align - 1) / s->align * s->align;
}

int layout_live_at(const split_ctx *c, size_t site, LLVMValueRef v) {
  return in_vec(&c->live.live[site - 1], v);
}

static char *value_label(LLVMValueRef v, unsigned offset) {
  const char *n = vname(v);
  gs_str s;
  str_init(&s);
  if (*n)
    str_printf(&s, "%s", n);
  else
    str_printf(&s, "v%u", offset);
  return str_take(&s);
}

/* live_in/live_out of the plan: the carried values in the live state at a
 * segment's start (which it loads) and at its exits (which it stores, but
 * for a value it only carries through: that one is in its slot already,
 * lib/clone.c build_exit) */
void layout_record_slots(split_ctx *c, kernel_result *kr) {
  kr->live_in = gs_xcalloc(kr->nsegments, sizeof *kr->live_in);
  kr->live_out = gs_xcalloc(kr->nsegments, sizeof *kr->live_out);
  for (size_t s = 0; s < kr->nsegments; s++) {
    vec_init(&kr->live_in[s], sizeof(live_slot));
    vec_init(&kr->live_out[s], sizeof(live_slot));
  }
  for (size_t i = 0; i < c->slots.len; i++) {
    state_slot *sl = &VEC_AT(&c->slots, state_slot, i);
    if (!sl->value)
      continue;
    for (size_t s = 0; s < kr->nsegments; s++) {
      if (s > 0 && layout_live_at(c, s, sl->value))
        VEC_PUSH(&kr->live_in[s], live_slot,
                 ((live_slot){value_label(sl->value, sl->offset), sl->offset, sl->size, sl->once,
                              sl->once ? 0 : layout_slot_elem(sl)}));
      int out = 0;
      for (size_t k = 0; k < kr->successors[s].len; k++) {
        int j = VEC_AT(&kr->successors[s], int, k);
        out |= j > 0 && layout_live_at(c, (size_t)j, sl->value);
      }
      if (out)
        VEC_PUSH(&kr->live_out[s], live_slot,
                 ((live_slot){value_label(sl->value, sl->offset), sl->offset, sl->size, sl->once,
                              sl->once ? 0 : layout_slot_elem(sl)}));
    }
  }
}
