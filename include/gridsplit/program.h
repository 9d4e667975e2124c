/* gridsplit: programs, a small GPU compute IR (buffers and statement nodes)
 * that the library lowers to an LLVM IR kernel with grid barriers.
 *
 * The text format (`.gsp`), the types and the semantic rules are in
 * docs/programs.md; this header is the data model and the builder.
 *
 * A program is a plain tree. Every node is a tagged struct: switch over
 * `kind` and read the matching member of `u`. Every node carries the source
 * position it was parsed from (line and column from 1; 0 when built without
 * one). The program owns every node built for it: nodes are never freed on
 * their own, gs_program_dispose frees them all.
 *
 * Names (buffers, variables) are resolved and types are filled in by
 * gs_program_check, which gs_program_parse runs. Code that walks a program
 * (the lowering, the interpreter) takes a checked program
 * (gs_program_is_checked) and may rely on every `type`, `buf`, `decl` and
 * `slot` field being set. */
#ifndef GRIDSPLIT_PROGRAM_H
#define GRIDSPLIT_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "gridsplit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The deepest nesting of statements and expressions that the parser, the
 * checker, the printer and gs_program_equal accept (deeper is an error, not a
 * stack overflow). */
#define GS_PROGRAM_MAX_DEPTH 256

typedef struct gs_program gs_program;
typedef struct gs_expr gs_expr;
typedef struct gs_stmt gs_stmt;

typedef struct {
  unsigned line, col; /* from 1; 0 = no position */
} gs_pos;

/* types */

typedef enum {
  GS_TYPE_NONE = 0, /* not yet known: an unsuffixed literal, an unannotated let before checking */
  GS_TYPE_BOOL,     /* expressions and variables only, never a buffer element */
  GS_TYPE_I32,
  GS_TYPE_U32,
  GS_TYPE_I64,
  GS_TYPE_U64,
  GS_TYPE_F32,
  GS_TYPE_F64
} gs_type;

const char *gs_type_name(gs_type t); /* "i32", ..., "bool"; "none" */
unsigned gs_type_size(gs_type t);    /* bytes of a buffer element: 4 or 8; bool 1; none 0 */
int gs_type_is_int(gs_type t);       /* i32 u32 i64 u64 */
int gs_type_is_signed(gs_type t);    /* i32 i64 */
int gs_type_is_float(gs_type t);     /* f32 f64 */

/* buffers */

typedef enum {
  GS_ACCESS_READ,      /* loads only */
  GS_ACCESS_WRITE,     /* stores only (no loads, no atomics) */
  GS_ACCESS_READWRITE, /* loads, stores, atomics */
  GS_ACCESS_UNIFORM,   /* loads only; small, the same for every invocation */
  GS_ACCESS_WORKGROUP  /* a module global shared by a workgroup: loads, stores, atomics */
} gs_access;

const char *gs_access_name(gs_access a); /* "read", "write", ... */

typedef struct {
  char *name;
  int binding;    /* >= 0, distinct; -1 for a workgroup buffer (no kernel argument) */
  gs_type elem;   /* i32 u32 i64 u64 f32 f64 */
  uint32_t count; /* elements; 0 = sized at run time (`?`), see len() */
  gs_access access;
  int output;     /* the host reads it back */
  gs_pos pos;
} gs_buffer;

/* expressions */

typedef enum {
  GS_EXPR_INT,    /* integer literal */
  GS_EXPR_FLOAT,  /* floating-point literal */
  GS_EXPR_BOOL,   /* true, false */
  GS_EXPR_VAR,    /* a variable (let, var or loop variable) */
  GS_EXPR_LOAD,   /* buf[index] */
  GS_EXPR_LEN,    /* len(buf): the element count as u32 */
  GS_EXPR_UNARY,
  GS_EXPR_BINARY,
  GS_EXPR_SELECT, /* select(cond, a, b) */
  GS_EXPR_CAST,   /* T(e) */
  GS_EXPR_ID,     /* global_id(d), ... : u32 */
  GS_EXPR_ATOMIC  /* atomic_OP(buf, index, value[, desired]): the old value */
} gs_expr_kind;

typedef enum {
  GS_UN_NEG,    /* -e   numbers (integers wrap) */
  GS_UN_BITNOT, /* ~e   integers */
  GS_UN_NOT     /* !e   bool */
} gs_unop;

typedef enum {
  GS_BIN_ADD, GS_BIN_SUB, GS_BIN_MUL, GS_BIN_DIV, GS_BIN_REM, /* + - * / %  (% integers only) */
  GS_BIN_AND, GS_BIN_OR, GS_BIN_XOR, GS_BIN_SHL, GS_BIN_SHR,  /* & | ^ << >>  integers */
  GS_BIN_EQ, GS_BIN_NE, GS_BIN_LT, GS_BIN_LE, GS_BIN_GT, GS_BIN_GE, /* -> bool */
  GS_BIN_LAND, GS_BIN_LOR /* && ||  bool, short-circuit */
} gs_binop;

