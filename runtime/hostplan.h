/* What every host of a split kernel needs, without LLVM: the plan of SPEC
 * section 4 (and docs/formats.md) read into structs, and the `NAME=...`
 * arguments of SPEC section 5 bound to a kernel's arguments. Shared by
 * gridsplit run (runtime/runner.c), gs-cuda-run (runtime/cuda/gs_cuda_run.c,
 * shipped as source) and gridsplit interpret (tools/interpret.c). Built on
 * runtime/json.c and runtime/order.c. Errors are written, as json_parse's
 * are, to the caller's buffer ERR of ERR_SIZE bytes, and say what and where. */
#ifndef GS_HOSTPLAN_H
#define GS_HOSTPLAN_H

#include <stddef.h>

/* ---- the plan */

typedef struct {
  char *name;
  char *kind; /* "buffer", "workgroup", "scalar", "value" */
  char *type; /* "ptr", "i32", "f32", ...; a value's "struct", "array", "vector" */
  unsigned bytes;
} gs_plan_arg;

typedef struct {
  int arg;
  int size_offset; /* -1, or where the live state's header holds its size (u64) */
} gs_plan_workgroup_arg;

/* a program-scope variable carried in the live state's header */
typedef struct {
  char *name;
  unsigned offset, bytes;
  unsigned char *init; /* BYTES bytes */
  int output;          /* a host output */
} gs_plan_global;

/* a struct passed by value (the plan's "values") */
typedef struct {
  int arg;
  unsigned bytes;
} gs_plan_value;

/* what a segment does to an argument buffer, for order.h */
typedef struct {
  int arg;
  unsigned char access; /* GS_ORDER_TOUCHES or GS_ORDER_READS */
  unsigned char writes; /* a role other than read */
} gs_plan_use;

/* --target vulkan: a storage buffer a segment binds (the plan's "bindings") */
typedef struct {
  int binding;
  int arg;      /* the segment's argument: the kernel's, the live state or the control word */
  int writable; /* "read-write", else "read-only" */
} gs_plan_binding;

/* --target vulkan: a scalar argument in the push constants */
typedef struct {
  int arg;
  unsigned offset, bytes;
} gs_plan_push;

typedef struct {
  char *function;
  int empty;       /* no effect: not launched in a static schedule */
  gs_plan_binding *bindings; /* --target vulkan */
  size_t nbindings;
  int *successors; /* -1 for the end */
  size_t nsuccessors;
  gs_plan_use *uses;
  size_t nuses;
} gs_plan_segment;

typedef struct {
  char *kernel;
  gs_plan_segment *segments;
  size_t nsegments;
  gs_plan_arg *args; /* the kernel's arguments, when the plan lists them */
  size_t nargs;
  int has_args; /* the plan has "args" (gridsplit 0.9 and later) */
  int live_arg; /* -1: no live state */
  unsigned live_bytes, workgroup_bytes, header_bytes;
  gs_plan_workgroup_arg *workgroup_args;
  size_t nworkgroup_args;
  gs_plan_global *globals;
  size_t nglobals;
  int control_arg;   /* -1: a static schedule */
  int control_words; /* the control word's "words", 0 when absent */
  int path_from_arguments; /* the same scalar arguments and grid take the same path */
  int steps_in_segments;   /* "step": "segments": each launch's last workgroup steps
                            * (gridsplit/control_word.h); -1 another "step" */
  int virtual_arg;         /* -1: no virtual workgroups; else the counts, the order, the range
                              (gridsplit/control_word.h, GS_VIRTUAL_*) */
  gs_plan_value *values;
  size_t nvalues;
  int *outputs; /* arguments of host-output buffers */
  size_t noutputs;
  int distinct; /* "distinct_buffers" */
  /* --target vulkan ("target" the Vulkan triple: VULKAN set) */
  int vulkan;
  unsigned workgroup_size[3];
  unsigned push_bytes; /* the module's push-constant block */
  gs_plan_push *push;
  size_t npush;
} gs_host_plan;

/* Reads kernel WANT (NULL: the plan's only kernel) of the plan in file PATH,
 * or of TEXT, which errors name LABEL. 0 on success; on an error *P is
 * freed and the message names LABEL. */
int gs_host_plan_read(const char *path, const char *want, gs_host_plan *p, char *err,
                      size_t err_size);
int gs_host_plan_parse(const char *text, const char *label, const char *want, gs_host_plan *p,
                       char *err, size_t err_size);
void gs_host_plan_free(gs_host_plan *p);

/* ---- arguments */

typedef enum {
  GS_HOST_BUFFER, /* a global or constant pointer */
  GS_HOST_LOCAL,  /* workgroup memory: NAME=local:BYTES */
  GS_HOST_SCALAR, /* NAME=VALUE */
  GS_HOST_VALUE   /* a struct, array or vector passed by value: NAME=@FILE */
} gs_host_kind;

