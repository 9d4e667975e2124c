/* The per-kernel steps of the split, which lib/split.c drives in order
 * (docs/split.md): layout.c decides what crosses each barrier and where it
 * lives in the live state, state.c builds the loads, stores and copies of
 * that state, clone.c builds each segment as a re-entered copy of the
 * kernel, attributes.c gives the emitted segments their roles, attributes
 * and metadata. split_ctx is one kernel's analyses and layout, computed
 * once and read by the later steps. */
#ifndef GS_SPLIT_STEPS_H
#define GS_SPLIT_STEPS_H

#include "gs.h"

#include <llvm-c/Target.h>

/* live state layout */

typedef struct {
  LLVMValueRef value; /* an SSA value, or an alloca whose contents are carried */
  unsigned offset, size, align;
  int contents; /* 1: the alloca's memory, 0: the value */
  int once;     /* the same in every invocation: carried once, in the header (the plan's "once") */
  /* workgroup memory: carried only where the workgroup's x size is below
   * this (every segment that reads it overwrites it first: wg_cover.c); 0:
   * always */
  unsigned long long wide;
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
  gs_vec slots;        /* state_slot */
  gs_map slot_of;      /* value -> slot index */
  gs_map private_base; /* pointer into one alloca -> the alloca: carried as an offset */
  unsigned stride;     /* bytes per invocation */
  int status_offset;
  int dynamic;
  unsigned nparams;
  gs_vec wg_slots;       /* state_slot: carried workgroup globals, offsets per workgroup */
  unsigned wg_bytes;     /* per workgroup, for the globals */
  gs_vec wg_args;        /* int: carried workgroup arguments, sized by the host */
  unsigned header_bytes; /* the host writes each carried argument's size (u64) here,
                          * then the carried program-scope variables */
  unsigned globals_offset;
  int wg_mode;               /* some workgroup memory is carried */
  int has_state;             /* the segments take a live-state argument */
  unsigned recomputed_bytes; /* live values recomputed instead of carried */
  int virtual_wg;            /* segments loop over virtual workgroups */
  int steps_in_segments;     /* and step the control word (kernel_result's) */
  unsigned virtual_arg;      /* the first of their three workgroup counts, then the order */
  gs_map varying;            /* invocation-dependent values of the kernel */
  gs_vec *succs;             /* per segment, from the analysis */
  char **names;              /* per segment function name */
  size_t nsegments;
  int track_status;     /* the status word is needed (uniformity) */
  summary_cache *cache; /* callee summaries of the access analysis */
  gs_vec *warnings;
  int analysed; /* cfg, varying, track_status and access are the analysis step's */
  struct seg_facts *reload_facts; /* reload.c's, per segment, made when asked */
} split_ctx;

static inline const char *vname(LLVMValueRef v) {
  size_t len;
  return LLVMGetValueName2(v, &len);
}

static inline int in_vec(const gs_vec *v, LLVMValueRef x) {
  for (size_t i = 0; i < v->len; i++)
    if (VEC_AT(v, LLVMValueRef, i) == x)
      return 1;
  return 0;
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
  gs_map defined; /* instructions the segment executes */
  gs_vec clones;  /* (original, clone) pairs of non-phi instructions */
  gs_vec phis;    /* (original, clone) pairs */
  LLVMValueRef lin, ninv; /* i64: the invocation's global linear id, the grid's invocations */
  LLVMValueRef control;
  LLVMValueRef once_odd, once_write; /* dynamic: launch L is odd (reads copy 1); the
                                      * i64 offset of the copy it writes */
  LLVMValueRef wg_base;              /* this workgroup's save area */
  LLVMValueRef *wg_arg_size;         /* per carried workgroup argument: bytes, and */
  LLVMValueRef *wg_arg_offset;       /* offset in the save area (i64) */
  gs_map locals;                     /* workgroup global -> this segment's own copy */
  LLVMBasicBlockRef epilogue;        /* every way out, when workgroup memory is saved */
  LLVMBasicBlockRef resume_end;      /* where the segment's prologue ends */
  gs_error *err;
} seg_builder;

typedef struct {
  LLVMValueRef orig, clone;
} clone_pair;

/* layout.c: what is live across each barrier, and its place in the live state */

int layout_load_recomputable(void *ctxp, LLVMValueRef load);
/* reload.c: whether a recomputed value may read a written buffer again
 * (remat_reload_ok); the one global buffer argument IN accesses, or -1 */
