/* gridsplit: the library's internal interfaces, one section per step. */
#ifndef GS_GS_H
#define GS_GS_H

#include <llvm-c/Core.h>

#include "gridsplit/analysis.h"
#include "gridsplit/control_word.h"
#include "gridsplit/emit.h"
#include "gridsplit/error.h"
#include "gridsplit/options.h"
#include "util.h"

/* error */

struct gs_error {
  char *message;
};

/* the library's own name for gs_error_create (include/gridsplit/error.h) */
#define gs_errorf gs_error_create

/* options */

struct gs_options {
  char **barriers; /* extra barrier names (barrier=NAME) */
  size_t nbarriers;
  char *kernel;           /* analyse only this kernel, or NULL */
  int drop_original;      /* keep-original=false */
  int distinct_buffers;   /* distinct-buffers=true: no two buffers overlap */
  int virtual_workgroups; /* as gs_options_set_virtual_workgroups: 1 on, 0 off, -1 the target's
                             default */
  int steps_in_segments;  /* steps-in-segments=true: the dynamic step in the segments */
  char *plan;             /* plan=FILE (the plugin writes it) */
  char *dump_after;       /* dump-after=STEP: print what the split's step made */
  int verify_each;        /* verify-each=true: the verifier after every step */
  int time_steps;         /* time-steps=true: each step's wall time to stderr */
  int stop_after_dump;    /* gs_split_print_step: the split ends after the dump */
};

/* split: the steps' names, "analysis, prepare, ...", for errors that list
 * them; release with free */
char *split_step_list(void);

/* load */

/* The whole file, NUL-terminated (*SIZE excludes the NUL); release with free.
 * On error *DATA is NULL. */
gs_error *gs_read_file(const char *path, char **data, size_t *size);
/* Textual IR (BITCODE 0) or bitcode read from PATH into CTX in a sandboxed
 * child (lib/load.c), verified; the message names PATH. */
gs_error *load_ir_file(LLVMContextRef ctx, const char *path, int bitcode, LLVMModuleRef *out);
/* NULL when M verifies, else "PATH: invalid module: ..." (malloc'd) */
char *load_verify_message(LLVMModuleRef m, const char *path);

/* ir: small helpers over the LLVM C API */

char *ir_value_text(LLVMValueRef v);                /* printed, one line, trimmed */
char *ir_location(LLVMValueRef inst);               /* "file:line:col" or NULL */
const char *ir_callee_name(LLVMValueRef call);      /* NULL for an indirect call */
LLVMValueRef ir_called_function(LLVMValueRef call); /* NULL for an indirect call */
int ir_is_call(LLVMValueRef inst);                  /* call or invoke */
int ir_is_marker(LLVMValueRef inst);                /* llvm.lifetime.*, llvm.dbg.* */
/* Integer arithmetic, logic, shifts and integer-width casts: add to srem,
 * shl to xor, trunc, zext, sext (the divisions among them may trap). */
int ir_is_integer_op(LLVMOpcode op);
/* Runs the pass pipeline PASSES (LLVMRunPasses) on M, LLVM's diagnostics
 * kept: an error "WHAT failed: ...", or "running 'PASSES' failed: ..." when
 * WHAT is NULL. */
gs_error *ir_run_passes(LLVMModuleRef m, const char *passes, const char *what);
#if GS_LLVM_MAJOR >= 20
/* a function pass pipeline (LLVMRunPassesOnFunction's text) on F alone */
gs_error *ir_run_function_passes(LLVMValueRef f, const char *passes, const char *what);
#endif
/* LLVM's verifier on M as an error ("internal error: the WHAT does not
 * verify: ..."), not an abort; NULL when it verifies */
gs_error *ir_verify(LLVMModuleRef m, const char *what);
/* `if (COND) {`: the builder moves into a new block THEN, and the block
 * the branch joins at, DONE, is returned for ir_end_if (`}`), which moves
 * the builder there */
LLVMBasicBlockRef ir_begin_if(LLVMBuilderRef b, LLVMValueRef cond, const char *then,
                              const char *done);
void ir_end_if(LLVMBuilderRef b, LLVMBasicBlockRef done);
/* An atomic read-modify-write at sync scope SCOPE (a target's name for it,
 * e.g. gs_target's workgroup_scope) where the C API names scopes (LLVM 20
 * on); at the system's scope, which is stronger, on LLVM 15. */
LLVMValueRef ir_atomic_rmw(LLVMBuilderRef b, LLVMAtomicRMWBinOp op, LLVMValueRef p, LLVMValueRef v,
                           LLVMAtomicOrdering order, const char *scope);
char *ir_itanium_base(const char *name); /* "_Z10atomic_addPU3AS1Vii" -> "atomic_add" */
int ir_function_in(LLVMValueRef inst, LLVMValueRef fn);
char *ir_describe(LLVMValueRef inst);                 /* "'text' (file:line:col)" */
/* FN's reqd_work_group_size into WG (a constant that is none: 0): 1, or 0
 * when it has none */
int ir_reqd_work_group_size(LLVMValueRef fn, unsigned wg[3]);
void ir_pointer_bases(LLVMValueRef p, gs_vec *bases); /* the objects P points into */
/* PTR as a parameter (*PARAM) plus a constant byte offset (*OFFSET), through
 * bitcasts and GEPs of integer elements; 0 when it is not */
