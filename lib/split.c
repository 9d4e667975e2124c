/* The split (SPEC section 2): every kernel with grid barriers becomes segment
 * kernels `<kernel>.seg<i>`, built as re-entered copies of the kernel
 * (DESIGN.md). The work happens in a scratch copy of the module: callees that
 * hold barriers are inlined and private variables promoted to SSA there, the
 * segments are built, and only then, once everything has succeeded and
 * verified, are the segments linked into the caller's module. */
#include "gridsplit/split.h"

#include "gs.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One round of instcombine, as the pipelines of opt run it: from LLVM 18 on,
 * a round that leaves more to combine is a fatal error unless told not to
 * check (bitonic_sort's remapped index arithmetic on LLVM 22) */
#if GS_LLVM_MAJOR >= 18
#define GS_INSTCOMBINE "instcombine<no-verify-fixpoint>"
#else
#define GS_INSTCOMBINE "instcombine"
#endif

/* live state layout */

typedef struct {
  LLVMValueRef value; /* an SSA value, or an alloca whose contents are carried */
  unsigned offset, size, align;
  int contents; /* 1: the alloca's memory, 0: the value */
  int uniform;  /* the same in every invocation: one slot in the header */
} state_slot;

typedef struct {
  LLVMModuleRef m;
  LLVMValueRef kernel;
  const gs_target *t;
  const gs_options *opts;
  LLVMTargetDataRef td;
  LLVMContextRef ctx;
  kernel_cfg cfg;
  barrier_liveness live;
  kernel_access access;
  remat_ctx remat;
  gs_vec slots;    /* state_slot */
  gs_map slot_of;  /* value -> slot index */
  gs_map private_base; /* pointer into one alloca -> the alloca: carried as an offset */
  unsigned stride; /* bytes per invocation */
  int status_offset;
  int dynamic;
  unsigned nparams;
  gs_vec wg_slots;  /* state_slot: carried workgroup globals, offsets per workgroup */
  unsigned wg_bytes; /* per workgroup, for the globals */
  gs_vec wg_args;    /* int: carried workgroup arguments, sized by the host */
  unsigned header_bytes; /* the host writes each carried argument's size (u64) here,
                          * then the carried program-scope variables */
  unsigned globals_offset;
  int wg_mode;       /* some workgroup memory is carried */
  int has_state;     /* the segments take a live-state argument */
  unsigned recomputed_bytes; /* live values recomputed instead of carried */
  int virtual_wg;    /* segments loop over virtual workgroups */
  unsigned virtual_arg; /* the first of their three workgroup counts, then the order */
  gs_map varying;   /* invocation-dependent values of the kernel */
  gs_vec *succs; /* per segment, from the analysis */
  char **names;  /* per segment function name */
} split_ctx;

static const char *vname(LLVMValueRef v) {
  size_t len;
  return LLVMGetValueName2(v, &len);
}

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

/* Loads that may be recomputed: from buffers that no segment writes and that
 * cannot alias a written one (constant space, or a noalias argument), from
 * constant globals, and from structs passed by value. */
static int load_recomputable(void *ctxp, LLVMValueRef load) {
  split_ctx *c = ctxp;
  intptr_t i;
  if (!map_get(&c->access.first_fact, load, &i)) {
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
  for (; i >= 0; i = VEC_AT(&c->access.facts, access_fact, i).next) {
    const access_fact *f = &VEC_AT(&c->access.facts, access_fact, i);
    const buffer_desc *b = &VEC_AT(&c->access.buffers, buffer_desc, f->buffer);
    for (size_t k = 0; k < c->access.facts.len; k++) {
      const access_fact *g = &VEC_AT(&c->access.facts, access_fact, k);
      if (g->buffer == f->buffer && (g->flags & (ACC_W | ACC_A)))
        return 0;
    }
    int noalias = b->arg >= 0 &&
                  LLVMGetEnumAttributeAtIndex(c->kernel, (unsigned)b->arg + 1,
                                              LLVMGetEnumAttributeKindForName("noalias", 7));
    if (b->space != SPACE_CONSTANT && !noalias && !c->opts->distinct_buffers)
      return 0;
  }
  return 1;
}

static int in_vec(const gs_vec *v, LLVMValueRef x) {
  for (size_t i = 0; i < v->len; i++)
    if (VEC_AT(v, LLVMValueRef, i) == x)
      return 1;
  return 0;
}

/* Checks what is live across each barrier, adds the allocas that live
 * pointers point into (their memory must survive too), and rejects what
 * cannot be carried. */
static gs_error *check_live(split_ctx *c) {
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
              err = at_barrier_error(c, j, v, "the pointer into private memory (into one of several private variables)");
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
 * (ACC_OWN, provenance.c) needs nothing saved. The size of a workgroup
 * argument is known only to the host, which writes it in the live state's
 * header (docs/split.md). */
static gs_error *carried_workgroup_memory(split_ctx *c, const kernel_result *kr) {
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
    int read_later = 0;
    for (size_t s = 0; s < n; s++)
      read_later |= earlier[s] && (column[s] & (ACC_R | ACC_A));
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
    state_slot slot = {g, c->wg_bytes, (unsigned)LLVMABISizeOfType(c->td, ty), align, 1, 0};
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
static gs_error *carried_globals(split_ctx *c, kernel_result *kr) {
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
static LLVMTypeRef carried_type(LLVMTypeRef ty) {
  LLVMContextRef ctx = LLVMGetTypeContext(ty);
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(ty);
    if (w > 64)
      return LLVMVectorType(LLVMInt64TypeInContext(ctx), (w + 63) / 64);
    return LLVMIntTypeInContext(ctx, w <= 8 ? 8 : w <= 16 ? 16 : w <= 32 ? 32 : 64);
  }
  case LLVMVectorTypeKind: {
    LLVMTypeRef e = LLVMGetElementType(ty), ce = carried_type(e);
    /* <1 x T> is carried as T: SPIR-V has no one-component vector */
    if (LLVMGetVectorSize(ty) == 1 && LLVMGetTypeKind(ce) != LLVMVectorTypeKind)
      return ce;
    if (ce == e || LLVMGetTypeKind(ce) == LLVMVectorTypeKind)
      return ty;
    return LLVMVectorType(ce, LLVMGetVectorSize(ty));
  }
  case LLVMArrayTypeKind: {
    LLVMTypeRef e = LLVMGetElementType(ty), ce = carried_type(e);
    return ce == e ? ty : LLVMArrayType(ce, LLVMGetArrayLength(ty));
  }
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(ty);
    LLVMTypeRef *el = gs_xcalloc(n + 1, sizeof *el);
    LLVMGetStructElementTypes(ty, el);
    int changed = 0;
    for (unsigned i = 0; i < n; i++) {
      LLVMTypeRef c = carried_type(el[i]);
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
static LLVMValueRef convert_carried(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty, int to) {
  LLVMTypeRef ct = carried_type(ty);
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
      r = LLVMBuildInsertValue(b, r, convert_carried(b, e, et, to), i, "");
    }
    return r;
  }
  if (k == LLVMVectorTypeKind && LLVMGetVectorSize(ty) == 1) {
    LLVMTypeRef et = LLVMGetElementType(ty);
    LLVMValueRef zero = LLVMConstNull(LLVMInt32TypeInContext(LLVMGetTypeContext(ty)));
    if (to)
      return convert_carried(b, LLVMBuildExtractElement(b, v, zero, ""), et, 1);
    return LLVMBuildInsertElement(b, LLVMGetUndef(ty), convert_carried(b, v, et, 0), zero, "");
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
static void layout(split_ctx *c, int track_status) {
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
      state_slot s = {v, 0, 0, 1, 0, 0};
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
        s.size = (unsigned)LLVMStoreSizeOfType(c->td, carried_type(LLVMTypeOf(v)));
        s.align = LLVMABIAlignmentOfType(c->td, carried_type(LLVMTypeOf(v)));
        s.uniform = carried_once(c, v);
      }
      VEC_PUSH(&c->slots, state_slot, s);
    }
  }
  map_free(&seen);
  if (track_status)
    VEC_PUSH(&c->slots, state_slot, ((state_slot){NULL, 0, 4, 4, 0, 0}));
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
    if (s->uniform) {
      s->offset = once;
      once += c->dynamic ? 16 : 8;
      map_put(&c->slot_of, s->value, (intptr_t)i);
      continue;
    }
    off = (off + s->align - 1) / s->align * s->align;
    s->offset = off;
    off += s->size;
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
static unsigned slot_align(const state_slot *s) {
  if (s->uniform)
    return s->size;
  return s->align < 16 ? s->align : 16;
}

/* segment construction */

typedef struct {
  const void *key; /* the block (entered at its top) or the barrier it starts after */
  LLVMBasicBlockRef orig;
  LLVMValueRef first;
  LLVMBasicBlockRef bb;
  int end_site; /* the barrier it ends at, or 0 for the block's terminator */
} piece;

typedef struct {
  split_ctx *c;
  size_t s;
  LLVMValueRef fn;
  LLVMBuilderRef b;
  gs_map vmap;      /* original -> clone */
  gs_map entry_val; /* live at the segment's start -> its value there */
  gs_map demoted;   /* live-in values the segment also redefines -> slot */
  gs_map piece_of;  /* key -> index into pieces */
  gs_vec pieces;
  gs_map defined;   /* instructions the segment executes */
  gs_vec clones;    /* (original, clone) pairs of non-phi instructions */
  gs_vec phis;      /* (original, clone) pairs */
  LLVMValueRef base, control;
  LLVMValueRef once_odd, once_write; /* dynamic: launch L is odd (reads copy 1); the
                                      * i64 offset of the copy it writes */
  LLVMValueRef wg_base;        /* this workgroup's save area */
  LLVMValueRef *wg_arg_size;   /* per carried workgroup argument: bytes, and */
  LLVMValueRef *wg_arg_offset; /* offset in the save area (i64) */
  gs_map locals;               /* workgroup global -> this segment's own copy */
  LLVMBasicBlockRef epilogue;  /* every way out, when workgroup memory is saved */
  gs_error *err;
} seg_builder;

typedef struct {
  LLVMValueRef orig, clone;
} clone_pair;

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

static LLVMValueRef state_ptr(seg_builder *sb, unsigned offset, LLVMTypeRef ty) {
  LLVMContextRef ctx = sb->c->ctx;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
  LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), offset, 0);
  LLVMValueRef p = LLVMBuildGEP2(sb->b, i8, sb->base, &off, 1, "");
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
static void mark_launch_invariant(LLVMContextRef ctx, LLVMValueRef load) {
  LLVMSetMetadata(load, LLVMGetMDKindIDInContext(ctx, "invariant.load", 14),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0)));
}

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
static LLVMValueRef slot_ptr(seg_builder *sb, const state_slot *s, LLVMTypeRef ty, int write) {
  return s->uniform ? once_ptr(sb, s, ty, write, 0) : state_ptr(sb, s->offset, ty);
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
static LLVMValueRef load_slot(seg_builder *sb, const state_slot *s, LLVMTypeRef ty,
                              const char *name) {
  LLVMContextRef ctx = sb->c->ctx;
  LLVMValueRef x[2];
  unsigned copies = s->uniform && sb->c->dynamic ? 2 : 1;
  for (unsigned k = 0; k < copies; k++) {
    x[k] = LLVMBuildLoad2(sb->b, ty, s->uniform ? once_ptr(sb, s, ty, 0, k)
                                                : state_ptr(sb, s->offset, ty),
                          copies == 1 ? name : "gs.copy");
    LLVMSetAlignment(x[k], slot_align(s));
    if (s->uniform)
      mark_launch_invariant(ctx, x[k]);
  }
  return copies == 2 ? LLVMBuildSelect(sb->b, sb->once_odd, x[1], x[0], name) : x[0];
}

static LLVMValueRef build_memcpy(seg_builder *sb, LLVMValueRef dst, unsigned dst_align,
                                 LLVMValueRef src, unsigned src_align, unsigned size) {
  return LLVMBuildMemCpy(sb->b, dst, dst_align, src, src_align,
                         LLVMConstInt(LLVMInt64TypeInContext(sb->c->ctx), size, 0));
}

static unsigned copy_unit_bytes(unsigned long long size);

/* Each segment gets its own copies of the workgroup variables it uses,
 * named `<segment>.<variable>`: workgroup memory does not survive a launch
 * anyway, and OpenCL runtimes (POCL among them) recognise a kernel's
 * workgroup variables by that name. */
static LLVMValueRef segment_local(seg_builder *sb, LLVMValueRef g) {
  intptr_t x;
  if (map_get(&sb->locals, g, &x))
    return (LLVMValueRef)x;
  const char *name = vname(g);
  const char *dot = strchr(name, '.');
  gs_str n;
  str_init(&n);
  str_printf(&n, "%s.%s", vname(sb->fn), dot ? dot + 1 : name);
  LLVMTypeRef ty = LLVMGlobalGetValueType(g);
  LLVMValueRef copy = LLVMAddGlobalInAddressSpace(sb->c->m, ty, n.s,
                                                  LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
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

/* A constant of the kernel in the segment: workgroup variables, and the
 * constant expressions built on them, are the segment's own. */
static LLVMValueRef map_constant(void *ctx, LLVMValueRef v) {
  seg_builder *sb = ctx;
  if (LLVMIsAGlobalVariable(v))
    return sb->c->t->global_space(LLVMGetPointerAddressSpace(LLVMTypeOf(v))) == SPACE_WORKGROUP
               ? segment_local(sb, v)
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

static int live_at(const split_ctx *c, size_t site, LLVMValueRef v) {
  return in_vec(&c->live.live[site - 1], v);
}

/* Leaves the segment: straight out, or through the epilogue that saves
 * workgroup memory, which every invocation of the workgroup must reach. */
static void build_return(seg_builder *sb) {
  if (sb->epilogue)
    LLVMBuildBr(sb->b, sb->epilogue);
  else
    LLVMBuildRetVoid(sb->b);
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
  LLVMContextRef ctx = sb->c->ctx;
  LLVMValueRef from = LLVMBuildGEP2(sb->b, unit, from_base, &k, 1, "");
  LLVMValueRef to = LLVMBuildGEP2(sb->b, unit, to_base, &k, 1, "");
  LLVMValueRef x = LLVMBuildLoad2(sb->b, unit, from, "");
  LLVMSetAlignment(x, align);
  LLVMValueRef st = LLVMBuildStore(sb->b, x, to);
  LLVMSetAlignment(st, align);
  const char *tag = restore ? GS_WORKGROUP_RESTORE_MD : GS_WORKGROUP_SAVE_MD;
  unsigned kind = LLVMGetMDKindIDInContext(ctx, tag, (unsigned)strlen(tag));
  LLVMValueRef none = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0));
  LLVMSetMetadata(x, kind, none);
  LLVMSetMetadata(st, kind, none);
}

/* if (lid == 0) to[k] = from[k] for every k < COUNT */
static void copy_straight(seg_builder *sb, LLVMTypeRef unit, unsigned align, LLVMValueRef from_base,
                          LLVMValueRef to_base, unsigned count, LLVMValueRef lid, int restore) {
  LLVMContextRef ctx = sb->c->ctx;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy.first");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.copy.done");
  LLVMBuildCondBr(sb->b, LLVMBuildICmp(sb->b, LLVMIntEQ, lid, LLVMConstInt(i64, 0, 0), ""), body,
                  done);
  LLVMPositionBuilderAtEnd(sb->b, body);
  for (unsigned k = 0; k < count; k++)
    copy_unit(sb, unit, align, from_base, to_base, LLVMConstInt(i64, k, 0), restore);
  LLVMBuildBr(sb->b, done);
  LLVMPositionBuilderAtEnd(sb->b, done);
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

/* Copies every carried workgroup buffer between workgroup memory and this
 * workgroup's save area (offsets 16-byte aligned, docs/split.md). */
static void copy_workgroup_memory(seg_builder *sb, int restore) {
  split_ctx *c = sb->c;
  LLVMContextRef ctx = c->ctx;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
  LLVMValueRef lid = target_linear(sb->b, c->m, c->t, Q_LOCAL_ID, Q_LOCAL_SIZE);
  LLVMValueRef lsize = target_product(sb->b, c->m, c->t, Q_LOCAL_SIZE);
  size_t n = c->wg_slots.len + c->wg_args.len;
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef local, off, count = NULL;
    unsigned bytes = 1, units = 0;
    if (i < c->wg_slots.len) {
      const state_slot *w = &VEC_AT(&c->wg_slots, state_slot, i);
      bytes = copy_unit_bytes(w->size);
      units = w->size / bytes;
      off = LLVMConstInt(i64, w->offset, 0);
      local = segment_local(sb, w->value);
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
  }
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
    if (listed[a] || (all && LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(c->kernel, a))) ==
                                 LLVMPointerTypeKind))
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
      LLVMValueRef a = LLVMBuildArrayAlloca(sb->b, LLVMGetAllocatedType(v), LLVMGetOperand(v, 0),
                                            vname(v));
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
    control_build_guard(sb->b, sb->fn, sb->control, (unsigned)sb->s);
  if (c->has_state) {
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
    LLVMValueRef hdr = LLVMConstInt(i64, c->header_bytes, 0);
    LLVMValueRef lin = target_linear(sb->b, c->m, c->t, Q_GLOBAL_ID, Q_GLOBAL_SIZE);
    LLVMValueRef off =
        LLVMBuildAdd(sb->b, hdr, LLVMBuildMul(sb->b, lin, LLVMConstInt(i64, c->stride, 0), ""), "");
    LLVMValueRef state = LLVMGetParam(sb->fn, c->nparams);
    sb->base = LLVMBuildGEP2(sb->b, i8, state, &off, 1, "gs.state");
    if (c->dynamic) {
      /* values carried once have two copies: launch L of the schedule
       * reads copy L % 2, which launch L - 1 wrote, and writes the other,
       * so that no invocation overwrites what a slower one has yet to read
       * (control[GS_CONTROL_LAUNCH] counts the launches that ran) */
      LLVMValueRef counter =
          LLVMBuildLoad2(sb->b, i32, control_word_at(sb->b, sb->control, GS_CONTROL_LAUNCH), "gs.launch");
      mark_launch_invariant(ctx, counter);
      LLVMValueRef bit = LLVMBuildAnd(sb->b, counter, LLVMConstInt(i32, 1, 0), "");
      sb->once_odd = LLVMBuildICmp(sb->b, LLVMIntNE, bit, LLVMConstInt(i32, 0, 0), "gs.odd");
      /* the other copy: 8 for an even launch, 0 for an odd one */
      sb->once_write = LLVMBuildMul(sb->b, LLVMBuildZExt(sb->b, LLVMBuildXor(sb->b, bit,
                                        LLVMConstInt(i32, 1, 0), ""), i64, ""),
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
      /* after every invocation's slots: n_invocations * stride */
      LLVMValueRef ninv = target_product(sb->b, c->m, c->t, Q_GLOBAL_SIZE);
      LLVMValueRef group = target_linear(sb->b, c->m, c->t, Q_GROUP_ID, Q_NUM_GROUPS);
      LLVMValueRef woff = LLVMBuildAdd(
          sb->b,
          LLVMBuildAdd(sb->b, hdr, LLVMBuildMul(sb->b, ninv, LLVMConstInt(i64, c->stride, 0), ""),
                       ""),
          LLVMBuildMul(sb->b, group, stride, ""), "");
      sb->wg_base = LLVMBuildGEP2(sb->b, i8, state, &woff, 1, "gs.workgroup_state");
      if (sb->s > 0) {
        copy_workgroup_memory(sb, 1);
        c->t->build_workgroup_barrier(sb->b, c->m);
      }
    }
  }
  if (sb->s > 0 && c->status_offset >= 0) {
    /* invocations that returned, or chose another segment, run nothing */
    LLVMValueRef st =
        LLVMBuildLoad2(sb->b, i32, state_ptr(sb, (unsigned)c->status_offset, i32), "gs.status");
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
      build_memcpy(sb, a, LLVMGetAlignment(v), state_ptr(sb, s->offset, LLVMInt8TypeInContext(ctx)),
                   slot_align(s), s->size);
    } else if (map_get(&c->private_base, v, &base)) {
      LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i8 = LLVMInt8TypeInContext(ctx);
      LLVMValueRef off = LLVMBuildLoad2(sb->b, i64, state_ptr(sb, s->offset, i64), "");
      LLVMSetAlignment(off, slot_align(s));
      LLVMValueRef a = lookup(sb, (LLVMValueRef)base, NULL);
      LLVMValueRef p = LLVMBuildPointerCast(sb->b, a, LLVMPointerType(i8, LLVMGetPointerAddressSpace(LLVMTypeOf(a))), "");
      p = LLVMBuildGEP2(sb->b, i8, p, &off, 1, "");
      map_put(&sb->entry_val, v, (intptr_t)LLVMBuildPointerCast(sb->b, p, LLVMTypeOf(v), vname(v)));
    } else {
      LLVMTypeRef ty = LLVMTypeOf(v), ct = carried_type(ty);
      LLVMValueRef x = load_slot(sb, s, ct, ct == ty ? vname(v) : "");
      tag_carried_pointer(c, v, x);
      if (ct != ty) {
        x = convert_carried(sb->b, x, ty, 0);
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
      int alone = s->uniform && c->status_offset < 0;
      if (alone != pass)
        continue;
      LLVMValueRef val = lookup(sb, v, NULL);
      if (alone && !once) {
        LLVMPositionBuilderAtEnd(sb->b, p->bb);
        once = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.once");
        after = LLVMAppendBasicBlockInContext(ctx, sb->fn, "gs.once.done");
        LLVMValueRef lin = target_linear(sb->b, c->m, c->t, Q_GLOBAL_ID, Q_GLOBAL_SIZE);
        LLVMBuildCondBr(
            sb->b, LLVMBuildICmp(sb->b, LLVMIntEQ, lin, LLVMConstInt(LLVMTypeOf(lin), 0, 0), ""),
            once, after);
      }
      LLVMPositionBuilderAtEnd(sb->b, alone ? once : p->bb);
      intptr_t base;
      if (map_get(&c->private_base, v, &base)) {
        LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
        LLVMValueRef a = lookup(sb, (LLVMValueRef)base, NULL);
        LLVMPositionBuilderAtEnd(sb->b, p->bb);
        LLVMValueRef off = LLVMBuildSub(sb->b, LLVMBuildPtrToInt(sb->b, val, i64, ""),
                                        LLVMBuildPtrToInt(sb->b, a, i64, ""), "");
        LLVMValueRef st = LLVMBuildStore(sb->b, off, state_ptr(sb, s->offset, i64));
        LLVMSetAlignment(st, slot_align(s));
      } else if (s->contents) {
        build_memcpy(sb, state_ptr(sb, s->offset, LLVMInt8TypeInContext(ctx)), slot_align(s), val,
                     LLVMGetAlignment(v), s->size);
      } else {
        LLVMTypeRef ct = carried_type(LLVMTypeOf(v));
        val = convert_carried(sb->b, val, LLVMTypeOf(v), 1);
        LLVMValueRef st = LLVMBuildStore(sb->b, val, slot_ptr(sb, s, ct, 1));
        LLVMSetAlignment(st, slot_align(s));
        if (s->uniform)
          LLVMSetOrdering(st, LLVMAtomicOrderingMonotonic);
      }
    }
  }
  if (once) {
    LLVMPositionBuilderAtEnd(sb->b, once);
    LLVMBuildBr(sb->b, after);
    LLVMPositionBuilderAtEnd(sb->b, after);
  }
  if (c->status_offset >= 0)
    LLVMBuildStore(sb->b, LLVMConstInt(i32, j, 0), state_ptr(sb, (unsigned)c->status_offset, i32));
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
        LLVMBuildStore(sb->b, LLVMConstInt(i32, (unsigned long long)-1, 1),
                       state_ptr(sb, (unsigned)c->status_offset, i32));
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

static const char *const virtual_arg_names[] = {"gs_vgroups_x", "gs_vgroups_y", "gs_vgroups_z",
                                                 "gs_vorder"};

/* OpenCL kernel argument metadata has one entry per argument: extend it for
 * the live-state, control and virtual-grid arguments. */
static void copy_kernel_metadata(split_ctx *c, LLVMValueRef fn, unsigned extra) {
  size_t n = 0;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(c->kernel, &n);
  unsigned dbg = LLVMGetMDKindIDInContext(c->ctx, "dbg", 3);
  static const char *const kinds[] = {"kernel_arg_addr_space", "kernel_arg_access_qual",
                                      "kernel_arg_type", "kernel_arg_base_type",
                                      "kernel_arg_type_qual", "kernel_arg_name"};
  /* the extra arguments in order: name, type, address space */
  const char *names[2 + GS_VIRTUAL_ARGS], *types[2 + GS_VIRTUAL_ARGS];
  unsigned spaces[2 + GS_VIRTUAL_ARGS], ne = 0;
  if (c->has_state)
    names[ne] = "gs_live_state", types[ne] = "uchar*", spaces[ne++] = 1;
  if (c->dynamic)
    names[ne] = "gs_control", types[ne] = "int*", spaces[ne++] = 1;
  for (int d = 0; c->virtual_wg && d < GS_VIRTUAL_ARGS; d++)
    names[ne] = virtual_arg_names[d], types[ne] = "uint", spaces[ne++] = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(entries, (unsigned)i);
    LLVMMetadataRef md = LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i);
    if (kind == dbg)
      continue;
    int which = -1;
    for (int k = 0; k < 6; k++)
      if (kind == LLVMGetMDKindIDInContext(c->ctx, kinds[k], (unsigned)strlen(kinds[k])))
        which = k;
    if (which < 0 || !extra) {
      LLVMGlobalSetMetadata(fn, kind, md);
      continue;
    }
    LLVMValueRef node = LLVMMetadataAsValue(c->ctx, md);
    unsigned nops = LLVMGetMDNodeNumOperands(node);
    LLVMValueRef *ops = gs_xcalloc(nops + extra, sizeof *ops);
    LLVMGetMDNodeOperands(node, ops);
    LLVMMetadataRef *mds = gs_xcalloc(nops + extra, sizeof *mds);
    for (unsigned k = 0; k < nops; k++)
      mds[k] = LLVMValueAsMetadata(ops[k]);
    for (unsigned k = 0; k < extra; k++) {
      const char *text = which == 1 ? "none" : which == 2 || which == 3 ? types[k]
                         : which == 4 ? ""
                                      : names[k];
      mds[nops + k] =
          which == 0 ? LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c->ctx), spaces[k], 0))
                     : LLVMMDStringInContext2(c->ctx, text, strlen(text));
    }
    LLVMGlobalSetMetadata(fn, kind, LLVMMDNodeInContext2(c->ctx, mds, nops + extra));
    free(ops);
    free(mds);
  }
  LLVMDisposeValueMetadataEntries(entries);
}