const char *gs_unop_name(gs_unop op);   /* "-", "~", "!" */
const char *gs_binop_name(gs_binop op); /* "+", ..., "||" */

typedef enum {
  GS_ID_GLOBAL_ID,
  GS_ID_LOCAL_ID,
  GS_ID_GROUP_ID,
  GS_ID_GLOBAL_SIZE,
  GS_ID_LOCAL_SIZE,
  GS_ID_NUM_GROUPS
} gs_id_kind;

const char *gs_id_name(gs_id_kind id); /* "global_id", ... */

typedef enum {
  GS_ATOMIC_ADD, GS_ATOMIC_SUB, GS_ATOMIC_MIN, GS_ATOMIC_MAX,
  GS_ATOMIC_AND, GS_ATOMIC_OR, GS_ATOMIC_XOR, GS_ATOMIC_EXCHANGE,
  GS_ATOMIC_CMPXCHG /* value = expected, desired = the new value */
} gs_atomic_op;

const char *gs_atomic_name(gs_atomic_op op); /* "atomic_add", ..., "atomic_cmpxchg" */

/* A buffer named by an expression or statement: `name` as written, `buf` its
 * index in the program's buffers (gs_program_buffer), set by the checker
 * (-1 before). */
typedef struct {
  char *name;
  int buf;
} gs_bufref;

struct gs_expr {
  gs_expr_kind kind;
  gs_type type; /* the expression's type; set by the checker (literals: when written or inferred) */
  gs_pos pos;
  union {
    /* the value sign-extended (signed types) or zero-extended (unsigned
     * types) to 64 bits; `negative`: written with a minus sign (range checks
     * only, ignored by gs_program_equal) */
    struct { uint64_t bits; int negative; } int_lit;
    /* f32: a value exactly representable as float. `text`: the source
     * spelling (for exact f32 rounding), NULL when built; ignored by equality */
    struct { double value; char *text; } float_lit;
    struct { int value; } bool_lit;
    /* decl: the let/var (GS_STMT_LET) or loop (GS_STMT_FOR) that declares it */
    struct { char *name; const gs_stmt *decl; int slot; } var;
    struct { gs_bufref buffer; gs_expr *index; } load;
    struct { gs_bufref buffer; } len;
    struct { gs_unop op; gs_expr *operand; } unary;
    struct { gs_binop op; gs_expr *lhs, *rhs; } binary;
    struct { gs_expr *cond, *then_value, *else_value; } select;
    struct { gs_expr *operand; } cast; /* the target type is `type` */
    struct { gs_id_kind id; unsigned dim; } id;
    /* desired: only for GS_ATOMIC_CMPXCHG (NULL otherwise) */
    struct { gs_atomic_op op; gs_bufref buffer; gs_expr *index, *value, *desired; } atomic;
  } u;
  int attached_; /* private: part of a tree already */
};

/* statements */

typedef enum {
  GS_STMT_LET,    /* let / var NAME[: T] = value; */
  GS_STMT_ASSIGN, /* NAME = value;  (a var) */
  GS_STMT_STORE,  /* buf[index] = value; */
  GS_STMT_IF,
  GS_STMT_FOR,    /* for NAME in start..end [step K] { } */
  GS_STMT_BLOCK,  /* { ... } */
  GS_STMT_REGION, /* region NAME { ... }: a label, no semantics */
  GS_STMT_RETURN,
  GS_STMT_WORKGROUP_BARRIER,
  GS_STMT_GRID_BARRIER,
  GS_STMT_COLLECTIVE,
  GS_STMT_EVAL    /* an atomic whose old value is dropped: atomic_add(b, i, v); */
} gs_stmt_kind;

typedef enum {
  GS_COLL_ALL_REDUCE,    /* op, src, dst, n, parts */
  GS_COLL_BROADCAST,     /* src, dst, n, parts, root */
  GS_COLL_ALL_GATHER,    /* src, dst, n, parts */
  GS_COLL_REDUCE_SCATTER /* op, src, dst, n, parts */
} gs_collective_kind;

typedef enum {
  GS_REDUCE_ADD, GS_REDUCE_MIN, GS_REDUCE_MAX, GS_REDUCE_AND, GS_REDUCE_OR, GS_REDUCE_XOR
} gs_reduce_op;

const char *gs_collective_name(gs_collective_kind c); /* "all_reduce", ... */
const char *gs_reduce_name(gs_reduce_op op);          /* "add", ... */