int ir_param_offset(LLVMValueRef ptr, LLVMValueRef *param, unsigned long long *offset);
/* whether INST has the metadata TAG; INST tagged TAG with an empty node */
int ir_has_md(LLVMValueRef inst, const char *tag);
void ir_mark(LLVMValueRef inst, const char *tag);
/* whether INST calls the function NAME directly; FN's calls of NAME, in
 * order, into CALLS (initialised here) */
int ir_calls(LLVMValueRef inst, const char *name);
void ir_calls_of(LLVMValueRef fn, const char *name, gs_vec *calls);
/* The type of argument I of FN when it is passed by value and is not a
 * scalar (SPEC section 4, "values"): a `byval` or `byref` pointer's pointee,
 * or a first-class struct, array or vector (OpenCL's float4); NULL
 * otherwise. */
LLVMTypeRef ir_value_arg_type(LLVMValueRef fn, unsigned i);
void ir_tidy_blocks(LLVMValueRef fn); /* static allocas first, blocks in RPO (for SPIR-V) */
/* LLVM reports some failures (the linker's, a pass's, the bitcode reader's)
 * to the context's diagnostic handler, whose default prints them, and exits
 * on an error: while a scope is open they are kept instead, the first
 * error's text, and warnings are dropped (the library prints nothing). */
typedef struct {
  LLVMContextRef ctx;
  LLVMDiagnosticHandler old;
  void *old_ctx;
  char *error;
} diag_scope;
void diag_scope_open(diag_scope *d, LLVMContextRef ctx);
char *diag_scope_close(diag_scope *d); /* the first error (to free), or NULL */
/* the first instruction of BB after its leading allocas, or NULL: where code
 * goes that must not split the entry's static allocas */
LLVMValueRef ir_first_after_allocas(LLVMBasicBlockRef bb);

/* target: what differs between SPIR, AMDGPU and NVPTX (docs/targets.md,
 * "One description per target"). Everything a target is lives in one
 * gs_target, one file per target (lib/target_spir.c, target_amdgpu.c,
 * target_nvptx.c); the passes, the lowering and the emission ask it, never
 * which target it is. */

typedef enum {
  SPACE_NONE = -1,
  SPACE_GLOBAL = GS_SPACE_GLOBAL,
  SPACE_CONSTANT = GS_SPACE_CONSTANT,
  SPACE_WORKGROUP = GS_SPACE_WORKGROUP
} buffer_space;

typedef enum {
  Q_GLOBAL_ID,
  Q_GLOBAL_SIZE,
  Q_LOCAL_ID,
  Q_LOCAL_SIZE,
  Q_GROUP_ID,
  Q_NUM_GROUPS,
  Q_GLOBAL_LINEAR_ID /* only grid_query gives it (no dimension); build_query never takes it */
} gs_query;