static void copy_attributes(LLVMValueRef from, LLVMValueRef to, unsigned nparams) {
  for (int idx = -1; idx <= (int)nparams; idx++) {
    LLVMAttributeIndex ai =
        idx < 0 ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex : (LLVMAttributeIndex)idx;
    unsigned n = LLVMGetAttributeCountAtIndex(from, ai);
    if (!n)
      continue;
    LLVMAttributeRef *attrs = gs_xcalloc(n, sizeof *attrs);
    LLVMGetAttributesAtIndex(from, ai, attrs);
    for (unsigned k = 0; k < n; k++)
      LLVMAddAttributeAtIndex(to, ai, attrs[k]);
    free(attrs);
  }
}

/* An attribute of parameter ARG of FN, with VALUE where it takes one */
static void add_param_attr_value(LLVMValueRef fn, unsigned arg, const char *name,
                                 uint64_t value) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAddAttributeAtIndex(fn, arg + 1,
                          LLVMCreateEnumAttribute(LLVMGetModuleContext(LLVMGetGlobalParent(fn)),
                                                  kind, value));
}

static void add_param_attr(LLVMValueRef fn, unsigned arg, const char *name) {
  add_param_attr_value(fn, arg, name, 0);
}

static gs_error *build_segment(split_ctx *c, size_t s) {
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
  copy_attributes(c->kernel, sb.fn, c->nparams);
  copy_kernel_metadata(c, sb.fn, extra);
  for (unsigned i = 0; i < c->nparams; i++)
    LLVMSetValueName2(LLVMGetParam(sb.fn, i), vname(LLVMGetParam(c->kernel, i)),
                      strlen(vname(LLVMGetParam(c->kernel, i))));
  /* the live state (16-byte aligned, docs/split.md) holds at least its
   * header, the control word its four ints: what lets a read of either
   * leave a loop (mark_launch_invariant) */
  if (c->has_state) {
    LLVMSetValueName2(LLVMGetParam(sb.fn, c->nparams), "gs_live_state", 13);
    add_param_attr_value(sb.fn, c->nparams, "align", 16);
    if (c->header_bytes)
      add_param_attr_value(sb.fn, c->nparams, "dereferenceable", c->header_bytes);
  }
  if (c->dynamic) {
    unsigned arg = c->nparams + (c->has_state ? 1 : 0);
    sb.control = LLVMGetParam(sb.fn, arg);
    LLVMSetValueName2(sb.control, "gs_control", 10);
    add_param_attr_value(sb.fn, arg, "align", 4);
    add_param_attr_value(sb.fn, arg, "dereferenceable", GS_CONTROL_BYTES);
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
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, sb.fn, "gs.entry");
  LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(ctx, sb.fn, "gs.resume");
  for (size_t p = 0; p < sb.pieces.len; p++) {
    piece *pc = &VEC_AT(&sb.pieces, piece, p);
    pc->bb = LLVMAppendBasicBlockInContext(ctx, sb.fn, LLVMGetBasicBlockName(pc->orig));
  }
  sb.wg_arg_size = gs_xcalloc(c->wg_args.len + 1, sizeof(LLVMValueRef));
  sb.wg_arg_offset = gs_xcalloc(c->wg_args.len + 1, sizeof(LLVMValueRef));
  if (c->wg_mode) {
    /* every invocation of the workgroup ends here: wait for the whole
     * workgroup, then save its workgroup memory for the next segment */
    sb.epilogue = LLVMAppendBasicBlockInContext(ctx, sb.fn, "gs.epilogue");
    LLVMPositionBuilderAtEnd(sb.b, sb.epilogue);
    c->t->build_workgroup_barrier(sb.b, c->m);
  }
  build_entry(&sb, entry, cont);
  if (sb.epilogue) {
    LLVMPositionBuilderAtEnd(sb.b, sb.epilogue);
    int continues = 0;
    for (size_t k = 0; k < c->succs[s].len; k++)
      continues |= VEC_AT(&c->succs[s], int, k) != GS_SEGMENT_END;
    if (continues)
      copy_workgroup_memory(&sb, 0);
    LLVMBuildRetVoid(sb.b);
  }
  LLVMPositionBuilderAtEnd(sb.b, cont);
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
                             (unsigned)s, vname(c->kernel));
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