typedef enum {
  GS_BOUND_NONE,   /* not given yet */
  GS_BOUND_FILE,   /* DATA holds BYTES bytes */
  GS_BOUND_ZEROS,  /* BYTES zero bytes */
  GS_BOUND_LOCAL,  /* BYTES of workgroup memory */
  GS_BOUND_SAME,   /* the buffer of argument SAME_AS */
  GS_BOUND_SCALAR, /* SCALAR holds SCALAR_SIZE bytes */
  GS_BOUND_VALUE   /* DATA holds the struct's BYTES bytes */
} gs_bound_form;

/* A number's type: integers of BITS bits (8 to 64), signless (any value that
 * fits in BITS bits, as LLVM's integers are), signed or unsigned; floats of
 * 32 or 64 bits. */
typedef enum {
  GS_NUMBER_SIGNLESS,
  GS_NUMBER_SIGNED,
  GS_NUMBER_UNSIGNED,
  GS_NUMBER_FLOAT
} gs_number_kind;
typedef struct {
  gs_number_kind kind;
  unsigned bits; /* 0: a type no host can pass */
} gs_number_type;

typedef struct {
  /* what the kernel takes (the caller fills these) */
  const char *name;
  gs_host_kind kind;
  gs_number_type scalar_type; /* GS_HOST_SCALAR */
  unsigned value_bytes;       /* GS_HOST_VALUE: its size */
  const char *value_what;     /* GS_HOST_VALUE: "struct", "array" or "vector" */
  unsigned elem_size;         /* GS_HOST_BUFFER: 0 when unknown */
  const char *elem_name;      /* GS_HOST_BUFFER: the element type's name */
  /* GS_HOST_BUFFER that NAME=VALUE makes a buffer of one element of this
   * type (a program's scalar, docs/programs.md); bits 0: none */
  gs_number_type one_element;
  /* what was bound */
  gs_bound_form form;
  const char *spec; /* the text after '=' */
  size_t bytes;
  unsigned char *data; /* GS_BOUND_FILE, GS_BOUND_VALUE: malloc'd */
  unsigned char scalar[8];
  size_t scalar_size;
  int same_as; /* GS_BOUND_SAME, after gs_bind_finish */
} gs_host_arg;

/* The name's length and the text after '=' of ARG ("NAME=..."), or NULL
 * when ARG has no name and '='. */
const char *gs_bind_split(const char *arg, size_t *name_len);
/* A byte count (decimal, or 0x... hex); 0 when TEXT is none. */
int gs_bind_size(const char *text, size_t *bytes);
/* A number of type T, little-endian as on the device, into OUT (*SIZE
 * bytes). 0 on success, GS_BIND_NOT_A_NUMBER or GS_BIND_DOES_NOT_FIT. */
enum { GS_BIND_NOT_A_NUMBER = 1, GS_BIND_DOES_NOT_FIT = 2 };
int gs_bind_number(const char *text, gs_number_type t, unsigned char out[8], size_t *size);
/* The whole file PATH into *DATA (malloc'd, NUL-terminated) and *SIZE: 0, or
 * an errno value and "cannot read 'PATH': why" in ERR. */
int gs_bind_read_file(const char *path, unsigned char **data, size_t *size, char *err,
                      size_t err_size);

/* Why kernel PLAN's path cannot be replayed (docs/split.md, "Replaying a
 * path"): a static schedule, no virtual workgroups (the order argument
 * carries the replay), or a path that may follow data; NULL when it can. */
const char *gs_plan_replay_refusal(const gs_host_plan *plan);

/* Binds SPECS (NAME=@FILE, NAME=zeros:BYTES, NAME=local:BYTES,
 * NAME=same:OTHER, NAME=VALUE) to the arguments ARGS of KERNEL, which start
 * as GS_BOUND_NONE. A name that is no argument, an argument given twice, a
 * form the argument does not take, a size that does not fit it: an error.
 * A same:OTHER argument takes OTHER's size where OTHER is given. */
int gs_bind_specs(gs_host_arg *args, size_t nargs, const char *const *specs, size_t nspecs,
                  const char *kernel, char *err, size_t err_size);
/* Then: every argument given, each same:OTHER naming another buffer that
 * is given (SAME_AS, BYTES its size); and, where DISTINCT (the buffers were
 * declared distinct, SPEC section 6), none is one. */
int gs_bind_finish(gs_host_arg *args, size_t nargs, int distinct, const char *kernel, char *err,
                   size_t err_size);
void gs_bind_free(gs_host_arg *args, size_t nargs);

/* A plan argument's type ("i32", "f64") as a number's (bits 0: none) */
gs_number_type gs_plan_number_type(const char *type);
/* The plan's arguments (it has "args"), not bound yet (calloc'd, P->NARGS
 * of them) */
gs_host_arg *gs_plan_args(const gs_host_plan *p);
/* The plan's arguments as *ARGS, bound to SPECS as gs_bind_specs and
 * gs_bind_finish bind them. */
int gs_bind_plan_args(const gs_host_plan *p, const char *const *specs, size_t nspecs,
                      gs_host_arg **args, char *err, size_t err_size);

#endif