typedef struct gs_target {
  /* identity */
  const char *name;          /* "spir", "amdgcn", "nvptx" */
  const char *triple;        /* what the lowering builds and a .cl input is compiled for */
  const char *triple_prefix; /* a module whose triple begins so is for this target */
  /* the layout clang of the LLVM gridsplit is built with gives OpenCL C for TRIPLE */
  const char *data_layout;

  /* address spaces */
  /* the buffer space of a kernel pointer argument or of a global variable */
  buffer_space (*arg_space)(unsigned addrspace);
  buffer_space (*global_space)(unsigned addrspace);
  unsigned constant_as; /* where the lowering puts `uniform` buffers */

  /* kernels and calling conventions */
  int (*is_kernel)(LLVMModuleRef m, LLVMValueRef fn);
  unsigned kernel_cc;  /* of the kernels the lowering builds */
  unsigned func_cc;    /* of device functions: the lowering's, virtual workgroups' loop bodies */
  unsigned segment_cc; /* of the segment kernels, or 0 for the kernel's own */

  /* invocation ids and sizes */
  /* calls and loads whose result differs between invocations or workgroups */
  int (*is_invocation_id_call)(const char *callee);
  int (*is_invocation_id_global)(const char *global);
  /* id and size queries that can be recomputed anywhere in the kernel */
  int (*is_pure_query)(const char *callee);
  /* the split's view of the grid: QUERY in dimension DIM (0..2) as an i64 */
  LLVMValueRef (*build_query)(LLVMBuilderRef b, LLVMModuleRef m, gs_query query, unsigned dim);
  /* an id that is the same for every invocation of a workgroup (the group
   * id): a function or a builtin variable */
  int (*is_group_id)(const char *name);
  /* Virtual workgroups (lib/virtual.c): classifies a call that reads the
   * grid. 1: QUERY in dimension *DIM (an i32 value), which the segment
   * remaps; 0: not a grid query (local ids and sizes, other calls); -1: a
   * grid query that cannot be remapped. */
  int (*grid_query)(LLVMValueRef call, const char *callee, gs_query *query, LLVMValueRef *dim);
  int virtual_by_default; /* segments loop over virtual workgroups unless told otherwise */
  /* loops adding up loaded values are unrolled so many times (lib/unroll.c);
   * 0: left to the target's compiler */
  unsigned unroll_sums;
  /* a segment's launch-invariant reads move to its entry block
   * (lib/launch_reads.c) */
  int hoist_launch_reads;
  /* with virtual workgroups and distinct buffers, what depends only on
   * buffers no invocation of the segment writes leaves the loop over
   * virtual workgroups (attr_hoist_unwritten) */
  int hoist_unwritten;
  /* a workgroup barrier may sit under a branch the whole workgroup takes
   * alike (on the workgroup's size): the segments' copies of workgroup
   * memory and their barriers, under the test of whether any is copied */
  int uniform_barrier_branches;

  /* barriers */
  /* the split's workgroup barrier, ordering workgroup memory */
  void (*build_workgroup_barrier)(LLVMBuilderRef b, LLVMModuleRef m);
  /* a program's `workgroup_barrier` (docs/programs.md): orders workgroup and
   * global memory; its callee is declared nounwind and convergent */
  void (*build_program_barrier)(LLVMBuilderRef b, LLVMModuleRef m);
  /* a workgroup barrier (the ones the target's OpenCL library or intrinsics
   * spell); ORDERS_MEMORY: one that also orders workgroup memory, 0 when in
   * doubt */
  int (*is_workgroup_barrier)(LLVMValueRef call, const char *callee, int orders_memory);

  /* lowering (lowering/program_lower.c) */
  /* sync scopes of device-wide and workgroup atomics (LLVM 20 on) */
  const char *device_scope, *workgroup_scope;
  /* what marks the lowered kernel FN (workgroup size WG) beyond its calling
   * convention and the OpenCL metadata, and the module beyond
   * opencl.ocl.version; NULL: nothing */
  void (*lower_kernel_attributes)(LLVMValueRef fn, const unsigned wg[3]);
  void (*lower_module_metadata)(LLVMModuleRef m, LLVMValueRef fn);
  int opencl_c; /* OpenCL C inputs are compiled for this target (lowering/opencl.c) */

  /* emission (lowering/emit.c runs them; the hooks are in the target's file) */
  void (*init_backend)(void); /* registers LLVM's backend; NULL: none */
  const char *default_cpu;    /* --mcpu when none is given; NULL: the target takes none */
  const char *emitter;        /* what emits it, for messages: "backend", "translator" */
  /* the triple LLVM's backend is asked for, NULL: the module's own */
  const char *backend_triple;
  int emits_assembly;      /* the backend writes text (PTX), not an object */
  int drop_dead_functions; /* a code object links every function: uncalled non-kernels go */
  /* in the caller's process, before any copy: what the emitter cannot take */
  gs_error *(*emit_check)(LLVMModuleRef m);
  /* In the code-generation child, on a copy of the module. EMIT_TRANSLATE:
   * the whole emission to the file OUT when LLVM's backend does not do it.
   * Else: EMIT_PREPARE before the backend is chosen (the module is verified
   * after it); EMIT_REWRITE for processor CPU before the data layout is
   * set; EMIT_LAID_OUT after. The char * hooks give NULL or why not
   * (malloc'd). */
  char *(*emit_translate)(LLVMModuleRef m, const char *out);
  void (*emit_prepare)(LLVMModuleRef m);
  char *(*emit_rewrite)(LLVMModuleRef m, const char *cpu);
  void (*emit_laid_out)(LLVMModuleRef m, const char *cpu);
  /* the backend's output DATA (SIZE bytes): NULL when it may be written */
  char *(*check_output)(const char *data, size_t size);
  /* the backend's output, mended before it is checked (LLVM's bugs): 1 when
   * *DATA (malloc'd, *SIZE bytes) was replaced; NULL: none */
  int (*mend_output)(char **data, size_t *size);
  /* the backend's object file OBJ made into the file OUT (a code object) */
  gs_error *(*link)(const char *obj, const char *out);
} gs_target;

/* the global linear invocation id, the workgroup's linear id, the
 * invocation's linear id in its workgroup, the workgroup's size and the grid's
 * workgroup count (all i64), built from the target's queries */
LLVMValueRef target_linear(LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t, gs_query id,
                           gs_query size);
LLVMValueRef target_call(LLVMBuilderRef b, LLVMModuleRef m, const char *name, LLVMTypeRef ret,
                         LLVMValueRef arg, unsigned cc);
/* NAME declared (once) with type RET (PARAMS) and calling convention CC,
 * nounwind and convergent: the barriers the lowering builds */
LLVMValueRef target_declare_convergent(LLVMModuleRef m, const char *name, LLVMTypeRef ret,
                                       LLVMTypeRef *params, unsigned n, unsigned cc);
LLVMValueRef target_build_call(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef *args, unsigned n);
LLVMValueRef target_product(LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t, gs_query size);

extern const gs_target target_spir, target_amdgpu, target_nvptx;
/* emission only: the Vulkan output's (lib/target_vulkan.c) */
extern const gs_target target_vulkan;
extern const gs_target *const target_all[]; /* every target, then NULL */
const gs_target *target_for_module(LLVMModuleRef m);
int target_has_kernel_cc(LLVMValueRef fn, unsigned cc);
buffer_space target_flat_arg_space(unsigned addrspace);
buffer_space target_global_space(unsigned addrspace); /* 1 global, 3 workgroup: all three */