/* live_in/live_out of the plan: the carried values a segment loads at its
 * start and stores at its exits */
static void record_slots(split_ctx *c, kernel_result *kr) {
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
      if (s > 0 && live_at(c, s, sl->value))
        VEC_PUSH(&kr->live_in[s], live_slot,
                 ((live_slot){value_label(sl->value, sl->offset), sl->offset, sl->size,
                              sl->uniform}));
      int out = 0;
      for (size_t k = 0; k < kr->successors[s].len; k++) {
        int j = VEC_AT(&kr->successors[s], int, k);
        out |= j > 0 && live_at(c, (size_t)j, sl->value);
      }
      if (out)
        VEC_PUSH(&kr->live_out[s], live_slot,
                 ((live_slot){value_label(sl->value, sl->offset), sl->offset, sl->size,
                              sl->uniform}));
    }
  }
}

static gs_error *split_kernel(LLVMModuleRef m, LLVMValueRef kernel, const gs_target *t,
                              const gs_options *opts, LLVMTargetDataRef td, kernel_result *kr,
                              summary_cache *cache, gs_vec *warnings) {
  split_ctx c;
  memset(&c, 0, sizeof c);
  c.m = m;
  c.kernel = kernel;
  c.t = t;
  c.opts = opts;
  c.td = td;
  c.ctx = LLVMGetModuleContext(m);
  c.nparams = LLVMCountParams(kernel);
  c.succs = kr->successors;
  gs_error *err = cfg_build(&c.cfg, kernel, opts);
  if (err)
    return err;
  vec_init(&c.wg_slots, sizeof(state_slot));
  vec_init(&c.wg_args, sizeof(int));
  access_analyze(&c.access, m, kernel, t, cache, warnings);
  err = carried_workgroup_memory(&c, kr);
  if (err) {
    access_free(&c.access);
    vec_free(&c.wg_slots);
    vec_free(&c.wg_args);
    cfg_free(&c.cfg);
    return err;
  }
  liveness_compute(&c.cfg, &c.live);
  remat_init(&c.remat, t, load_recomputable, &c);
  map_init(&c.private_base);
  c.dynamic = kr->schedule == GS_SCHEDULE_DYNAMIC;
  c.virtual_wg = virtual_workgroups_on(opts, t);
  /* the status word tells a segment which invocations returned: needed only
   * where invocations can part between returning and reaching a barrier (a
   * uniform return ends the schedule for all, through the control word) */
  int track = 0;
  map_init(&c.varying);
  uniformity_facts(&c.cfg, t, &c.varying, &track);
  err = check_live(&c);
  if (!err)
    err = carried_globals(&c, kr);
  if (!err) {
    layout(&c, track);
    c.has_state = c.stride || c.wg_mode || kr->globals.len || c.header_bytes;
    c.names = gs_xcalloc(kr->nsegments, sizeof *c.names);
    for (size_t s = 0; s < kr->nsegments; s++) {
      c.names[s] = segment_function_name(kr->name, kr->barriers, s);
    }
    for (size_t s = 0; s < kr->nsegments && !err; s++)
      err = build_segment(&c, s);
    kr->live_state_arg = c.has_state ? (int)c.nparams : -1;
    kr->live_bytes = c.stride;
    kr->workgroup_bytes = c.wg_bytes;
    kr->header_bytes = c.header_bytes;
    vec_init(&kr->workgroup_args, sizeof(int));
    for (size_t i = 0; i < c.wg_args.len; i++)
      VEC_PUSH(&kr->workgroup_args, int, VEC_AT(&c.wg_args, int, i));
    kr->recomputed_bytes = c.recomputed_bytes;
    kr->status_offset = c.status_offset;
    kr->control_arg = c.dynamic ? (int)(c.nparams + (c.has_state ? 1 : 0)) : -1;
    kr->virtual_arg = c.virtual_wg ? (int)c.virtual_arg : -1;
    kr->distinct_buffers = opts && opts->distinct_buffers;
    record_slots(&c, kr);
    for (size_t s = 0; s < kr->nsegments; s++)
      free(c.names[s]);
    free(c.names);
    vec_free(&c.slots);
    map_free(&c.slot_of);
  }
  vec_free(&c.wg_slots);
  vec_free(&c.wg_args);
  remat_free(&c.remat);
  map_free(&c.private_base);
  map_free(&c.varying);
  access_free(&c.access);
  liveness_free(&c.live);
  cfg_free(&c.cfg);
  return err;
}

