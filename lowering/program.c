/* Programs: the data model, the builder and the checker (docs/programs.md).
 *
 * The program owns every node in two vectors (so disposal never recurses and
 * nodes built but never placed are freed too) and knows its nodes by address
 * (so the builder can tell a foreign or misplaced pointer from its own). */
#include "gs.h"
#include "gridsplit/program.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct gs_program {
  char *name;
  char *file;
  unsigned wg[3];
  gs_pos wg_pos;
  gs_vec buffers; /* gs_buffer * */
  gs_stmt *body;
  gs_vec exprs, stmts; /* every node built, gs_expr * / gs_stmt * */
  gs_map expr_set, stmt_set;
  gs_pos pos;
  char *builder_error; /* the first misuse */
  int checked;
  int nslots;
};

/* names */

const char *gs_type_name(gs_type t) {
  static const char *const names[] = {"none", "bool", "i32", "u32", "i64", "u64", "f32", "f64"};
  return (unsigned)t < sizeof names / sizeof *names ? names[t] : "none";
}

unsigned gs_type_size(gs_type t) {
  switch (t) {
  case GS_TYPE_BOOL: return 1;
  case GS_TYPE_I32: case GS_TYPE_U32: case GS_TYPE_F32: return 4;
  case GS_TYPE_I64: case GS_TYPE_U64: case GS_TYPE_F64: return 8;
  default: return 0;
  }
}

int gs_type_is_int(gs_type t) {
  return t == GS_TYPE_I32 || t == GS_TYPE_U32 || t == GS_TYPE_I64 || t == GS_TYPE_U64;
}
int gs_type_is_signed(gs_type t) { return t == GS_TYPE_I32 || t == GS_TYPE_I64; }
int gs_type_is_float(gs_type t) { return t == GS_TYPE_F32 || t == GS_TYPE_F64; }

static int type_valid(gs_type t) { return t >= GS_TYPE_NONE && t <= GS_TYPE_F64; }

const char *gs_access_name(gs_access a) {
  static const char *const names[] = {"read", "write", "readwrite", "uniform", "workgroup"};
  return (unsigned)a < 5 ? names[a] : "?";
}

const char *gs_unop_name(gs_unop op) {
  static const char *const names[] = {"-", "~", "!"};
  return (unsigned)op < 3 ? names[op] : "?";
}

const char *gs_binop_name(gs_binop op) {
  static const char *const names[] = {"+", "-", "*",  "/",  "%", "&", "|",  "^",  "<<",
                                      ">>", "==", "!=", "<", "<=", ">", ">=", "&&", "||"};
  return (unsigned)op <= GS_BIN_LOR ? names[op] : "?";
}

const char *gs_id_name(gs_id_kind id) {
  static const char *const names[] = {"global_id",  "local_id",   "group_id",
                                      "global_size", "local_size", "num_groups"};
  return (unsigned)id <= GS_ID_NUM_GROUPS ? names[id] : "?";
}

const char *gs_atomic_name(gs_atomic_op op) {
  static const char *const names[] = {"atomic_add", "atomic_sub", "atomic_min",
                                      "atomic_max", "atomic_and", "atomic_or",
                                      "atomic_xor", "atomic_exchange", "atomic_cmpxchg"};
  return (unsigned)op <= GS_ATOMIC_CMPXCHG ? names[op] : "?";
}

const char *gs_collective_name(gs_collective_kind c) {
  static const char *const names[] = {"all_reduce", "broadcast", "all_gather", "reduce_scatter"};
  return (unsigned)c <= GS_COLL_REDUCE_SCATTER ? names[c] : "?";
}

const char *gs_reduce_name(gs_reduce_op op) {
  static const char *const names[] = {"add", "min", "max", "and", "or", "xor"};
  return (unsigned)op <= GS_REDUCE_XOR ? names[op] : "?";
}

/* creation and disposal */

gs_program *gs_program_create(const char *name) {
  if (!name)
    return NULL;
  gs_program *p = gs_xcalloc(1, sizeof *p);
  p->name = gs_strdup(name);
  p->file = gs_strdup("<program>");
  p->wg[0] = p->wg[1] = p->wg[2] = 1;
  vec_init(&p->buffers, sizeof(gs_buffer *));
  vec_init(&p->exprs, sizeof(gs_expr *));
  vec_init(&p->stmts, sizeof(gs_stmt *));
  map_init(&p->expr_set);
  map_init(&p->stmt_set);
  p->body = gs_stmt_block(p);
  p->body->attached_ = 1;
  return p;
}

static void free_expr(gs_expr *e) {
  switch (e->kind) {
  case GS_EXPR_FLOAT: free(e->u.float_lit.text); break;
  case GS_EXPR_VAR: free(e->u.var.name); break;
  case GS_EXPR_LOAD: free(e->u.load.buffer.name); break;
  case GS_EXPR_LEN: free(e->u.len.buffer.name); break;
  case GS_EXPR_ATOMIC: free(e->u.atomic.buffer.name); break;
  default: break;
  }
  free(e);
}

static void free_stmt(gs_stmt *s) {
  switch (s->kind) {
  case GS_STMT_LET: free(s->u.let.name); break;
  case GS_STMT_ASSIGN: free(s->u.assign.name); break;
  case GS_STMT_STORE: free(s->u.store.buffer.name); break;
  case GS_STMT_FOR: free(s->u.for_.var); break;
  case GS_STMT_BLOCK: free(s->u.block.stmts); break;
  case GS_STMT_REGION: free(s->u.region.name); break;
  case GS_STMT_COLLECTIVE:
    free(s->u.coll.src.name);
    free(s->u.coll.dst.name);
    break;
  default: break;
  }
  free(s);
}

void gs_program_dispose(gs_program *p) {
  if (!p)
    return;
  for (size_t i = 0; i < p->exprs.len; i++)
    free_expr(VEC_AT(&p->exprs, gs_expr *, i));
  for (size_t i = 0; i < p->stmts.len; i++)
    free_stmt(VEC_AT(&p->stmts, gs_stmt *, i));
  for (size_t i = 0; i < p->buffers.len; i++) {
    gs_buffer *b = VEC_AT(&p->buffers, gs_buffer *, i);
    free(b->name);
    free(b);
  }
  vec_free(&p->exprs);
  vec_free(&p->stmts);
  vec_free(&p->buffers);
  map_free(&p->expr_set);
  map_free(&p->stmt_set);
  free(p->builder_error);
  free(p->name);
  free(p->file);
  free(p);
}

/* accessors */

const char *gs_program_name(const gs_program *p) { return p ? p->name : NULL; }
const char *gs_program_file(const gs_program *p) { return p ? p->file : NULL; }

void gs_program_workgroup_size(const gs_program *p, unsigned size[3]) {
  for (int i = 0; i < 3; i++)
    size[i] = p ? p->wg[i] : 0;
}

size_t gs_program_buffer_count(const gs_program *p) { return p ? p->buffers.len : 0; }

const gs_buffer *gs_program_buffer(const gs_program *p, size_t i) {
  return p && i < p->buffers.len ? VEC_AT(&p->buffers, gs_buffer *, i) : NULL;
}

int gs_program_find_buffer(const gs_program *p, const char *name) {
  if (!p || !name)
    return -1;
  for (size_t i = 0; i < p->buffers.len; i++)
    if (!strcmp(VEC_AT(&p->buffers, gs_buffer *, i)->name, name))
      return (int)i;
  return -1;
}

const gs_stmt *gs_program_body(const gs_program *p) { return p ? p->body : NULL; }
int gs_program_slot_count(const gs_program *p) { return p ? p->nslots : 0; }
int gs_program_is_checked(const gs_program *p) { return p && p->checked; }