/* The output kinds of gs_emit and --target (gridsplit/emit.h): each is the
 * code of one target, or (TEXT) the module as LLVM IR text. */
typedef struct {
  const char *name;        /* "ir", "spirv", "amdgcn", "nvptx", "vulkan" */
  const char *extension;   /* ".ll", ".spv", ".hsaco", ".ptx" */
  const gs_target *target; /* the one a .gsp program is lowered for */
  int text;
  const gs_target *emitter; /* whose emission hooks gs_emit runs; NULL: TARGET's */
} target_output;
const target_output *target_output_for(gs_target_kind kind); /* NULL: no such kind */

/* Emission hooks the target descriptions name, implemented in lowering/
 * (lib/target_spir.c, target_amdgpu.c, target_nvptx.c, spirv_legalize.c):
 * lib/ declares them here and includes nothing of lowering/. */
void spirv_legalize(LLVMModuleRef m);
gs_error *spirv_emit_check(LLVMModuleRef m);
char *spirv_emit_translate(LLVMModuleRef m, const char *out);
char *spirv_check(const char *data, size_t size);
char *spirv_check_for(const char *data, size_t size, int vulkan);
/* each OpEntryPoint of the SPIR-V words W[0 .. N) with only the global
 * variables its functions use (lib/spirv_interface.c): the new count */
size_t spirv_prune_interfaces(uint32_t *w, size_t n);
void scalarize_one_element_vectors(LLVMModuleRef m);
gs_error *amdgpu_link_code_object(const char *obj, const char *out);
char *nvptx_emit_rewrite(LLVMModuleRef m, const char *cpu);
void nvptx_emit_laid_out(LLVMModuleRef m, const char *cpu);

/* NVPTX, PTX ISA 7.4 and later: every load from global memory whose address
 * advances by its own size from one invocation to the next along x becomes
 * ld.global.L2::256B (lib/ptx_stream.c). M has its data layout. */
void ptx_stream_hints(LLVMModuleRef m);
/* ptx_atomics: whether M is marked for atomics of the system's scope
 * (gs_emit_mark_system_atomics), and M's atomics on global and generic
 * memory rewritten so for processor sm_SM (NULL, or why they cannot be) */
int ptx_wants_system_atomics(LLVMModuleRef m);
char *ptx_system_atomics(LLVMModuleRef m, int sm);
/* Every !invariant.load read of segment FN at a constant offset within a
 * dereferenceable parameter moves to the end of its entry block, so that its
 * launch-invariant reads issue together (lib/launch_reads.c). */
void hoist_launch_reads(LLVMValueRef fn);

/* spirv_legalize (odd integer widths, and operations that
 * SPIRV-LLVM-Translator 15 mistranslates, rewritten into what SPIR-V can
 * express) and scalarize_one_element_vectors (<1 x T> values as T where
 * every use allows it: the AMDGPU backend of LLVM 15 cannot select some
 * <1 x i8> values that cross blocks) are in lib/spirv_legalize.c,
 * declared above with the other hooks the target descriptions name. */

/* After the rewrites before code generation: NULL when M verifies, else an
 * internal error's message (malloc'd) (lib/target.c). */
char *emit_verify_message(LLVMModuleRef m);

/* NULL when the SPIR-V module DATA (SIZE bytes) passes the SPIRV-Tools
 * validator; else the validator's message (malloc'd). Built only where
 * SPIRV-Tools is (GS_HAVE_SPIRV_TOOLS). */
char *spirv_validate(const char *data, size_t size);
char *spirv_validate_for(const char *data, size_t size, int vulkan);

/* The loads and stores that save workgroup memory at a segment's end and
 * restore it at its start (lib/split.c) carry these tags. Each unit is saved
 * and restored by the same invocation, and the restore is followed by a
 * workgroup barrier. */
#define GS_WORKGROUP_SAVE_MD "gridsplit.workgroup_save"
#define GS_WORKGROUP_RESTORE_MD "gridsplit.workgroup_restore"

/* virtual: segments that loop over virtual workgroups (docs/split.md) */

/* The segment kernel SEG, whose last GS_VIRTUAL_ARGS parameters (from FIRST)
 * are the virtual grid's workgroup counts, the order to run them in (0
 * first to last, 1 last to first: runtime/order.h) and the range of them
 * the launch runs (gridsplit/control_word.h), becomes a loop over those
 * workgroups: its body moves into an always-inline callee in which every
 * grid query reads the virtual workgroup. */
/* FOLD_SUCCS (a dynamic schedule's segment's successors, of NSEG segments,
 * or NULL): the segment steps the control word itself (lib/virtual.c,
 * fold_step; gs_options_set_steps_in_segments) and is marked so. ONE_WAY:
 * a dynamic schedule's segment that has one successor, whose loop over
 * virtual workgroups may end where the work does (lib/vtrim.c). */
gs_error *virtualize_segment(LLVMModuleRef m, LLVMValueRef seg, const gs_target *t, unsigned first,
                             int control, unsigned segment, const char *kernel,
                             const gs_vec *fold_succs, size_t nseg, int one_way);