static LLVMValueRef segment_function(LLVMModuleRef m, const kernel_result *kr, size_t s) {
  char *name = segment_function_name(kr->name, kr->barriers, s);
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  free(name);
  return fn;
}

/* Only the segments leave the scratch module: everything else becomes
 * available_externally (the caller's module has the definitions), and what
 * nothing uses any more is deleted, so that linking adds just the segments. */
static void prune_scratch(LLVMModuleRef c, const gs_map *segments) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c); f; f = LLVMGetNextFunction(f)) {
    if (map_get(segments, f, NULL) || !LLVMCountBasicBlocks(f))
      continue;
    LLVMLinkage l = LLVMGetLinkage(f);
    if (l != LLVMInternalLinkage && l != LLVMPrivateLinkage) {
      LLVMSetLinkage(f, LLVMAvailableExternallyLinkage);
      LLVMSetComdat(f, NULL);
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c); g; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    if (LLVMGetInitializer(g) && l != LLVMInternalLinkage && l != LLVMPrivateLinkage) {
      LLVMSetLinkage(g, LLVMAvailableExternallyLinkage);
      LLVMSetComdat(g, NULL);
    }
  }
  int changed = 1;
  while (changed) {
    changed = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (!map_get(segments, f, NULL) && !LLVMGetFirstUse(f)) {
        LLVMDeleteFunction(f);
        changed = 1;
      }
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(c), next; g; g = next) {
      next = LLVMGetNextGlobal(g);
      if (!LLVMGetFirstUse(g)) {
        LLVMDeleteGlobal(g);
        changed = 1;
      }
    }
  }
}