/* builder */

/* Records the first misuse; returns NULL so callers can `return misuse(...)`. */
static void *misuse(gs_program *p, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void *misuse(gs_program *p, const char *fn, const char *fmt, ...) {
  if (!p->builder_error) {
    gs_str s;
    str_init(&s);
    str_printf(&s, "%s: ", fn);
    va_list ap;
    va_start(ap, fmt);
    str_vprintf(&s, fmt, ap);
    va_end(ap);
    p->builder_error = str_take(&s);
  }
  return NULL;
}

void gs_program_set_file(gs_program *p, const char *file) {
  if (!p)
    return;
  if (!file) {
    misuse(p, "gs_program_set_file", "the file name is NULL");
    return;
  }
  free(p->file);
  p->file = gs_strdup(file);
}

void gs_program_set_pos(gs_program *p, unsigned line, unsigned col) {
  if (p) {
    p->pos.line = line;
    p->pos.col = col;
  }
}

void gs_program_set_workgroup_size(gs_program *p, unsigned x, unsigned y, unsigned z) {
  if (!p)
    return;
  p->wg[0] = x;
  p->wg[1] = y;
  p->wg[2] = z;
  p->wg_pos = p->pos;
  p->checked = 0;
}

const gs_buffer *gs_program_add_buffer(gs_program *p, const char *name, int binding, gs_type elem,
                                       uint32_t count, gs_access access, int output) {
  static const char fn[] = "gs_program_add_buffer";
  if (!p)
    return NULL;
  if (!name)
    return misuse(p, fn, "the name is NULL");
  if (!type_valid(elem))
    return misuse(p, fn, "element type %d is not a gs_type", (int)elem);
  if ((unsigned)access > GS_ACCESS_WORKGROUP)
    return misuse(p, fn, "access %d is not a gs_access", (int)access);
  gs_buffer *b = gs_xcalloc(1, sizeof *b);
  b->name = gs_strdup(name);
  b->binding = binding;
  b->elem = elem;
  b->count = count;
  b->access = access;
  b->output = output != 0;
  b->pos = p->pos;
  VEC_PUSH(&p->buffers, gs_buffer *, b);
  p->checked = 0;
  return b;
}

static gs_expr *new_expr(gs_program *p, gs_expr_kind kind) {
  gs_expr *e = gs_xcalloc(1, sizeof *e);
  e->kind = kind;
  e->pos = p->pos;
  VEC_PUSH(&p->exprs, gs_expr *, e);
  map_put(&p->expr_set, e, 1);
  p->checked = 0;
  return e;
}

static gs_stmt *new_stmt(gs_program *p, gs_stmt_kind kind) {
  gs_stmt *s = gs_xcalloc(1, sizeof *s);
  s->kind = kind;
  s->pos = p->pos;
  VEC_PUSH(&p->stmts, gs_stmt *, s);
  map_put(&p->stmt_set, s, 1);
  p->checked = 0;
  return s;
}

/* An operand about to be placed under a new node: it must be this program's
 * and not placed yet. On success it is marked placed. */
static int take_expr(gs_program *p, const char *fn, const char *what, gs_expr *e) {
  intptr_t v;
  if (!e)
    return misuse(p, fn, "the %s is NULL", what), 0;
  if (!map_get(&p->expr_set, e, &v))
    return misuse(p, fn, "the %s is not an expression of this program", what), 0;
  if (e->attached_)
    return misuse(p, fn, "the %s is already part of the program", what), 0;
  return 1;
}

static int take_block(gs_program *p, const char *fn, const char *what, gs_stmt *s) {
  intptr_t v;
  if (!s)
    return misuse(p, fn, "the %s is NULL", what), 0;
  if (!map_get(&p->stmt_set, s, &v))
    return misuse(p, fn, "the %s is not a statement of this program", what), 0;
  if (s->kind != GS_STMT_BLOCK)
    return misuse(p, fn, "the %s is not a block (gs_stmt_block)", what), 0;
  if (s->attached_)
    return misuse(p, fn, "the %s is already part of the program", what), 0;
  return 1;
}

static void place_expr(gs_expr *e) { e->attached_ = 1; }
static void place_stmt(gs_stmt *s, const gs_stmt *parent) {
  s->attached_ = 1;
  s->parent_ = parent;
}

static int int_type_ok(gs_program *p, const char *fn, gs_type type) {
  if (type != GS_TYPE_NONE && !gs_type_is_int(type))
    return misuse(p, fn, "type %s is not an integer type", gs_type_name(type)), 0;
  return 1;
}

gs_expr *gs_expr_int(gs_program *p, gs_type type, int64_t value) {
  if (!p || !int_type_ok(p, "gs_expr_int", type))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_INT);
  e->type = type;
  e->u.int_lit.bits = (uint64_t)value;
  e->u.int_lit.negative = value < 0;
  return e;
}

gs_expr *gs_expr_uint(gs_program *p, gs_type type, uint64_t value) {
  if (!p || !int_type_ok(p, "gs_expr_uint", type))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_INT);
  e->type = type;
  e->u.int_lit.bits = value;
  return e;
}

gs_expr *gs_expr_float(gs_program *p, gs_type type, double value) {
  if (!p)
    return NULL;
  if (type != GS_TYPE_NONE && !gs_type_is_float(type))
    return misuse(p, "gs_expr_float", "type %s is not a float type", gs_type_name(type));
  if (!isfinite(value))
    return misuse(p, "gs_expr_float", "the value is not finite");
  gs_expr *e = new_expr(p, GS_EXPR_FLOAT);
  e->type = type;
  e->u.float_lit.value = value;
  return e;
}

gs_expr *gs_expr_bool(gs_program *p, int value) {
  if (!p)
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_BOOL);
  e->type = GS_TYPE_BOOL;
  e->u.bool_lit.value = value != 0;
  return e;
}

gs_expr *gs_expr_var(gs_program *p, const char *name) {
  if (!p)
    return NULL;
  if (!name)
    return misuse(p, "gs_expr_var", "the name is NULL");
  gs_expr *e = new_expr(p, GS_EXPR_VAR);
  e->u.var.name = gs_strdup(name);
  e->u.var.slot = -1;
  return e;
}

static gs_bufref bufref(const char *name) {
  gs_bufref r = {gs_strdup(name), -1};
  return r;
}

gs_expr *gs_expr_load(gs_program *p, const char *buffer, gs_expr *index) {
  static const char fn[] = "gs_expr_load";
  if (!p)
    return NULL;
  if (!buffer)
    return misuse(p, fn, "the buffer name is NULL");
  if (!take_expr(p, fn, "index", index))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_LOAD);
  e->u.load.buffer = bufref(buffer);
  e->u.load.index = index;
  place_expr(index);
  return e;
}

gs_expr *gs_expr_len(gs_program *p, const char *buffer) {
  if (!p)
    return NULL;
  if (!buffer)
    return misuse(p, "gs_expr_len", "the buffer name is NULL");
  gs_expr *e = new_expr(p, GS_EXPR_LEN);
  e->u.len.buffer = bufref(buffer);
  return e;
}

gs_expr *gs_expr_unary(gs_program *p, gs_unop op, gs_expr *operand) {
  static const char fn[] = "gs_expr_unary";
  if (!p)
    return NULL;
  if ((unsigned)op > GS_UN_NOT)
    return misuse(p, fn, "operator %d is not a gs_unop", (int)op);
  if (!take_expr(p, fn, "operand", operand))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_UNARY);
  e->u.unary.op = op;
  e->u.unary.operand = operand;
  place_expr(operand);
  return e;
}