/* The branch of a segment's exit to the stores only the grid's first
 * invocation makes (values carried once: lib/clone.c), tagged so for
 * lib/vtrim.c. */
#define GS_FIRST_INVOCATION_MD "gridsplit.first_invocation"
int virtual_workgroups_on(const gs_options *opts, const gs_target *t);
/* whether FN is a segment that steps the control word itself */
int virtual_steps_itself(LLVMValueRef fn);
/* vtrim: the one-dimensional loop over virtual workgroups runs
 * virtual_limit(TOTAL, ONE, FIRST, END) of them, built at B: the count of
 * the launch's range [FIRST, END) below a limit (ONE: at least one virtual
 * workgroup below it); once the bodies are inlined and tidied,
 * virtual_trim makes each of SEG's limits TOTAL, or fewer where the last
 * virtual workgroups do nothing (lib/vtrim.c); virtual_trim_done removes
 * the limit's declaration from M. */
LLVMValueRef virtual_limit(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef total, int one,
                           LLVMValueRef first, LLVMValueRef end);
/* The virtual workgroup BASE + U that the loop's counter U stands for in a
 * launch's range, which begins at BASE: a call that virtual_trim makes an
 * add once it has read the body's tests of it */
LLVMValueRef virtual_group(LLVMBuilderRef b, LLVMModuleRef m, LLVMValueRef u, LLVMValueRef base);
/* The count of the virtual workgroups of [FIRST, END) below LIMIT (i32
 * each), built at B: min(END, LIMIT) - FIRST, or 0 */
LLVMValueRef virtual_range_count(LLVMBuilderRef b, LLVMValueRef limit, LLVMValueRef first,
                                 LLVMValueRef end);
/* attributes.c: whether instruction I may write memory or call what could
 * (stores, atomics, fences, volatile loads, calls but the target's pure
 * queries, LLVM's markers and, with BARRIERS, workgroup barriers) */
int attr_inst_has_effect(LLVMValueRef i, const gs_target *t, int barriers);
void virtual_trim(LLVMModuleRef m, LLVMValueRef seg, const gs_target *t);
void virtual_trim_done(LLVMModuleRef m);
/* unroll: the segments' loops that add up loaded values, unrolled
 * T->unroll_sums times (lib/unroll.c); SEGMENTS: the segment functions */
gs_error *unroll_sums(LLVMModuleRef m, const gs_map *segments, const gs_target *t);
/* Whether INST reads a grid coordinate or size that a segment with virtual
 * workgroups must remap (or cannot); whether a call to the declaration NAME,
 * whose body the split cannot see, may read one. */
int virtual_reads_grid(LLVMValueRef inst, const gs_target *t);
int virtual_declaration_may_read_grid(const char *name);
/* A segment with virtual workgroups and a dynamic schedule calls this at each
 * barrier it leaves by, with the barrier's number; virtualize_segment gathers
 * the choices of a physical workgroup's virtual ones and records them once. */
#define GS_CHOOSE_NAME "gridsplit.choose"
/* control: the control-word protocol (lib/control.c) */

/* The words of the control word and its size in bytes: the public
 * gridsplit/control_word.h, which the runners share */
/* A pointer to word WHICH (GS_CONTROL_*) of the control word CONTROL */
LLVMValueRef control_word_at(LLVMBuilderRef b, LLVMValueRef control, unsigned which);
/* Records the choice WANT (i32) of the next segment, raising the divergence
 * flag when another invocation chose otherwise; and the flag alone. */
void control_build_choice(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef control,
                          LLVMValueRef want);
void control_build_disagree(LLVMBuilderRef b, LLVMValueRef control);
/* Segment SEGMENT of FN runs only while control[GS_CONTROL_CURRENT] holds
 * its number, or where VOUCHED (an i1, or NULL) holds; otherwise FN returns
 * at once. Leaves B where the work starts. With VOUCHED and VOUCHED_LAUNCH
 * (the vouched launch's number, an i32), returns the launch's number where
 * the work starts: VOUCHED_LAUNCH, or control[GS_CONTROL_LAUNCH] read beside
 * the current segment (a phi, so that a vouched launch waits for no read of
 * memory); else NULL. */
LLVMValueRef control_build_guard(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef control,
                                 unsigned segment, LLVMValueRef vouched,
                                 LLVMValueRef vouched_launch);
/* The launch's number in a segment with virtual workgroups and a dynamic
 * schedule: a call of this, which virtualize_segment replaces with what the
 * guard gives (control_build_guard). */
#define GS_LAUNCH_NAME "gridsplit.launch"
/* The value a segment of a dynamic schedule reads of a value carried once
 * (lib/state.c), the stores of it (lib/clone.c), and the launch's number
 * they are for, tagged for once_from_launch: the read and the stores with
 * the value's header offset (an i32 in the node), the number with none. */
#define GS_ONCE_READ_MD "gridsplit.once_read"
#define GS_ONCE_WRITE_MD "gridsplit.once_write"
#define GS_LAUNCH_MD "gridsplit.launch"
/* (ORDER & BIT) != 0, named NAME: the order argument's bits
 * (gridsplit/control_word.h, GS_ORDER_*) */
LLVMValueRef control_order_bit(LLVMBuilderRef b, LLVMValueRef order, unsigned bit,
                               const char *name);