/* V in FN, with every use of the global G (directly or in a constant
 * expression) through REPLACEMENT, built at B. */
static LLVMValueRef relocated(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef g,
                              LLVMValueRef replacement) {
  if (v == g)
    return LLVMBuildPointerCast(b, replacement, LLVMTypeOf(g), "");
  if (!LLVMIsAConstantExpr(v))
    return NULL;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
    return NULL;
  LLVMValueRef base = relocated(b, LLVMGetOperand(v, 0), g, replacement);
  if (!base)
    return NULL;
  if (op == LLVMBitCast)
    return LLVMBuildPointerCast(b, base, LLVMTypeOf(v), "");
  if (op == LLVMAddrSpaceCast)
    return LLVMBuildAddrSpaceCast(b, base, LLVMTypeOf(v), "");
  unsigned n = (unsigned)LLVMGetNumOperands(v) - 1;
  LLVMValueRef *idx = gs_xcalloc(n + 1, sizeof *idx);
  for (unsigned i = 0; i < n; i++)
    idx[i] = LLVMGetOperand(v, i + 1);
  LLVMValueRef r = LLVMBuildGEP2(b, LLVMGetGEPSourceElementType(v), base, idx, n, "");
  free(idx);
  return r;
}

/* The carried program-scope variables move into the live state: each
 * segment addresses them from its live-state argument. Done after the roles,
 * which describe them as the buffers they are. */