gs_expr *gs_expr_binary(gs_program *p, gs_binop op, gs_expr *lhs, gs_expr *rhs) {
  static const char fn[] = "gs_expr_binary";
  if (!p)
    return NULL;
  if ((unsigned)op > GS_BIN_LOR)
    return misuse(p, fn, "operator %d is not a gs_binop", (int)op);
  if (lhs == rhs && lhs)
    return misuse(p, fn, "the two operands are the same expression");
  if (!take_expr(p, fn, "left operand", lhs) || !take_expr(p, fn, "right operand", rhs))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_BINARY);
  e->u.binary.op = op;
  e->u.binary.lhs = lhs;
  e->u.binary.rhs = rhs;
  place_expr(lhs);
  place_expr(rhs);
  return e;
}

gs_expr *gs_expr_select(gs_program *p, gs_expr *cond, gs_expr *then_value, gs_expr *else_value) {
  static const char fn[] = "gs_expr_select";
  if (!p)
    return NULL;
  if ((cond && (cond == then_value || cond == else_value)) ||
      (then_value && then_value == else_value))
    return misuse(p, fn, "two operands are the same expression");
  if (!take_expr(p, fn, "condition", cond) || !take_expr(p, fn, "first value", then_value) ||
      !take_expr(p, fn, "second value", else_value))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_SELECT);
  e->u.select.cond = cond;
  e->u.select.then_value = then_value;
  e->u.select.else_value = else_value;
  place_expr(cond);
  place_expr(then_value);
  place_expr(else_value);
  return e;
}

gs_expr *gs_expr_cast(gs_program *p, gs_type to, gs_expr *operand) {
  static const char fn[] = "gs_expr_cast";
  if (!p)
    return NULL;
  if (to == GS_TYPE_NONE || !type_valid(to))
    return misuse(p, fn, "type %d is not a value type", (int)to);
  if (!take_expr(p, fn, "operand", operand))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_CAST);
  e->type = to;
  e->u.cast.operand = operand;
  place_expr(operand);
  return e;
}

gs_expr *gs_expr_id(gs_program *p, gs_id_kind id, unsigned dim) {
  if (!p)
    return NULL;
  if ((unsigned)id > GS_ID_NUM_GROUPS)
    return misuse(p, "gs_expr_id", "id %d is not a gs_id_kind", (int)id);
  gs_expr *e = new_expr(p, GS_EXPR_ID);
  e->u.id.id = id;
  e->u.id.dim = dim; /* 0..2, checked by gs_program_check */
  return e;
}

static gs_expr *atomic_node(gs_program *p, const char *fn, gs_atomic_op op, const char *buffer,
                            gs_expr *index, gs_expr *value, gs_expr *desired) {
  if (!buffer)
    return misuse(p, fn, "the buffer name is NULL");
  if (index && (index == value || index == desired))
    return misuse(p, fn, "two operands are the same expression");
  if (value && value == desired)
    return misuse(p, fn, "two operands are the same expression");
  if (!take_expr(p, fn, "index", index) ||
      !take_expr(p, fn, op == GS_ATOMIC_CMPXCHG ? "expected value" : "value", value))
    return NULL;
  if (op == GS_ATOMIC_CMPXCHG && !take_expr(p, fn, "desired value", desired))
    return NULL;
  gs_expr *e = new_expr(p, GS_EXPR_ATOMIC);
  e->u.atomic.op = op;
  e->u.atomic.buffer = bufref(buffer);
  e->u.atomic.index = index;
  e->u.atomic.value = value;
  e->u.atomic.desired = desired;
  place_expr(index);
  place_expr(value);
  if (desired)
    place_expr(desired);
  return e;
}

gs_expr *gs_expr_atomic(gs_program *p, gs_atomic_op op, const char *buffer, gs_expr *index,
                        gs_expr *value) {
  static const char fn[] = "gs_expr_atomic";
  if (!p)
    return NULL;
  if ((unsigned)op >= GS_ATOMIC_CMPXCHG)
    return misuse(p, fn, "operator %d is not a gs_atomic_op other than GS_ATOMIC_CMPXCHG "
                  "(use gs_expr_cmpxchg)", (int)op);
  return atomic_node(p, fn, op, buffer, index, value, NULL);
}

gs_expr *gs_expr_cmpxchg(gs_program *p, const char *buffer, gs_expr *index, gs_expr *expected,
                         gs_expr *desired) {
  if (!p)
    return NULL;
  return atomic_node(p, "gs_expr_cmpxchg", GS_ATOMIC_CMPXCHG, buffer, index, expected, desired);
}

static gs_stmt *let_node(gs_program *p, const char *fn, const char *name, gs_type type,
                         gs_expr *value, int mutable_) {
  if (!p)
    return NULL;
  if (!name)
    return misuse(p, fn, "the name is NULL");
  if (!type_valid(type))
    return misuse(p, fn, "type %d is not a gs_type", (int)type);
  if (!take_expr(p, fn, "value", value))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_LET);
  s->u.let.name = gs_strdup(name);
  s->u.let.mutable_ = mutable_;
  s->u.let.type = type;
  s->u.let.value = value;
  s->u.let.slot = -1;
  place_expr(value);
  return s;
}

gs_stmt *gs_stmt_let(gs_program *p, const char *name, gs_type type, gs_expr *value) {
  return let_node(p, "gs_stmt_let", name, type, value, 0);
}

gs_stmt *gs_stmt_var(gs_program *p, const char *name, gs_type type, gs_expr *value) {
  return let_node(p, "gs_stmt_var", name, type, value, 1);
}

gs_stmt *gs_stmt_assign(gs_program *p, const char *name, gs_expr *value) {
  static const char fn[] = "gs_stmt_assign";
  if (!p)
    return NULL;
  if (!name)
    return misuse(p, fn, "the name is NULL");
  if (!take_expr(p, fn, "value", value))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_ASSIGN);
  s->u.assign.name = gs_strdup(name);
  s->u.assign.slot = -1;
  s->u.assign.value = value;
  place_expr(value);
  return s;
}

gs_stmt *gs_stmt_store(gs_program *p, const char *buffer, gs_expr *index, gs_expr *value) {
  static const char fn[] = "gs_stmt_store";
  if (!p)
    return NULL;
  if (!buffer)
    return misuse(p, fn, "the buffer name is NULL");
  if (index && index == value)
    return misuse(p, fn, "the index and the value are the same expression");
  if (!take_expr(p, fn, "index", index) || !take_expr(p, fn, "value", value))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_STORE);
  s->u.store.buffer = bufref(buffer);
  s->u.store.index = index;
  s->u.store.value = value;
  place_expr(index);
  place_expr(value);
  return s;
}

gs_stmt *gs_stmt_block(gs_program *p) {
  if (!p)
    return NULL;
  return new_stmt(p, GS_STMT_BLOCK);
}

gs_stmt *gs_stmt_if(gs_program *p, gs_expr *cond, gs_stmt *then_body, gs_stmt *else_body) {
  static const char fn[] = "gs_stmt_if";
  if (!p)
    return NULL;
  if (then_body && then_body == else_body)
    return misuse(p, fn, "the two bodies are the same block");
  if (!take_expr(p, fn, "condition", cond) || !take_block(p, fn, "then body", then_body) ||
      (else_body && !take_block(p, fn, "else body", else_body)))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_IF);
  if (!else_body)
    else_body = new_stmt(p, GS_STMT_BLOCK);
  s->u.if_.cond = cond;
  s->u.if_.then_body = then_body;
  s->u.if_.else_body = else_body;
  place_expr(cond);
  place_stmt(then_body, s);
  place_stmt(else_body, s);
  return s;
}