/* barriers: the spellings of SPEC section 1 */

typedef enum { CALL_OTHER, CALL_GRID_BARRIER } call_kind;
/* Classifies a call; a __spirv_ControlBarrier whose execution scope is not a
 * constant is an error. */
gs_error *barrier_classify(const gs_options *opts, LLVMValueRef call, call_kind *out);
int barrier_is_spelling(const gs_options *opts, const char *name);

/* scratch: the split's copy of the module, into which kernels that it would
 * copy unchanged move instead, to be put back (scratch.cpp) */

typedef struct gs_scratch gs_scratch;
/* The copy of M; those of the N KERNELS that may move are moved, and
 * recorded in *SCRATCH (NULL when none moved). */
LLVMModuleRef scratch_copy(LLVMModuleRef m, const LLVMValueRef *kernels, size_t n,
                           gs_scratch **scratch);
/* Puts the kernels back into M as they were, and frees SCRATCH (which may be
 * NULL); a message (malloc'd) when one of them changed in the copy. */
char *scratch_restore(LLVMModuleRef m, gs_scratch *scratch);

/* inline: callees holding barriers are inlined into a private copy */

/* Checks recursion and indirect calls through barriers. Sets *copy to a module
 * in which every callee holding a barrier is inlined into its callers, or to
 * NULL when M needs no inlining. With SCRATCH (the split, which always works
 * in a copy), a copy even then, into which the kernels are moved where they
 * may be (scratch.cpp): scratch_restore puts them back. */
gs_error *inline_barrier_callees(LLVMModuleRef m, const gs_options *opts, const gs_target *t,
                                 LLVMModuleRef *copy, gs_scratch **scratch);

/* keep-original=false: removes every function that reaches a grid barrier,
 * and the barriers' declarations; an error (M unchanged) when one is used
 * otherwise than by calls from the others. CHECK_ONLY: only the error. */
gs_error *drop_barrier_functions(LLVMModuleRef m, const gs_options *opts, int check_only);

/* segments: barrier sites in RPO and the segment graph (SPEC section 2) */

typedef struct {
  LLVMValueRef fn;
  gs_vec blocks; /* LLVMBasicBlockRef in RPO */
  gs_map block_index;
  gs_vec barriers;     /* LLVMValueRef call sites; site i+1 is element i */
  gs_map barrier_site; /* call -> site number */
} kernel_cfg;

gs_error *cfg_build(kernel_cfg *cfg, LLVMValueRef fn, const gs_options *opts);
void cfg_free(kernel_cfg *cfg);
/* "K.seg<S>", or "K" for a kernel without barriers; release with free. */
char *segment_function_name(const char *kernel, unsigned barriers, size_t s);

/* Calls VISIT on every instruction segment S executes and returns its
 * successors (sorted, GS_SEGMENT_END last) in SUCCS. */
typedef void (*segment_visit_fn)(void *ctx, LLVMValueRef inst);
void segment_walk(const kernel_cfg *cfg, size_t s, gs_vec *succs, segment_visit_fn visit, void *ctx,
                  int *stamp /* per block, initialised to -1 */);

/* liveness: values live across each barrier */

typedef struct {
  size_t nsites;
  gs_vec *live; /* per site i (element i-1): LLVMValueRef, in RPO definition order */
} barrier_liveness;

void liveness_compute(const kernel_cfg *cfg, barrier_liveness *out);
void liveness_free(barrier_liveness *l);

/* remat: values recomputed at a segment's start instead of carried */

/* Whether LOAD may be recomputed: 0 no, 1 yes anywhere (its buffer is never
 * written), REMAT_RELOAD where the callback below allows it (its buffer is
 * written, but nothing else may alias it). Asked also of a store, whether
 * the value it stores may be read back (0 or REMAT_RELOAD). */
enum { REMAT_RELOAD = 2 };
typedef int (*remat_load_ok)(void *ctx, LLVMValueRef load);
/* Whether root value ROOT, recomputed at the start of every segment it is
 * live into, may read again what AT (a load, or the store of a value)
 * accessed: when GUARD (an i1, or NULL) is POLARITY, the recomputation
 * reads AT's address. TREE: the instructions ROOT is recomputed from. */
typedef int (*remat_reload_ok)(void *ctx, LLVMValueRef root, const gs_vec *tree, LLVMValueRef at,
                               LLVMValueRef guard, int polarity);