struct gs_stmt {
  gs_stmt_kind kind;
  gs_pos pos;
  union {
    /* type: as written, or GS_TYPE_NONE until the checker infers it from the
     * value; slot: the variable's number (0..gs_program_slot_count-1) */
    struct { char *name; int mutable_; gs_type type; gs_expr *value; int slot; } let;
    /* decl: the var's GS_STMT_LET, set by the checker */
    struct { char *name; const gs_stmt *decl; int slot; gs_expr *value; } assign;
    struct { gs_bufref buffer; gs_expr *index, *value; } store;
    /* then_body and else_body are GS_STMT_BLOCKs (else_body empty when there is no else) */
    struct { gs_expr *cond; gs_stmt *then_body, *else_body; } if_;
    /* runs with var = start, start+step, ... while var < end, start and end
     * evaluated once (docs/programs.md); type: the integer type of start and
     * end, set by the checker; step >= 1; body: a GS_STMT_BLOCK */
    struct { char *var; gs_type type; int slot; gs_expr *start, *end; uint64_t step; gs_stmt *body; } for_;
    struct { gs_stmt **stmts; size_t len, cap; } block; /* cap: private */
    struct { char *name; gs_stmt *body; } region;     /* body: a GS_STMT_BLOCK */
    /* op: all_reduce and reduce_scatter only; root: broadcast only (NULL otherwise) */
    struct {
      gs_collective_kind kind;
      gs_reduce_op op;
      gs_bufref src, dst;
      gs_expr *n, *parts, *root; /* u32 */
    } coll;
    struct { gs_expr *value; } eval; /* a GS_EXPR_ATOMIC */
  } u;
  int attached_;           /* private: part of a tree already */
  const gs_stmt *parent_;  /* private: the statement holding it */
};

/* programs */

/* A new empty program (kernel NAME, workgroup size 1,1,1, no buffers, an
 * empty body). Returns NULL only when NAME is NULL. */
gs_program *gs_program_create(const char *name);
void gs_program_dispose(gs_program *p);

/* Parses TEXT (NUL-terminated; FILENAME names it in messages, NULL =
 * "<input>") and checks the program. Errors read `FILE:LINE:COL: error:
 * MESSAGE`; the first error is reported. On error *OUT is NULL. */
gs_error *gs_program_parse(const char *text, const char *filename, gs_program **out);
/* The same for the contents of the file PATH (which names it in messages). */
gs_error *gs_program_parse_file(const char *path, gs_program **out);

/* Resolves names, infers and checks types and access (docs/programs.md,
 * "Rules"); reports the first builder misuse if there was one. Idempotent.
 * Messages: `FILE:LINE:COL: error: MESSAGE` (FILE: gs_program_file; without
 * a position `FILE: error: MESSAGE`). */
gs_error *gs_program_check(gs_program *p);
int gs_program_is_checked(const gs_program *p);

/* The canonical text (docs/programs.md): for a checked program, parsing it
 * gives a program gs_program_equal to P (an unchecked one prints as built,
 * unsuffixed literals and unannotated lets included). Release with
 * gs_dispose_string. NULL when P is NULL or nests deeper than
 * GS_PROGRAM_MAX_DEPTH. */
char *gs_program_print(const gs_program *p);

/* Structural equality: name, workgroup size, buffers, statements and
 * expressions with their kinds, operators, types and values; positions, the
 * file name, literal spellings and resolution fields are ignored. Float
 * literals compare by bits. 0 when either is NULL. */
int gs_program_equal(const gs_program *a, const gs_program *b);

/* read-only accessors */

const char *gs_program_name(const gs_program *p);
const char *gs_program_file(const gs_program *p); /* "<program>" unless set or parsed */
void gs_program_workgroup_size(const gs_program *p, unsigned size[3]);
size_t gs_program_buffer_count(const gs_program *p);
const gs_buffer *gs_program_buffer(const gs_program *p, size_t i); /* declaration order; NULL past the end */
int gs_program_find_buffer(const gs_program *p, const char *name); /* index or -1 */
const gs_stmt *gs_program_body(const gs_program *p);               /* a GS_STMT_BLOCK */
/* Number of variables (lets, vars, loop variables), numbered by the checker
 * in the order they appear: an interpreter keeps one slot per variable. */
int gs_program_slot_count(const gs_program *p);

/* builder
 *
 * Builder calls never crash on misuse: a NULL program is ignored (NULL
 * returned), and any other misuse (a NULL operand, an enum out of range, a
 * node already placed in the tree, a statement of the wrong kind where a
 * block is needed) returns NULL and records the first such error, which
 * gs_program_check then reports ("gs_expr_binary: the right operand is
 * NULL"). An expression or statement may be placed in the tree once.
 * Names and types are checked by gs_program_check, not here. */