static void relocate_globals(LLVMModuleRef c, const kernel_result *kr) {
  LLVMContextRef ctx = LLVMGetModuleContext(c);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  for (size_t s = 0; s < kr->nsegments && kr->globals.len; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    LLVMValueRef state = LLVMGetParam(fn, (unsigned)kr->live_state_arg);
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilder(b, entry, ir_first_after_allocas(entry));
    for (size_t i = 0; i < kr->globals.len; i++) {
      const carried_global *cg = &VEC_AT(&kr->globals, carried_global, i);
      LLVMValueRef g = LLVMGetNamedGlobal(c, cg->name);
      LLVMValueRef off = LLVMConstInt(i64, cg->offset, 0);
      LLVMValueRef place = LLVMBuildGEP2(b, i8, state, &off, 1, cg->name);
      /* the instructions of FN that use G, directly or through constants */
      gs_vec users;
      vec_init(&users, sizeof(LLVMValueRef));
      gs_vec work;
      vec_init(&work, sizeof(LLVMValueRef));
      VEC_PUSH(&work, LLVMValueRef, g);
      while (work.len) {
        LLVMValueRef v = VEC_AT(&work, LLVMValueRef, --work.len);
        for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
          LLVMValueRef user = LLVMGetUser(u);
          if (LLVMIsAConstantExpr(user))
            VEC_PUSH(&work, LLVMValueRef, user);
          else if (LLVMIsAInstruction(user) && ir_function_in(user, fn) && !in_vec(&users, user))
            VEC_PUSH(&users, LLVMValueRef, user);
        }
      }
      vec_free(&work);
      for (size_t k = 0; k < users.len; k++) {
        LLVMValueRef user = VEC_AT(&users, LLVMValueRef, k);
        int nops = LLVMGetNumOperands(user);
        for (int o = 0; o < nops; o++) {
          LLVMValueRef r = relocated(b, LLVMGetOperand(user, (unsigned)o), g, place);
          if (r)
            LLVMSetOperand(user, (unsigned)o, r);
        }
      }
      vec_free(&users);
    }
    LLVMDisposeBuilder(b);
  }
}

/* Roles of the emitted segments (SPEC section 3: roles describe the segments
 * as emitted), then the attributes and metadata that carry them. */
static void segment_roles(LLVMModuleRef c, kernel_result *kr, const gs_target *t,
                          summary_cache *cache, gs_vec *warnings) {
  size_t nb = kr->buffers.len;
  for (size_t s = 0; s < kr->nsegments; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    kernel_access ka;
    access_analyze(&ka, c, fn, t, cache, warnings);
    for (size_t b = 0; b < nb; b++)
      kr->access[s * nb + b].flags = 0;
    for (size_t i = 0; i < ka.facts.len; i++) {
      const access_fact *f = &VEC_AT(&ka.facts, access_fact, i);
      const buffer_desc *d = &VEC_AT(&ka.buffers, buffer_desc, f->buffer);
      for (size_t b = 0; b < nb; b++) {
        const buffer_desc *kb = &VEC_AT(&kr->buffers, buffer_desc, b);
        int same = d->arg >= 0 ? kb->arg == d->arg : (kb->arg < 0 && !strcmp(kb->name, d->name));
        if (same)
          kr->access[s * nb + b].flags |= f->flags;
      }
    }
    access_free(&ka);
  }
  free(kr->host_input);
  free(kr->host_output);
  roles_compute(kr);
}

/* Whether FN may write memory or call what could: stores, atomics, fences,
 * and calls but the target's pure queries, workgroup barriers and LLVM's
 * markers. A segment without effects need not run (SPEC section 4). */