typedef struct {
  LLVMValueRef at, guard;
  int polarity;
} remat_reload;
typedef struct {
  LLVMValueRef cond;
  LLVMValueRef value[2];      /* on the false side, on the true side */
  LLVMBasicBlockRef block[2]; /* the side's one incoming block, or NULL for several */
} phi_guard;
typedef struct {
  gs_map memo;         /* value -> MEMO_*: answers that do not depend on a root */
  gs_map root_memo;    /* roots whose answer depends on where they live (reloads) */
  gs_map phi_guard;    /* phi -> 1 + index into guard_of, or -1: not a guarded phi */
  gs_vec guard_of;     /* phi_guard */
  const kernel_cfg *cfg; /* the kernel's blocks in RPO */
  struct remat_dom *dom; /* the dominator tree phi_guarded asks, made when first asked */
  gs_map stored_roots; /* root -> which of it (STORED_ROOT) or its phi's sides are read back */
  gs_vec pending;      /* remat_reload: during one remat_ok, the reloads the root needs */
  gs_vec guards;       /* remat_reload: the conditions of the phis being walked */
  gs_vec tree;         /* LLVMValueRef: during one remat_ok, the instructions walked */
  gs_vec built;        /* remat_build: values put in the map, so that an arm can take them out */
  LLVMValueRef root;   /* during remat_ok: the root, */
  unsigned cur_stored; /* what of it is read back from a store, */
  int stored_bit;      /* and which of those the value cost is at may be (-1: none) */
  const struct gs_target *t;
  remat_load_ok load_ok;
  remat_reload_ok reload_ok;
  void *load_ctx;
} remat_ctx;

void remat_init(remat_ctx *r, const kernel_cfg *cfg, const struct gs_target *t,
                remat_load_ok load_ok, remat_reload_ok reload_ok, void *load_ctx);
void remat_free(remat_ctx *r);
int remat_ok(remat_ctx *r, LLVMValueRef v);
/* Clones V's expression tree at B; VMAP maps originals (arguments included)
 * to their values in the new function and receives the clones; constants go
 * through MAP_CONST. */
typedef LLVMValueRef (*remat_map_constant)(void *ctx, LLVMValueRef c);
LLVMValueRef remat_build(remat_ctx *r, LLVMBuilderRef b, LLVMValueRef v, gs_map *vmap,
                         remat_map_constant map_const, void *ctx);

/* provenance: which buffers every instruction reads, writes, updates atomically */

/* On a segment's reload of a carried pointer: the argument indices it may
 * point into. */
#define GS_CARRY_MD "gridsplit.carried_from"
/* The names the split gives a segment's live-state and control-word
 * arguments (runners bind arguments by name). */
#define GS_LIVE_STATE_NAME "gs_live_state"
/* the segments' control-word argument (docs/split.md) */
#define GS_CONTROL_ARG_NAME "gs_control"

/* R, W, A of SPEC section 3. R is a read that can see data not written by
 * this invocation in this segment; ACC_OWN marks a read that cannot (every
 * path to it stores to the same address first, docs/analysis.md): not R, but
 * the segment still reads the buffer (no `writeonly` on it). */
enum { ACC_R = 1, ACC_W = 2, ACC_A = 4, ACC_OWN = 16 };

typedef struct {
  LLVMValueRef value; /* argument or global */
  char *name;
  int arg; /* -1 for a global */
  buffer_space space;
  int escapes; /* a pointer into it escapes (stored, cast to an integer, passed to an unknown
                * call): where it is written is not known */
} buffer_desc;

typedef struct {
  int buffer;
  unsigned flags;
  int next; /* next fact of the same instruction, or -1 */
} access_fact;

typedef struct summary_cache summary_cache;

typedef struct {
  gs_vec buffers;    /* buffer_desc */
  gs_vec facts;      /* access_fact */
  gs_map first_fact; /* instruction -> index into facts */
} kernel_access;

summary_cache *summaries_create(const gs_target *t, gs_vec *warnings);
void summaries_dispose(summary_cache *c);
/* LIVE_STATE_ARG: the live-state argument of KERNEL when it is an emitted
 * segment (a pointer stored there is carried, not escaped, and its reloads'
 * GS_CARRY_MD name what it points into), else -1. */
void access_analyze(kernel_access *ka, LLVMModuleRef m, LLVMValueRef kernel, int live_state_arg,
                    const gs_target *t, summary_cache *c, gs_vec *warnings);
void access_free(kernel_access *ka);
/* call_effects.c: a call's effect through a pointer argument, from the
 * callee's name (ACC_* flags; 0 for none of the atomics) or its declaration */
unsigned effects_atomic_builtin(const char *base);
int effects_opencl_builtin(const char *base, unsigned argno, unsigned *flags);
int effects_declared_param(LLVMValueRef call, LLVMValueRef fn, unsigned argno, unsigned *flags);

/* Marks ACC_OWN the reads of KA that see only the invocation's own writes
 * (lib/own_reads.c; access_analyze calls it last). */
void refine_own_reads(kernel_access *ka, LLVMModuleRef m, LLVMValueRef fn, const gs_target *t);

/* uniformity: branches on invocation-dependent values before barriers */

/* For the split: VARYING (empty) receives the invocation-dependent values
 * (value -> 1); *DIVERGENT_RETURN is set when a branch on such a value can part
 * invocations into some that return and some that reach a barrier. */
void uniformity_facts(const kernel_cfg *cfg, const gs_target *t, gs_map *varying,
                      int *divergent_return);
/* Whether every branch that decides which grid barrier an invocation reaches
 * next (or whether it returns first) branches on what only the kernel's
 * scalar arguments, the grid and the invocation's ids decide (no read of
 * memory or buffer address): a run with the same arguments and grid then
 * takes the same path through the segments (the plan's
 * "path_from_arguments"). */
int uniformity_path_from_arguments(const kernel_cfg *cfg, const gs_target *t);
/* Sets *UNIFORM_CHOICE when a grid-uniform branch leads to different next
 * segments (the schedule is then dynamic). With VARYING (empty), also what
 * uniformity_facts gives, from the same analysis. */