void gs_program_set_file(gs_program *p, const char *file);
/* The position given to the nodes built after this call. */
void gs_program_set_pos(gs_program *p, unsigned line, unsigned col);
void gs_program_set_workgroup_size(gs_program *p, unsigned x, unsigned y, unsigned z);
/* COUNT 0: sized at run time. BINDING -1 for a workgroup buffer. */
const gs_buffer *gs_program_add_buffer(gs_program *p, const char *name, int binding, gs_type elem,
                                       uint32_t count, gs_access access, int output);

/* TYPE GS_TYPE_NONE: an unsuffixed literal whose type the checker infers. */
gs_expr *gs_expr_int(gs_program *p, gs_type type, int64_t value);
gs_expr *gs_expr_uint(gs_program *p, gs_type type, uint64_t value);
gs_expr *gs_expr_float(gs_program *p, gs_type type, double value); /* finite values only */
gs_expr *gs_expr_bool(gs_program *p, int value);
gs_expr *gs_expr_var(gs_program *p, const char *name);
gs_expr *gs_expr_load(gs_program *p, const char *buffer, gs_expr *index);
gs_expr *gs_expr_len(gs_program *p, const char *buffer);
gs_expr *gs_expr_unary(gs_program *p, gs_unop op, gs_expr *operand);
gs_expr *gs_expr_binary(gs_program *p, gs_binop op, gs_expr *lhs, gs_expr *rhs);
gs_expr *gs_expr_select(gs_program *p, gs_expr *cond, gs_expr *then_value, gs_expr *else_value);
gs_expr *gs_expr_cast(gs_program *p, gs_type to, gs_expr *operand);
gs_expr *gs_expr_id(gs_program *p, gs_id_kind id, unsigned dim);
/* OP other than GS_ATOMIC_CMPXCHG */
gs_expr *gs_expr_atomic(gs_program *p, gs_atomic_op op, const char *buffer, gs_expr *index,
                        gs_expr *value);
gs_expr *gs_expr_cmpxchg(gs_program *p, const char *buffer, gs_expr *index, gs_expr *expected,
                         gs_expr *desired);

/* TYPE GS_TYPE_NONE: inferred from the value. */
gs_stmt *gs_stmt_let(gs_program *p, const char *name, gs_type type, gs_expr *value);
gs_stmt *gs_stmt_var(gs_program *p, const char *name, gs_type type, gs_expr *value);
gs_stmt *gs_stmt_assign(gs_program *p, const char *name, gs_expr *value);
gs_stmt *gs_stmt_store(gs_program *p, const char *buffer, gs_expr *index, gs_expr *value);
gs_stmt *gs_stmt_block(gs_program *p); /* empty; fill with gs_block_append */
/* THEN_BODY: a block; ELSE_BODY: a block or NULL (no else) */
gs_stmt *gs_stmt_if(gs_program *p, gs_expr *cond, gs_stmt *then_body, gs_stmt *else_body);
gs_stmt *gs_stmt_for(gs_program *p, const char *var, gs_expr *start, gs_expr *end, uint64_t step,
                     gs_stmt *body);
gs_stmt *gs_stmt_region(gs_program *p, const char *name, gs_stmt *body);
gs_stmt *gs_stmt_return(gs_program *p);
gs_stmt *gs_stmt_workgroup_barrier(gs_program *p);
gs_stmt *gs_stmt_grid_barrier(gs_program *p);
gs_stmt *gs_stmt_all_reduce(gs_program *p, gs_reduce_op op, const char *src, const char *dst,
                            gs_expr *n, gs_expr *parts);
gs_stmt *gs_stmt_broadcast(gs_program *p, const char *src, const char *dst, gs_expr *n,
                           gs_expr *parts, gs_expr *root);
gs_stmt *gs_stmt_all_gather(gs_program *p, const char *src, const char *dst, gs_expr *n,
                            gs_expr *parts);
gs_stmt *gs_stmt_reduce_scatter(gs_program *p, gs_reduce_op op, const char *src, const char *dst,
                                gs_expr *n, gs_expr *parts);
gs_stmt *gs_stmt_eval(gs_program *p, gs_expr *atomic);

/* Appends STMT to BLOCK (a GS_STMT_BLOCK of P); gs_program_append appends to
 * the program's body. Appending invalidates a checked program (check again). */
void gs_block_append(gs_program *p, gs_stmt *block, gs_stmt *stmt);
void gs_program_append(gs_program *p, gs_stmt *stmt);

#ifdef __cplusplus
}
#endif
#endif