static int segment_has_effects(LLVMValueRef fn, const gs_target *t) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
          LLVMIsAFenceInst(i) || (LLVMIsALoadInst(i) && LLVMGetVolatile(i)))
        return 1;
      if (!ir_is_call(i) || ir_is_marker(i))
        continue;
      const char *callee = ir_callee_name(i);
      if (!callee || !(t->is_pure_query(callee) || t->is_workgroup_barrier(i, callee, 1)))
        return 1;
    }
  return 0;
}

static int has_param_attr(LLVMValueRef fn, unsigned arg, const char *name) {
  return LLVMGetEnumAttributeAtIndex(fn, arg + 1,
                                     LLVMGetEnumAttributeKindForName(name, strlen(name))) != NULL;
}

/* kernel_arg_type_qual: "const" for read-only buffers, "restrict" where
 * noalias holds (OpenCL C 6.7 qualifiers as the SPIR metadata spells them). */
static void set_type_qual(LLVMValueRef fn, unsigned arg, int is_const, int is_restrict) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "kernel_arg_type_qual", 20);
  size_t nentries = 0;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &nentries);
  LLVMMetadataRef md = NULL;
  for (size_t i = 0; i < nentries; i++)
    if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) == kind)
      md = LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i);
  if (entries)
    LLVMDisposeValueMetadataEntries(entries);
  if (!md)
    return;
  LLVMValueRef node = LLVMMetadataAsValue(ctx, md);
  unsigned n = LLVMGetMDNodeNumOperands(node);
  if (arg >= n)
    return;
  LLVMValueRef *ops = gs_xcalloc(n, sizeof *ops);
  LLVMGetMDNodeOperands(node, ops);
  LLVMMetadataRef *mds = gs_xcalloc(n, sizeof *mds);
  for (unsigned k = 0; k < n; k++)
    mds[k] = LLVMValueAsMetadata(ops[k]);
  unsigned len = 0;
  const char *old = LLVMGetMDString(ops[arg], &len);
  gs_str q;
  str_init(&q);
  int has_const = old && strstr(old, "const") != NULL;
  int has_restrict = old && strstr(old, "restrict") != NULL;
  if (is_const || has_const)
    str_printf(&q, "const");
  if (is_restrict || has_restrict)
    str_printf(&q, "%srestrict", q.len ? " " : "");
  if (old && strstr(old, "volatile"))
    str_printf(&q, "%svolatile", q.len ? " " : "");
  mds[arg] = LLVMMDStringInContext2(ctx, q.s ? q.s : "", q.len);
  LLVMGlobalSetMetadata(fn, kind, LLVMMDNodeInContext2(ctx, mds, n));
  str_free(&q);
  free(ops);
  free(mds);
}

static void apply_roles(LLVMModuleRef c, const kernel_result *kr) {
  size_t nb = kr->buffers.len;
  for (size_t s = 0; s < kr->nsegments; s++) {
    LLVMValueRef fn = segment_function(c, kr, s);
    for (size_t b = 0; b < nb; b++) {
      const buffer_desc *d = &VEC_AT(&kr->buffers, buffer_desc, b);
      if (d->arg < 0)
        continue;
      unsigned arg = (unsigned)d->arg;
      gs_role role = kr->access[s * nb + b].role;
      int noalias = has_param_attr(fn, arg, "noalias");
      if (kr->distinct_buffers && d->space != SPACE_WORKGROUP && !noalias) {
        add_param_attr(fn, arg, "noalias");
        noalias = 1;
      }
      /* a segment that reads back its own writes (ACC_OWN) is no writeonly
       * kernel to LLVM, whatever its role */
      int own = (kr->access[s * nb + b].flags & ACC_OWN) != 0;
      const char *want = role == GS_ROLE_NONE            ? "readnone"
                         : role == GS_ROLE_READ          ? "readonly"
                         : role == GS_ROLE_WRITE && !own ? "writeonly"
                                                         : NULL;
      if (own)
        LLVMRemoveEnumAttributeAtIndex(fn, arg + 1,
                                       LLVMGetEnumAttributeKindForName("writeonly", 9));
      if (want) {
        /* the kernel's own (inferred) access attribute may be wider */
        static const char *const access[] = {"readnone", "readonly", "writeonly"};
        for (int i = 0; i < 3; i++)
          if (strcmp(access[i], want))
            LLVMRemoveEnumAttributeAtIndex(
                fn, arg + 1, LLVMGetEnumAttributeKindForName(access[i], strlen(access[i])));
        if (!has_param_attr(fn, arg, want))
          add_param_attr(fn, arg, want);
      }
      if (d->space != SPACE_WORKGROUP)
        set_type_qual(fn, arg, role == GS_ROLE_READ || role == GS_ROLE_NONE, noalias);
    }
  }
}

/* A struct passed by value (`byval`) is the invocation's own copy, which the
 * kernel may change; every launch of a segment gets the host's bytes afresh.
 * So the kernel to split works on a private variable initialised from the
 * argument at its entry: what it changes then lives in private memory,
 * carried across barriers like any other (or promoted by sroa), and the
 * argument itself is only ever read, so reading it again in a later segment
 * gives what the first read gave. A `byref` struct (AMDGPU) is constant
 * memory, never written, and is left as it is. */
static void copy_value_args(LLVMValueRef f, LLVMTargetDataRef td) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
  for (unsigned i = 0; i < LLVMCountParams(f); i++) {
    LLVMValueRef arg = LLVMGetParam(f, i);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f, i + 1, byval);
    if (!a || !LLVMGetFirstUse(arg))
      continue;
    LLVMTypeRef ty = LLVMGetTypeAttributeValue(a);
    LLVMAttributeRef al = LLVMGetEnumAttributeAtIndex(f, i + 1, align_kind);
    unsigned align = al ? (unsigned)LLVMGetEnumAttributeValue(al) : 0;
    if (align < LLVMABIAlignmentOfType(td, ty))
      align = LLVMABIAlignmentOfType(td, ty);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    LLVMPositionBuilderBefore(b, first);
    LLVMValueRef copy = LLVMBuildAlloca(b, ty, "");
    LLVMSetAlignment(copy, align);
    LLVMValueRef use = copy;
    if (LLVMTypeOf(copy) != LLVMTypeOf(arg))
      use = LLVMBuildAddrSpaceCast(b, copy, LLVMTypeOf(arg), "");
    LLVMReplaceAllUsesWith(arg, use);
    LLVMBuildMemCpy(b, copy, align, arg, align,
                    LLVMConstInt(LLVMIntPtrTypeInContext(ctx, td), LLVMABISizeOfType(td, ty), 0));
    size_t len;
    const char *name = LLVMGetValueName2(arg, &len);
    char *copy_name = gs_xmalloc(len + 6);
    snprintf(copy_name, len + 6, "%s.copy", name);
    LLVMSetValueName2(copy, copy_name, strlen(copy_name));
    free(copy_name);
  }
  LLVMDisposeBuilder(b);
}

static gs_error *verify(LLVMModuleRef m, const char *what) {
  char *msg = NULL;
  gs_error *e = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    size_t n = msg ? strcspn(msg, "\n") : 0;
    e = gs_errorf("internal error: the %s does not verify: %.*s", what, (int)n, msg ? msg : "");
  }
  LLVMDisposeMessage(msg);
  return e;
}