gs_stmt *gs_stmt_for(gs_program *p, const char *var, gs_expr *start, gs_expr *end, uint64_t step,
                     gs_stmt *body) {
  static const char fn[] = "gs_stmt_for";
  if (!p)
    return NULL;
  if (!var)
    return misuse(p, fn, "the variable name is NULL");
  if (start && start == end)
    return misuse(p, fn, "the start and the end are the same expression");
  if (!take_expr(p, fn, "start", start) || !take_expr(p, fn, "end", end) ||
      !take_block(p, fn, "body", body))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_FOR);
  s->u.for_.var = gs_strdup(var);
  s->u.for_.slot = -1;
  s->u.for_.start = start;
  s->u.for_.end = end;
  s->u.for_.step = step; /* >= 1, checked by gs_program_check */
  s->u.for_.body = body;
  place_expr(start);
  place_expr(end);
  place_stmt(body, s);
  return s;
}

gs_stmt *gs_stmt_region(gs_program *p, const char *name, gs_stmt *body) {
  static const char fn[] = "gs_stmt_region";
  if (!p)
    return NULL;
  if (!name)
    return misuse(p, fn, "the name is NULL");
  if (!take_block(p, fn, "body", body))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_REGION);
  s->u.region.name = gs_strdup(name);
  s->u.region.body = body;
  place_stmt(body, s);
  return s;
}

gs_stmt *gs_stmt_return(gs_program *p) { return p ? new_stmt(p, GS_STMT_RETURN) : NULL; }
gs_stmt *gs_stmt_workgroup_barrier(gs_program *p) {
  return p ? new_stmt(p, GS_STMT_WORKGROUP_BARRIER) : NULL;
}
gs_stmt *gs_stmt_grid_barrier(gs_program *p) { return p ? new_stmt(p, GS_STMT_GRID_BARRIER) : NULL; }

static gs_stmt *coll_node(gs_program *p, const char *fn, gs_collective_kind kind, gs_reduce_op op,
                          const char *src, const char *dst, gs_expr *n, gs_expr *parts,
                          gs_expr *root) {
  if (!p)
    return NULL;
  if ((unsigned)op > GS_REDUCE_XOR)
    return misuse(p, fn, "op %d is not a gs_reduce_op", (int)op);
  if (!src)
    return misuse(p, fn, "the source buffer name is NULL");
  if (!dst)
    return misuse(p, fn, "the destination buffer name is NULL");
  if ((n && (n == parts || n == root)) || (parts && parts == root))
    return misuse(p, fn, "two operands are the same expression");
  if (!take_expr(p, fn, "count n", n) || !take_expr(p, fn, "count parts", parts))
    return NULL;
  if (kind == GS_COLL_BROADCAST && !take_expr(p, fn, "root", root))
    return NULL;
  gs_stmt *s = new_stmt(p, GS_STMT_COLLECTIVE);
  s->u.coll.kind = kind;
  s->u.coll.op = op;
  s->u.coll.src = bufref(src);
  s->u.coll.dst = bufref(dst);
  s->u.coll.n = n;
  s->u.coll.parts = parts;
  s->u.coll.root = kind == GS_COLL_BROADCAST ? root : NULL;
  place_expr(n);
  place_expr(parts);
  if (s->u.coll.root)
    place_expr(root);
  return s;
}

gs_stmt *gs_stmt_all_reduce(gs_program *p, gs_reduce_op op, const char *src, const char *dst,
                            gs_expr *n, gs_expr *parts) {
  return coll_node(p, "gs_stmt_all_reduce", GS_COLL_ALL_REDUCE, op, src, dst, n, parts, NULL);
}

gs_stmt *gs_stmt_broadcast(gs_program *p, const char *src, const char *dst, gs_expr *n,
                           gs_expr *parts, gs_expr *root) {
  return coll_node(p, "gs_stmt_broadcast", GS_COLL_BROADCAST, GS_REDUCE_ADD, src, dst, n, parts,
                   root);
}

gs_stmt *gs_stmt_all_gather(gs_program *p, const char *src, const char *dst, gs_expr *n,
                            gs_expr *parts) {
  return coll_node(p, "gs_stmt_all_gather", GS_COLL_ALL_GATHER, GS_REDUCE_ADD, src, dst, n, parts,
                   NULL);
}

gs_stmt *gs_stmt_reduce_scatter(gs_program *p, gs_reduce_op op, const char *src, const char *dst,
                                gs_expr *n, gs_expr *parts) {
  return coll_node(p, "gs_stmt_reduce_scatter", GS_COLL_REDUCE_SCATTER, op, src, dst, n, parts,
                   NULL);
}

gs_stmt *gs_stmt_eval(gs_program *p, gs_expr *atomic) {
  static const char fn[] = "gs_stmt_eval";
  if (!p)
    return NULL;
  if (!take_expr(p, fn, "expression", atomic))
    return NULL;
  if (atomic->kind != GS_EXPR_ATOMIC)
    return misuse(p, fn, "the expression is not an atomic (only atomics can be statements)");
  gs_stmt *s = new_stmt(p, GS_STMT_EVAL);
  s->u.eval.value = atomic;
  place_expr(atomic);
  return s;
}

void gs_block_append(gs_program *p, gs_stmt *block, gs_stmt *stmt) {
  static const char fn[] = "gs_block_append";
  intptr_t v;
  if (!p)
    return;
  if (!block) {
    misuse(p, fn, "the block is NULL");
    return;
  }
  if (!map_get(&p->stmt_set, block, &v)) {
    misuse(p, fn, "the block is not a statement of this program");
    return;
  }
  if (block->kind != GS_STMT_BLOCK) {
    misuse(p, fn, "the block is not a block (gs_stmt_block)");
    return;
  }
  if (!stmt) {
    misuse(p, fn, "the statement is NULL");
    return;
  }
  if (!map_get(&p->stmt_set, stmt, &v)) {
    misuse(p, fn, "the statement is not a statement of this program");
    return;
  }
  if (stmt->attached_) {
    misuse(p, fn, "the statement is already part of the program");
    return;
  }
  /* STMT is the root of its own tree; appending it under one of its own
   * descendants would make a cycle. */
  for (const gs_stmt *a = block; a; a = a->parent_)
    if (a == stmt) {
      misuse(p, fn, "the block lies inside the statement");
      return;
    }
  gs_vec blk = {block->u.block.stmts, block->u.block.len, block->u.block.cap, sizeof(gs_stmt *)};
  VEC_PUSH(&blk, gs_stmt *, stmt);
  block->u.block.stmts = blk.data;
  block->u.block.len = blk.len;
  block->u.block.cap = blk.cap;
  place_stmt(stmt, block);
  p->checked = 0;
}

void gs_program_append(gs_program *p, gs_stmt *stmt) {
  if (p)
    gs_block_append(p, p->body, stmt);
}

/* checker */

typedef struct {
  const char *name;
  const gs_stmt *decl; /* GS_STMT_LET or GS_STMT_FOR */
} symbol;

typedef struct {
  gs_program *p;
  gs_vec scope; /* symbol, innermost last */
  char *err;
} checker;