int layout_reload_ok(void *ctxp, LLVMValueRef root, const gs_vec *tree, LLVMValueRef at,
                     LLVMValueRef guard, int polarity);
int reload_one_buffer(const split_ctx *c, LLVMValueRef in);
void reload_free(split_ctx *c);
gs_error *layout_check_live(split_ctx *c);
gs_error *layout_workgroup_memory(split_ctx *c, const kernel_result *kr);
/* wg_cover.c: N for a workgroup array G of N elements, else 0; whether
 * every read of G (buffer BUFFER of c->access) in segment S follows a store
 * of element get_local_id(0) by every invocation and a workgroup barrier */
unsigned long long wg_cover_length(LLVMValueRef g);
int wg_segment_covered(split_ctx *c, size_t s, int buffer, LLVMValueRef g);
gs_error *layout_globals(split_ctx *c, kernel_result *kr);
LLVMTypeRef layout_carried_type(LLVMTypeRef ty);
LLVMValueRef layout_convert(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty, int to);
void layout_slots(split_ctx *c, int track_status);
unsigned layout_slot_align(const state_slot *s);
unsigned layout_slot_elem(const state_slot *s);
int layout_live_at(const split_ctx *c, size_t site, LLVMValueRef v);
void layout_record_slots(split_ctx *c, kernel_result *kr);

/* state.c: loads, stores and copies of the live state and workgroup memory */

/* the invocation's element of the column at OFFSET whose elements are ELEM
 * bytes (docs/split.md, "The live-state buffer"), as a TY pointer */
LLVMValueRef state_ptr(seg_builder *sb, unsigned offset, unsigned elem, LLVMTypeRef ty);
void state_mark_launch_invariant(LLVMValueRef load);
/* INST tagged TAG (GS_ONCE_READ_MD, GS_ONCE_WRITE_MD) with the header offset
 * of S, a value carried once */
void state_tag_once(LLVMContextRef ctx, LLVMValueRef inst, const char *tag, const state_slot *s);
LLVMValueRef state_slot_ptr(seg_builder *sb, const state_slot *s, LLVMTypeRef ty, int write);
LLVMValueRef state_load_slot(seg_builder *sb, const state_slot *s, LLVMTypeRef ty,
                             const char *name);
LLVMValueRef state_memcpy(seg_builder *sb, LLVMValueRef dst, unsigned dst_align, LLVMValueRef src,
                          unsigned src_align, unsigned size);
LLVMValueRef state_segment_local(seg_builder *sb, LLVMValueRef g);
void state_copy_workgroup_memory(seg_builder *sb, int restore);
LLVMValueRef state_copies_workgroup_memory(seg_builder *sb);

/* clone.c: one segment, a re-entered copy of the kernel */

gs_error *clone_segment(split_ctx *c, size_t s);

/* attributes.c: roles, attributes and metadata of the emitted segments */

/* the names of the virtual grid's arguments (gs_kernel_virtual_workgroups_arg) */
extern const char *const virtual_arg_names[GS_VIRTUAL_ARGS];

void attr_copy_kernel_metadata(split_ctx *c, LLVMValueRef fn, unsigned extra);
void attr_copy_function(LLVMValueRef from, LLVMValueRef to, unsigned nparams);
void attr_add_param_value(LLVMValueRef fn, unsigned arg, const char *name, uint64_t value);
void attr_relocate_globals(LLVMModuleRef c, const kernel_result *kr);
void attr_segment_roles(LLVMModuleRef c, kernel_result *kr, const gs_target *t,
                        summary_cache *cache, gs_vec *warnings);
int attr_segment_has_effects(LLVMValueRef fn, const gs_target *t);
void attr_apply_roles(LLVMModuleRef c, const kernel_result *kr);
/* where the kernel's buffers are distinct: each segment's buffers that no
 * invocation of it writes (role read or none) noalias and readonly, so that
 * LICM may take their loads out of the loop over virtual workgroups across
 * the workgroup barriers in it; the written ones without noalias, and the
 * segment without scoped-alias metadata (a restrict argument's, inlined);
 * 1 when any buffer was marked */
int attr_mark_unwritten(LLVMModuleRef c, const kernel_result *kr);

/* dump.c: what each kernel step computed, as --dump-after=STEP prints it */

typedef void (*dump_kernel_fn)(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_segments(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_uniformity(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_access(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_liveness(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_remat(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_layout(gs_str *o, split_ctx *c, const kernel_result *kr);
void dump_clone(gs_str *o, split_ctx *c, const kernel_result *kr);

#endif