/* The names the split gives its segments must be free: a module that holds
 * `k.seg0` already is most likely a split's output (or the plugin ran twice),
 * and linking would fail on the name. */
static gs_error *check_segment_names(LLVMModuleRef m, const gs_analysis *a) {
  for (size_t k = 0; k < a->kernels.len; k++) {
    const kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
    for (size_t s = 0; kr->barriers && s < kr->nsegments; s++) {
      char *name = segment_function_name(kr->name, kr->barriers, s);
      int taken = LLVMGetNamedFunction(m, name) || LLVMGetNamedGlobal(m, name) ||
                  LLVMGetNamedGlobalAlias(m, name, strlen(name));
      gs_error *e = taken ? gs_errorf("kernel '%s': the module already holds '%s', the name of the "
                                      "kernel's segment %zu: it looks split already (gridsplit "
                                      "splits a module once; give it the unsplit input)",
                                      kr->name, name, s)
                          : NULL;
      free(name);
      if (e)
        return e;
    }
  }
  return NULL;
}

static gs_error *link_segments(LLVMModuleRef dst, LLVMModuleRef src) {
  /* LLVMLinkModules2 says why it failed to the diagnostic handler */
  diag_scope d;
  diag_scope_open(&d, LLVMGetModuleContext(dst));
  LLVMBool failed = LLVMLinkModules2(dst, src);
  char *msg = diag_scope_close(&d);
  gs_error *e = failed ? gs_errorf("internal error: linking the segments into the module failed: "
                                   "%s", msg ? msg : "LLVM gave no reason")
                       : NULL;
  free(msg);
  return e;
}

gs_error *gs_split_module(LLVMModuleRef m, const gs_options *opts, gs_analysis **out) {
  *out = NULL;
  gs_options none;
  memset(&none, 0, sizeof none);
  none.virtual_workgroups = -1;
  if (!opts)
    opts = &none;
  gs_analysis *a = NULL;
  gs_error *err = gs_analyze(m, opts, &a);
  if (!err)
    err = check_segment_names(m, a);
  if (err) {
    gs_analysis_dispose(a);
    return err;
  }
  const gs_target *t = target_for_module(m);
  LLVMModuleRef c = LLVMCloneModule(m);
  err = inline_barrier_callees_in_place(c, opts, t);
  /* promote private variables in the kernels to split, so that what crosses
   * a barrier is SSA values, not memory */
  for (size_t k = 0; !err && k < a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
    if (!kr->barriers)
      continue;
    LLVMValueRef f = LLVMGetNamedFunction(c, kr->name);
    static const char *const drop[] = {"optnone", "noinline"};
    for (int i = 0; i < 2; i++)
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                     LLVMGetEnumAttributeKindForName(drop[i], strlen(drop[i])));
  }
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(c));
  for (size_t k = 0; !err && k < a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
    if (kr->barriers)
      copy_value_args(LLVMGetNamedFunction(c, kr->name), td);
  }
  if (!err)
    err = ir_run_passes(c, "function(sroa,mem2reg)", NULL);
  summary_cache *cache = summaries_create(t, &a->warnings);
  gs_map segments;
  map_init(&segments);
  for (size_t k = 0; !err && k < a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
    if (!kr->barriers)
      continue;
    LLVMValueRef f = LLVMGetNamedFunction(c, kr->name);
    err = split_kernel(c, f, t, opts, td, kr, cache, &a->warnings);
    for (size_t s = 0; !err && s < kr->nsegments; s++) {
      map_put(&segments, segment_function(c, kr, s), 1);
    }
  }
  summaries_dispose(cache);
  LLVMDisposeTargetData(td);
  if (!err) {
    prune_scratch(c, &segments);
    /* always-inline puts virtual workgroups' bodies into their loops; there
     * LICM takes what reads the physical workgroup (local ids and sizes) out
     * of the loop and instcombine narrows the index arithmetic the remapped
     * queries widened */
    err = ir_run_passes(c, virtual_workgroups_on(opts, t)
                            ? "always-inline,function(sroa,mem2reg,instsimplify,simplifycfg,"
                              "loop-mssa(licm)," GS_INSTCOMBINE ",simplifycfg)"
                            : "function(sroa,mem2reg,instsimplify,simplifycfg)",
                        NULL);
    for (size_t i = 0; !err && i < segments.cap; i++)
      if (segments.keys[i])
        ir_tidy_blocks((LLVMValueRef)segments.keys[i]);
  }
  if (!err) {
    summary_cache *rc = summaries_create(t, &a->warnings);
    for (size_t k = 0; k < a->kernels.len; k++) {
      kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
      if (!kr->barriers)
        continue;
      segment_roles(c, kr, t, rc, &a->warnings);
      kr->empty = gs_xcalloc(kr->nsegments, 1);
      for (size_t s = 0; s < kr->nsegments; s++)
        kr->empty[s] = !segment_has_effects(segment_function(c, kr, s), t);
      apply_roles(c, kr);
      relocate_globals(c, kr);
    }
    summaries_dispose(rc);
    err = verify(c, "split module");
  }
  map_free(&segments);
  /* link into a copy first: the caller's module changes only when the
   * whole split has succeeded */
  if (!err) {
    LLVMModuleRef trial = LLVMCloneModule(m), cc = LLVMCloneModule(c);
    err = link_segments(trial, cc);
    if (!err && opts->drop_original)
      err = drop_barrier_functions(trial, opts);
    if (!err)
      err = verify(trial, "module with its segments");
    LLVMDisposeModule(trial);
  }
  if (err) {
    LLVMDisposeModule(c);
    gs_analysis_dispose(a);
    return err;
  }
  /* the trial link succeeded on copies of both */
  gs_error_dispose(link_segments(m, c));
  if (opts->drop_original)
    gs_error_dispose(drop_barrier_functions(m, opts));
  *out = a;
  return NULL;
}

static const kernel_result *split_kernel_result(const gs_analysis *a, size_t k) {
  return &VEC_AT(&a->kernels, kernel_result, k);
}

int gs_kernel_live_state_arg(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->live_state_arg;
}

unsigned gs_kernel_live_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->live_bytes;
}

int gs_kernel_control_arg(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->control_arg;
}

int gs_kernel_virtual_groups_arg(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->virtual_arg;
}

unsigned gs_kernel_workgroup_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->workgroup_bytes;
}

unsigned gs_kernel_recomputed_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->recomputed_bytes;
}

unsigned gs_kernel_live_header_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->header_bytes;
}

size_t gs_kernel_workgroup_arg_count(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->workgroup_args.len;
}

int gs_kernel_workgroup_arg(const gs_analysis *a, size_t k, size_t i) {
  return VEC_AT(&split_kernel_result(a, k)->workgroup_args, int, i);
}

size_t gs_kernel_carried_global_count(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->globals.len;
}

const char *gs_kernel_carried_global(const gs_analysis *a, size_t k, size_t i, unsigned *offset,
                                     unsigned *bytes, const unsigned char **init) {
  const carried_global *cg = &VEC_AT(&split_kernel_result(a, k)->globals, carried_global, i);
  *offset = cg->offset;
  *bytes = cg->bytes;
  *init = cg->init;
  return cg->name;
}