static int fail(checker *c, gs_pos pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(checker *c, gs_pos pos, const char *fmt, ...) {
  if (c->err)
    return 0;
  gs_str s;
  str_init(&s);
  if (pos.line)
    str_printf(&s, "%s:%u:%u: error: ", c->p->file, pos.line, pos.col);
  else
    str_printf(&s, "%s: error: ", c->p->file);
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(&s, fmt, ap);
  va_end(ap);
  c->err = str_take(&s);
  return 0;
}

static const char *const reserved_words[] = {
    "program", "workgroup_size", "buffer", "kernel", "let", "var", "if", "else", "for", "in",
    "step", "region", "return", "workgroup_barrier", "grid_barrier", "true", "false", "select",
    "len", "read", "write", "readwrite", "uniform", "workgroup", "output", "bool", "i32", "u32",
    "i64", "u64", "f32", "f64", "global_id", "local_id", "group_id", "global_size", "local_size",
    "num_groups", "atomic_add", "atomic_sub", "atomic_min", "atomic_max", "atomic_and",
    "atomic_or", "atomic_xor", "atomic_exchange", "atomic_cmpxchg", "all_reduce", "broadcast",
    "all_gather", "reduce_scatter"};

static int is_reserved(const char *name) {
  for (size_t i = 0; i < sizeof reserved_words / sizeof *reserved_words; i++)
    if (!strcmp(reserved_words[i], name))
      return 1;
  return 0;
}

static int is_ident(const char *s) {
  if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
    return 0;
  for (s++; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_'))
      return 0;
  return 1;
}

static const symbol *lookup(checker *c, const char *name) {
  for (size_t i = c->scope.len; i-- > 0;) {
    const symbol *s = &VEC_AT(&c->scope, symbol, i);
    if (!strcmp(s->name, name))
      return s;
  }
  return NULL;
}

/* "NAME" in messages about a position: "at L:C", or nothing without one. */
static void where(char out[40], gs_pos pos) {
  if (pos.line)
    snprintf(out, 40, " at %u:%u", pos.line, pos.col);
  else
    out[0] = 0;
}

/* A new variable NAME declared by DECL: not reserved, not a buffer, not
 * visible already. */
static int declare(checker *c, const char *name, const gs_stmt *decl) {
  if (!is_ident(name))
    return fail(c, decl->pos, "'%s' is not a name", name);
  if (is_reserved(name))
    return fail(c, decl->pos, "'%s' is a reserved word", name);
  int b = gs_program_find_buffer(c->p, name);
  if (b >= 0)
    return fail(c, decl->pos, "'%s' is already the name of a buffer", name);
  const symbol *old = lookup(c, name);
  if (old) {
    char at[40];
    where(at, old->decl->pos);
    return fail(c, decl->pos, "'%s' is already declared%s", name, at);
  }
  symbol s = {name, decl};
  vec_push(&c->scope, &s);
  return 1;
}

static const gs_buffer *resolve_buffer(checker *c, gs_pos pos, gs_bufref *r) {
  int b = gs_program_find_buffer(c->p, r->name);
  if (b < 0) {
    if (lookup(c, r->name))
      fail(c, pos, "'%s' is a variable, not a buffer", r->name);
    else
      fail(c, pos, "undefined buffer '%s'", r->name);
    return NULL;
  }
  r->buf = b;
  return gs_program_buffer(c->p, (size_t)b);
}

static int can_load(gs_access a) {
  return a == GS_ACCESS_READ || a == GS_ACCESS_READWRITE || a == GS_ACCESS_UNIFORM ||
         a == GS_ACCESS_WORKGROUP;
}
static int can_store(gs_access a) {
  return a == GS_ACCESS_WRITE || a == GS_ACCESS_READWRITE || a == GS_ACCESS_WORKGROUP;
}

/* An expression whose type comes from its context: literals without a
 * suffix, and operators over them. */
static int flexible(const gs_expr *e) {
  switch (e->kind) {
  case GS_EXPR_INT:
  case GS_EXPR_FLOAT: return e->type == GS_TYPE_NONE;
  case GS_EXPR_UNARY: return e->u.unary.op != GS_UN_NOT && flexible(e->u.unary.operand);
  case GS_EXPR_BINARY:
    return e->u.binary.op <= GS_BIN_SHR && flexible(e->u.binary.lhs) &&
           flexible(e->u.binary.rhs);
  default: return 0;
  }
}

static int check_expr(checker *c, gs_expr *e, gs_type want, int depth);

/* Two operands that must have one type: the one with a type of its own
 * first, so that an unsuffixed literal takes the other's type. */
static int check_pair(checker *c, gs_expr *a, gs_expr *b, gs_type want, int depth) {
  if (flexible(a) && !flexible(b))
    return check_expr(c, b, want, depth) && check_expr(c, a, b->type, depth);
  return check_expr(c, a, want, depth) && check_expr(c, b, a->type, depth);
}

static int check_index(checker *c, gs_expr *index, const gs_buffer *b, int depth) {
  if (!check_expr(c, index, GS_TYPE_U32, depth))
    return 0;
  if (!gs_type_is_int(index->type))
    return fail(c, index->pos, "index into '%s' must be an integer, not %s", b->name,
                gs_type_name(index->type));
  return 1;
}

static int check_int_literal(checker *c, gs_expr *e, gs_type want) {
  uint64_t bits = e->u.int_lit.bits;
  int neg = e->u.int_lit.negative;
  if (e->type == GS_TYPE_NONE) {
    if (gs_type_is_float(want)) {
      /* An unsuffixed integer standing for a float must be exact. */
      double v = neg ? -(double)(0 - bits) : (double)bits;
      int exact = neg ? (0 - bits) <= (1ull << 53) : bits <= (1ull << 53);
      if (want == GS_TYPE_F32 && (double)(float)v != v)
        exact = 0;
      if (!exact) {
        if (neg)
          return fail(c, e->pos, "integer literal -%llu is not exactly representable as %s",
                      (unsigned long long)(0 - bits), gs_type_name(want));
        return fail(c, e->pos, "integer literal %llu is not exactly representable as %s",
                    (unsigned long long)bits, gs_type_name(want));
      }
      e->kind = GS_EXPR_FLOAT;
      e->type = want;
      e->u.float_lit.value = v;
      e->u.float_lit.text = NULL;
      return 1;
    }
    e->type = gs_type_is_int(want) ? want : GS_TYPE_I32;
  }
  gs_type t = e->type;
  int fits;
  if (neg)
    fits = gs_type_is_signed(t) && (int64_t)bits <= 0 &&
           (t == GS_TYPE_I64 || (int64_t)bits >= INT32_MIN);
  else
    fits = t == GS_TYPE_U64 || (t == GS_TYPE_I64 && bits <= INT64_MAX) ||
           (t == GS_TYPE_U32 && bits <= UINT32_MAX) || (t == GS_TYPE_I32 && bits <= INT32_MAX);
  if (!fits) {
    if (neg)
      return fail(c, e->pos, "integer literal -%llu does not fit %s",
                  (unsigned long long)(0 - bits), gs_type_name(t));
    return fail(c, e->pos, "integer literal %llu does not fit %s", (unsigned long long)bits,
                gs_type_name(t));
  }
  /* the value sign- or zero-extended from the type's width */
  if (t == GS_TYPE_I32)
    e->u.int_lit.bits = (uint64_t)(int64_t)(int32_t)(uint32_t)bits;
  else if (t == GS_TYPE_U32)
    e->u.int_lit.bits = (uint32_t)bits;
  return 1;
}

static int check_float_literal(checker *c, gs_expr *e, gs_type want) {
  if (e->type == GS_TYPE_NONE)
    e->type = want == GS_TYPE_F64 ? GS_TYPE_F64 : GS_TYPE_F32;
  const char *text = e->u.float_lit.text;
  double v;
  if (e->type == GS_TYPE_F32)
    v = text ? (double)strtof(text, NULL)
        : fabs(e->u.float_lit.value) <= FLT_MAX ? (double)(float)e->u.float_lit.value
                                                : HUGE_VAL;
  else
    v = text ? strtod(text, NULL) : e->u.float_lit.value;
  if (!isfinite(v)) {
    if (text)
      return fail(c, e->pos, "float literal %s is out of range for %s", text,
                  gs_type_name(e->type));
    return fail(c, e->pos, "float literal %g is out of range for %s", e->u.float_lit.value,
                gs_type_name(e->type));
  }
  e->u.float_lit.value = v;
  return 1;
}

static int check_expr(checker *c, gs_expr *e, gs_type want, int depth) {
  if (depth > GS_PROGRAM_MAX_DEPTH)
    return fail(c, e->pos, "nesting is deeper than %d levels", GS_PROGRAM_MAX_DEPTH);
  depth++;
  switch (e->kind) {
  case GS_EXPR_INT: return check_int_literal(c, e, want);
  case GS_EXPR_FLOAT: return check_float_literal(c, e, want);
  case GS_EXPR_BOOL: e->type = GS_TYPE_BOOL; return 1;
  case GS_EXPR_VAR: {
    const symbol *s = lookup(c, e->u.var.name);
    if (!s) {
      if (gs_program_find_buffer(c->p, e->u.var.name) >= 0)
        return fail(c, e->pos, "'%s' is a buffer; load an element with %s[INDEX]",
                    e->u.var.name, e->u.var.name);
      return fail(c, e->pos, "undefined variable '%s'", e->u.var.name);
    }
    e->u.var.decl = s->decl;
    if (s->decl->kind == GS_STMT_LET) {
      e->u.var.slot = s->decl->u.let.slot;
      e->type = s->decl->u.let.type;
    } else {
      e->u.var.slot = s->decl->u.for_.slot;
      e->type = s->decl->u.for_.type;
    }
    return 1;
  }
  case GS_EXPR_LOAD: {
    const gs_buffer *b = resolve_buffer(c, e->pos, &e->u.load.buffer);
    if (!b)
      return 0;
    if (!can_load(b->access))
      return fail(c, e->pos, "buffer '%s' is %s: it cannot be loaded from", b->name,
                  gs_access_name(b->access));
    e->type = b->elem;
    return check_index(c, e->u.load.index, b, depth);
  }
  case GS_EXPR_LEN:
    if (!resolve_buffer(c, e->pos, &e->u.len.buffer))
      return 0;
    e->type = GS_TYPE_U32;
    return 1;
  case GS_EXPR_UNARY: {
    gs_expr *x = e->u.unary.operand;
    gs_unop op = e->u.unary.op;
    if (!check_expr(c, x, op == GS_UN_NOT ? GS_TYPE_BOOL : want, depth))
      return 0;
    if (op == GS_UN_NEG && !gs_type_is_int(x->type) && !gs_type_is_float(x->type))
      return fail(c, e->pos, "operand of unary '-' must be a number, not %s",
                  gs_type_name(x->type));
    if (op == GS_UN_BITNOT && !gs_type_is_int(x->type))
      return fail(c, e->pos, "operand of '~' must be an integer, not %s", gs_type_name(x->type));
    if (op == GS_UN_NOT && x->type != GS_TYPE_BOOL)
      return fail(c, e->pos, "operand of '!' must be bool, not %s", gs_type_name(x->type));
    e->type = x->type;
    return 1;
  }
  case GS_EXPR_BINARY: {
    gs_binop op = e->u.binary.op;
    gs_expr *a = e->u.binary.lhs, *b = e->u.binary.rhs;
    const char *name = gs_binop_name(op);
    int logic = op == GS_BIN_LAND || op == GS_BIN_LOR;
    int compare = op >= GS_BIN_EQ && op <= GS_BIN_GE;
    if (logic) {
      /* both bool: no literal takes its type from the other side */
      gs_expr *xs[2] = {a, b};
      for (int i = 0; i < 2; i++) {
        if (!check_expr(c, xs[i], GS_TYPE_BOOL, depth))
          return 0;
        if (xs[i]->type != GS_TYPE_BOOL)
          return fail(c, e->pos, "operands of '%s' must be bool, not %s", name,
                      gs_type_name(xs[i]->type));
      }
      e->type = GS_TYPE_BOOL;
      return 1;
    }
    if (!check_pair(c, a, b, compare ? GS_TYPE_NONE : want, depth))
      return 0;
    if (a->type != b->type)
      return fail(c, e->pos, "operands of '%s' have different types: %s and %s", name,
                  gs_type_name(a->type), gs_type_name(b->type));
    gs_type t = a->type;
    if (op == GS_BIN_EQ || op == GS_BIN_NE) {
      /* every type */
    } else if (op == GS_BIN_REM || (op >= GS_BIN_AND && op <= GS_BIN_SHR)) {
      if (!gs_type_is_int(t))
        return fail(c, e->pos, "operands of '%s' must be integers, not %s", name,
                    gs_type_name(t));
    } else if (t == GS_TYPE_BOOL) {
      return fail(c, e->pos, "operands of '%s' must be numbers, not bool", name);
    }
    e->type = compare ? GS_TYPE_BOOL : t;
    return 1;
  }
  case GS_EXPR_SELECT: {
    gs_expr *cond = e->u.select.cond;
    if (!check_expr(c, cond, GS_TYPE_BOOL, depth))
      return 0;
    if (cond->type != GS_TYPE_BOOL)
      return fail(c, cond->pos, "condition of select must be bool, not %s",
                  gs_type_name(cond->type));
    gs_expr *a = e->u.select.then_value, *b = e->u.select.else_value;
    if (!check_pair(c, a, b, want, depth))
      return 0;
    if (a->type != b->type)
      return fail(c, e->pos, "values of select have different types: %s and %s",
                  gs_type_name(a->type), gs_type_name(b->type));
    e->type = a->type;
    return 1;
  }
  case GS_EXPR_CAST: {
    gs_expr *x = e->u.cast.operand;
    if (!check_expr(c, x, GS_TYPE_NONE, depth))
      return 0;
    if ((e->type == GS_TYPE_BOOL && gs_type_is_float(x->type)) ||
        (x->type == GS_TYPE_BOOL && gs_type_is_float(e->type)))
      return fail(c, e->pos, "cannot cast %s to %s", gs_type_name(x->type),
                  gs_type_name(e->type));
    return 1;
  }
  case GS_EXPR_ID:
    if (e->u.id.dim > 2)
      return fail(c, e->pos, "%s dimension %u is out of range (0 to 2)", gs_id_name(e->u.id.id),
                  e->u.id.dim);
    e->type = GS_TYPE_U32;
    return 1;
  case GS_EXPR_ATOMIC: {
    const char *name = gs_atomic_name(e->u.atomic.op);
    const gs_buffer *b = resolve_buffer(c, e->pos, &e->u.atomic.buffer);
    if (!b)
      return 0;
    if (b->access != GS_ACCESS_READWRITE && b->access != GS_ACCESS_WORKGROUP)
      return fail(c, e->pos, "%s needs a readwrite or workgroup buffer; '%s' is %s", name,
                  b->name, gs_access_name(b->access));
    if (!gs_type_is_int(b->elem))
      return fail(c, e->pos, "%s needs an integer buffer; '%s' holds %s", name, b->name,
                  gs_type_name(b->elem));
    if (!check_index(c, e->u.atomic.index, b, depth))
      return 0;
    gs_expr *vals[2] = {e->u.atomic.value, e->u.atomic.desired};
    for (int i = 0; i < 2 && vals[i]; i++) {
      if (!check_expr(c, vals[i], b->elem, depth))
        return 0;
      if (vals[i]->type != b->elem)
        return fail(c, vals[i]->pos, "%s of %s into '%s' of %s", name,
                    gs_type_name(vals[i]->type), b->name, gs_type_name(b->elem));
    }
    e->type = b->elem;
    return 1;
  }
  }
  return fail(c, e->pos, "expression kind %d is not a gs_expr_kind", (int)e->kind);
}

static int check_stmt(checker *c, gs_stmt *s, int depth);

static int check_block(checker *c, gs_stmt *block, int depth) {
  if (depth > GS_PROGRAM_MAX_DEPTH)
    return fail(c, block->pos, "nesting is deeper than %d levels", GS_PROGRAM_MAX_DEPTH);
  size_t mark = c->scope.len;
  for (size_t i = 0; i < block->u.block.len; i++)
    if (!check_stmt(c, block->u.block.stmts[i], depth + 1))
      return 0;
  c->scope.len = mark;
  return 1;
}

static int check_u32_arg(checker *c, const char *coll, const char *what, gs_expr *e, int depth) {
  if (!check_expr(c, e, GS_TYPE_U32, depth))
    return 0;
  if (e->type != GS_TYPE_U32)
    return fail(c, e->pos, "%s: %s must be u32, not %s", coll, what, gs_type_name(e->type));
  return 1;
}

/* A u32 literal's value in *V. */
static int literal_u32(const gs_expr *e, uint64_t *v) {
  if (!e || e->kind != GS_EXPR_INT)
    return 0;
  *v = e->u.int_lit.bits;
  return 1;
}

/* parts^k * n, or UINT64_MAX when it overflows (any count is then too small) */
static uint64_t extent(uint64_t parts, int k, uint64_t n) {
  uint64_t r = n;
  for (int i = 0; i < k; i++)
    r = parts && r > UINT64_MAX / parts ? UINT64_MAX : r * parts;
  return r;
}

/* Where n, parts and root are literals and the buffers have a count, the
 * elements a collective addresses (docs/programs.md, "Collectives") must lie
 * inside them; what depends on run-time values the interpreter checks. */
static int check_collective_extent(checker *c, gs_stmt *s, const gs_buffer *src,
                                   const gs_buffer *dst) {
  const char *name = gs_collective_name(s->u.coll.kind);
  uint64_t n, parts, root = 0;
  int have_root = literal_u32(s->u.coll.root, &root);
  if (!literal_u32(s->u.coll.n, &n) || !literal_u32(s->u.coll.parts, &parts))
    return 1;
  if (have_root && root >= parts)
    return fail(c, s->pos, "%s: root %llu is not less than parts %llu", name,
                (unsigned long long)root, (unsigned long long)parts);
  uint64_t reads, writes;
  const char *read_rule, *write_rule;
  switch (s->u.coll.kind) {
  case GS_COLL_BROADCAST:
    if (!have_root)
      return 1;
    reads = extent(root + 1, 1, n), read_rule = "(root + 1) * n";
    writes = extent(parts, 1, n), write_rule = "parts * n";
    break;
  case GS_COLL_ALL_GATHER:
    reads = extent(parts, 1, n), read_rule = "parts * n";
    writes = extent(parts, 2, n), write_rule = "parts * parts * n";
    break;
  case GS_COLL_REDUCE_SCATTER:
    reads = extent(parts, 2, n), read_rule = "parts * parts * n";
    writes = extent(parts, 1, n), write_rule = "parts * n";
    break;
  default:
    reads = writes = extent(parts, 1, n), read_rule = write_rule = "parts * n";
    break;
  }
  if (src->count && src->count < reads)
    return fail(c, s->pos, "%s: the source '%s' has %u elements, fewer than %s = %llu", name,
                src->name, src->count, read_rule, (unsigned long long)reads);
  if (dst->count && dst->count < writes)
    return fail(c, s->pos, "%s: the destination '%s' has %u elements, fewer than %s = %llu", name,
                dst->name, dst->count, write_rule, (unsigned long long)writes);
  return 1;
}

static int check_collective(checker *c, gs_stmt *s, int depth) {
  const char *name = gs_collective_name(s->u.coll.kind);
  const gs_buffer *src = resolve_buffer(c, s->pos, &s->u.coll.src);
  if (!src)
    return 0;
  const gs_buffer *dst = resolve_buffer(c, s->pos, &s->u.coll.dst);
  if (!dst)
    return 0;
  if (src == dst)
    return fail(c, s->pos, "%s: the source and the destination are both '%s'", name, src->name);
  const gs_buffer *bs[2] = {src, dst};
  for (int i = 0; i < 2; i++)
    if (bs[i]->access == GS_ACCESS_WORKGROUP)
      return fail(c, s->pos, "%s: '%s' is a workgroup buffer (collectives take global buffers)",
                  name, bs[i]->name);
  if (!can_load(src->access))
    return fail(c, s->pos, "%s: the source '%s' is %s: it cannot be read", name, src->name,
                gs_access_name(src->access));
  if (!can_store(dst->access))
    return fail(c, s->pos, "%s: the destination '%s' is %s: it cannot be written", name,
                dst->name, gs_access_name(dst->access));
  if (src->elem != dst->elem)
    return fail(c, s->pos, "%s: '%s' holds %s but '%s' holds %s", name, src->name,
                gs_type_name(src->elem), dst->name, gs_type_name(dst->elem));
  int reduces = s->u.coll.kind == GS_COLL_ALL_REDUCE || s->u.coll.kind == GS_COLL_REDUCE_SCATTER;
  gs_reduce_op op = s->u.coll.op;
  if (reduces && (op == GS_REDUCE_AND || op == GS_REDUCE_OR || op == GS_REDUCE_XOR) &&
      !gs_type_is_int(src->elem))
    return fail(c, s->pos, "%s: op '%s' needs integer elements; '%s' holds %s", name,
                gs_reduce_name(op), src->name, gs_type_name(src->elem));
  if (!check_u32_arg(c, name, "n", s->u.coll.n, depth) ||
      !check_u32_arg(c, name, "parts", s->u.coll.parts, depth))
    return 0;
  if (s->u.coll.root && !check_u32_arg(c, name, "root", s->u.coll.root, depth))
    return 0;
  return check_collective_extent(c, s, src, dst);
}

static int check_stmt(checker *c, gs_stmt *s, int depth) {
  if (depth > GS_PROGRAM_MAX_DEPTH)
    return fail(c, s->pos, "nesting is deeper than %d levels", GS_PROGRAM_MAX_DEPTH);
  switch (s->kind) {
  case GS_STMT_LET: {
    gs_expr *v = s->u.let.value;
    if (!check_expr(c, v, s->u.let.type, depth + 1))
      return 0;
    if (s->u.let.type == GS_TYPE_NONE)
      s->u.let.type = v->type;
    else if (v->type != s->u.let.type)
      return fail(c, v->pos, "'%s' is declared %s but its value is %s", s->u.let.name,
                  gs_type_name(s->u.let.type), gs_type_name(v->type));
    if (!declare(c, s->u.let.name, s))
      return 0;
    s->u.let.slot = c->p->nslots++;
    return 1;
  }
  case GS_STMT_ASSIGN: {
    const char *name = s->u.assign.name;
    const symbol *sym = lookup(c, name);
    if (!sym) {
      if (gs_program_find_buffer(c->p, name) >= 0)
        return fail(c, s->pos, "'%s' is a buffer; store to an element with %s[INDEX] = VALUE",
                    name, name);
      return fail(c, s->pos, "undefined variable '%s'", name);
    }
    if (sym->decl->kind == GS_STMT_FOR)
      return fail(c, s->pos, "cannot assign to the loop variable '%s'", name);
    if (!sym->decl->u.let.mutable_)
      return fail(c, s->pos, "cannot assign to '%s', declared with let (use var)", name);
    gs_type t = sym->decl->u.let.type;
    if (!check_expr(c, s->u.assign.value, t, depth + 1))
      return 0;
    if (s->u.assign.value->type != t)
      return fail(c, s->u.assign.value->pos, "assignment of %s to '%s' of type %s",
                  gs_type_name(s->u.assign.value->type), name, gs_type_name(t));
    s->u.assign.decl = sym->decl;
    s->u.assign.slot = sym->decl->u.let.slot;
    return 1;
  }
  case GS_STMT_STORE: {
    const gs_buffer *b = resolve_buffer(c, s->pos, &s->u.store.buffer);
    if (!b)
      return 0;
    if (!can_store(b->access))
      return fail(c, s->pos, "buffer '%s' is %s: it cannot be stored to", b->name,
                  gs_access_name(b->access));
    if (!check_index(c, s->u.store.index, b, depth + 1) ||
        !check_expr(c, s->u.store.value, b->elem, depth + 1))
      return 0;
    if (s->u.store.value->type != b->elem)
      return fail(c, s->u.store.value->pos, "store of %s into '%s' of %s",
                  gs_type_name(s->u.store.value->type), b->name, gs_type_name(b->elem));
    return 1;
  }
  case GS_STMT_IF: {
    gs_expr *cond = s->u.if_.cond;
    if (!check_expr(c, cond, GS_TYPE_BOOL, depth + 1))
      return 0;
    if (cond->type != GS_TYPE_BOOL)
      return fail(c, cond->pos, "condition of if must be bool, not %s", gs_type_name(cond->type));
    return check_block(c, s->u.if_.then_body, depth + 1) &&
           check_block(c, s->u.if_.else_body, depth + 1);
  }
  case GS_STMT_FOR: {
    const char *v = s->u.for_.var;
    gs_expr *a = s->u.for_.start, *b = s->u.for_.end;
    if (!check_pair(c, a, b, GS_TYPE_NONE, depth + 1))
      return 0;
    if (a->type != b->type)
      return fail(c, s->pos, "bounds of the loop over '%s' have different types: %s and %s", v,
                  gs_type_name(a->type), gs_type_name(b->type));
    gs_type t = a->type;
    if (!gs_type_is_int(t))
      return fail(c, s->pos, "bounds of the loop over '%s' must be integers, not %s", v,
                  gs_type_name(t));
    uint64_t max = t == GS_TYPE_I32 ? INT32_MAX
                   : t == GS_TYPE_U32 ? UINT32_MAX
                   : t == GS_TYPE_I64 ? INT64_MAX
                                      : UINT64_MAX;
    if (s->u.for_.step == 0 || s->u.for_.step > max)
      return fail(c, s->pos, "step %llu of the loop over '%s' is out of range (1 to %llu)",
                  (unsigned long long)s->u.for_.step, v, (unsigned long long)max);
    s->u.for_.type = t;
    size_t mark = c->scope.len;
    if (!declare(c, v, s))
      return 0;
    s->u.for_.slot = c->p->nslots++;
    if (!check_block(c, s->u.for_.body, depth + 1))
      return 0;
    c->scope.len = mark;
    return 1;
  }
  case GS_STMT_BLOCK: return check_block(c, s, depth);
  case GS_STMT_REGION:
    if (!is_ident(s->u.region.name))
      return fail(c, s->pos, "region name '%s' is not a name", s->u.region.name);
    return check_block(c, s->u.region.body, depth + 1);
  case GS_STMT_RETURN:
  case GS_STMT_WORKGROUP_BARRIER:
  case GS_STMT_GRID_BARRIER: return 1;
  case GS_STMT_COLLECTIVE: return check_collective(c, s, depth + 1);
  case GS_STMT_EVAL: return check_expr(c, s->u.eval.value, GS_TYPE_NONE, depth + 1);
  }
  return fail(c, s->pos, "statement kind %d is not a gs_stmt_kind", (int)s->kind);
}

static int check_buffers(checker *c) {
  gs_program *p = c->p;
  for (size_t i = 0; i < p->buffers.len; i++) {
    gs_buffer *b = VEC_AT(&p->buffers, gs_buffer *, i);
    if (!is_ident(b->name))
      return fail(c, b->pos, "buffer name '%s' is not a name", b->name);
    if (is_reserved(b->name))
      return fail(c, b->pos, "'%s' is a reserved word", b->name);
    for (size_t j = 0; j < i; j++) {
      const gs_buffer *o = VEC_AT(&p->buffers, gs_buffer *, j);
      if (!strcmp(o->name, b->name)) {
        char at[40];
        where(at, o->pos);
        return fail(c, b->pos, "buffer '%s' is already declared%s", b->name, at);
      }
      if (b->binding >= 0 && o->binding == b->binding)
        return fail(c, b->pos, "binding %d of buffer '%s' is already used by buffer '%s'",
                    b->binding, b->name, o->name);
    }
    if (b->elem == GS_TYPE_NONE || b->elem == GS_TYPE_BOOL)
      return fail(c, b->pos, "buffer '%s' has element type %s (i32 u32 i64 u64 f32 f64 are allowed)",
                  b->name, gs_type_name(b->elem));
    if (b->access == GS_ACCESS_WORKGROUP) {
      if (b->binding != -1)
        return fail(c, b->pos, "workgroup buffer '%s' takes no binding", b->name);
      if (b->count == 0)
        return fail(c, b->pos, "workgroup buffer '%s' needs a constant count", b->name);
      if (b->output)
        return fail(c, b->pos, "workgroup buffer '%s' cannot be an output", b->name);
    } else {
      if (b->binding < 0)
        return fail(c, b->pos, "buffer '%s' needs a binding (@N)", b->name);
      if (b->output && !can_store(b->access))
        return fail(c, b->pos, "output buffer '%s' must be write or readwrite, not %s", b->name,
                    gs_access_name(b->access));
    }
  }
  return 1;
}

gs_error *gs_program_check(gs_program *p) {
  if (!p)
    return gs_errorf("gs_program_check: the program is NULL");
  if (p->builder_error)
    return gs_errorf("%s", p->builder_error);
  checker c = {p, {0}, NULL};
  vec_init(&c.scope, sizeof(symbol));
  p->nslots = 0;
  p->checked = 0;
  gs_pos none = {0, 0};
  if (!is_ident(p->name))
    fail(&c, none, "program name '%s' is not a name", p->name);
  else if (p->wg[0] < 1 || p->wg[1] < 1 || p->wg[2] < 1)
    fail(&c, p->wg_pos, "workgroup size %u, %u, %u: every dimension must be at least 1", p->wg[0],
         p->wg[1], p->wg[2]);
  else if ((uint64_t)p->wg[0] * p->wg[1] * p->wg[2] > 1024)
    fail(&c, p->wg_pos, "workgroup size %u, %u, %u has more than 1024 invocations", p->wg[0],
         p->wg[1], p->wg[2]);
  if (!c.err && check_buffers(&c))
    check_block(&c, p->body, 0);
  vec_free(&c.scope);
  if (c.err) {
    gs_error *e = gs_errorf("%s", c.err);
    free(c.err);
    return e;
  }
  p->checked = 1;
  return NULL;
}