gs_error *uniformity_check(const kernel_cfg *cfg, const gs_target *t, int *uniform_choice,
                           gs_map *varying, int *divergent_return);

/* What the analysis found of a kernel with barriers that the split's kernel
 * steps compute again (segments, uniformity, access): handed to them when
 * nothing changed the kernel in between (lib/split.c). */
typedef struct {
  kernel_cfg cfg;
  kernel_access access;
  gs_map varying;
  int divergent_return;
} kernel_facts;

void kernel_facts_free(kernel_facts *f);

/* roles: SPEC section 3 */

typedef struct {
  unsigned flags; /* ACC_* */
  gs_role role;
} seg_access;

typedef struct {
  char *name;
  unsigned barriers;
  gs_schedule schedule;
  int path_from_arguments; /* dynamic: uniformity_path_from_arguments */
  int steps_in_segments;   /* dynamic: the segments step (lib/virtual.c, fold_step) */
  size_t nsegments;
  gs_vec *successors;            /* per segment: int */
  char **locations;              /* per segment: "file:line:col" or NULL */
  gs_vec buffers;                /* buffer_desc, with names owned */
  int *host_input, *host_output; /* per buffer */
  seg_access *access;            /* nsegments x nbuffers */
  /* filled in by the split (SPEC section 4); -1 / NULL before it */
  int live_state_arg;
  unsigned live_bytes;       /* per invocation */
  unsigned workgroup_bytes;  /* per workgroup, after every invocation's */
  unsigned recomputed_bytes; /* live across a barrier, recomputed, not carried */
  unsigned header_bytes;     /* the sizes of carried workgroup arguments, from the host */
  gs_vec workgroup_args;     /* int: their argument indices, sizes at 8 * position */
  gs_vec globals;            /* carried_global, in the header after the sizes */
  gs_vec args;               /* kernel_arg: every argument of the kernel, for runners */
  int status_offset;         /* the invocation's next segment, or -1 */
  int control_arg;           /* dynamic schedules */
  int virtual_arg;           /* the first of the virtual grid's three workgroup counts (then the
                              * order), or -1 */
  unsigned char *empty;      /* per segment: it has no effect, so a host need not launch it */
  int distinct_buffers;
  gs_vec *live_in, *live_out; /* per segment: live_slot */
} kernel_result;

/* Segment S of KR in M, by its name (segment_function_name). */
LLVMValueRef segment_function(LLVMModuleRef m, const kernel_result *kr, size_t s);

/* In the segments of a kernel with a dynamic schedule, each value carried
 * once that the launch's number gives (lib/once_launch.c): computed from it,
 * no longer read or written; the tags above go. */
void once_from_launch(LLVMModuleRef m, const kernel_result *kr);

typedef struct {
  char *name;
  unsigned offset, bytes;
  int once; /* carried once per grid: OFFSET is from the live state's start */
  unsigned elem; /* else: an invocation's bytes in its column (docs/split.md) */
} live_slot;

/* An argument as a runner binds it: "buffer" (a global or constant pointer),
 * "workgroup" (a workgroup pointer), or "scalar" with its IR type (i32, f32,
 * ...) and size. */
typedef struct {
  char *name;
  const char *kind;
  char type[16];
  unsigned bytes;
} kernel_arg;

/* A program-scope variable the kernel writes, kept in the live state so that
 * it survives from one segment to the next (docs/split.md). */
typedef struct {
  char *name;
  unsigned offset, bytes;
  unsigned char *init; /* its initial contents */
} carried_global;

void roles_compute(kernel_result *kr);
/* EARLIER[s] (N segments, successors SUCCESSORS): some segment that reaches
 * s through one or more edges of the segment graph has W or A in FLAGS[s]
 * (s itself when it lies on a cycle). WORK holds 2N + 1 ints. */
void roles_earlier_writers(const unsigned *flags, const gs_vec *successors, size_t n, char *earlier,
                           int *work);
/* gs_analyze in two halves, so that the split analyses its own scratch copy
 * instead of a second one: the checks of M's names and kernels, then the
 * analysis of WORK (M, or a copy with the callees holding barriers inlined)
 * for the target TRIPLE names. */
gs_error *analysis_check_module(LLVMModuleRef m, const gs_options *opts, const gs_target *t);
/* FACTS, when not NULL, receives a kernel_facts per kernel of OUT, in its
 * order (zeroed for a kernel without barriers). */
gs_error *analysis_run(LLVMModuleRef work, const char *triple, const gs_options *opts,
                       const gs_target *t, gs_analysis **out, gs_vec *facts);
gs_error *analyze_kernel(kernel_result *kr, LLVMModuleRef m, LLVMValueRef fn, const gs_target *t,
                         const gs_options *opts, summary_cache *cache, gs_vec *warnings,
                         kernel_facts *facts);
void kernel_result_free(kernel_result *kr);

struct gs_analysis {
  char *target;
  gs_vec kernels;  /* kernel_result */
  gs_vec warnings; /* char * */
};

void warn_once(gs_vec *warnings, char *msg); /* takes MSG */

#endif
