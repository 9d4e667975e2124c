/* Programs: the canonical printer and structural equality
 * (docs/programs.md, "Grammar": the printed form parses back to an equal
 * program). */
#include "gs.h"
#include "gridsplit/program.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* printer */

typedef struct {
  gs_str out;
  int too_deep;
} printer;

/* binding strength of an expression as an operand (docs/programs.md) */
static int prec_of(const gs_expr *e) {
  if (e->kind != GS_EXPR_BINARY)
    return 10;
  switch (e->u.binary.op) {
  case GS_BIN_LOR: return 1;
  case GS_BIN_LAND: return 2;
  case GS_BIN_EQ: case GS_BIN_NE: case GS_BIN_LT:
  case GS_BIN_LE: case GS_BIN_GT: case GS_BIN_GE: return 3;
  case GS_BIN_OR: return 4;
  case GS_BIN_XOR: return 5;
  case GS_BIN_AND: return 6;
  case GS_BIN_SHL: case GS_BIN_SHR: return 7;
  case GS_BIN_ADD: case GS_BIN_SUB: return 8;
  default: return 9;
  }
}

/* A literal that starts with '-' (it would fold into a `-` before it). */
static int negative_literal(const gs_expr *e) {
  if (e->kind == GS_EXPR_INT)
    return gs_type_is_signed(e->type) ? (int64_t)e->u.int_lit.bits < 0
                                      : e->type == GS_TYPE_NONE && e->u.int_lit.negative;
  if (e->kind == GS_EXPR_FLOAT)
    return e->u.float_lit.value < 0 || (e->u.float_lit.value == 0 && 1 / e->u.float_lit.value < 0);
  return 0;
}

/* The shortest decimal that reads back (strtof for f32, strtod otherwise)
 * as V exactly, always with a '.' or an exponent. */
static int reads_back(const char *buf, double v, gs_type t) {
  return t == GS_TYPE_F32 ? (double)strtof(buf, NULL) == v : strtod(buf, NULL) == v;
}

static void print_float(gs_str *s, double v, gs_type t) {
  char buf[512];
  for (int digits = 1; digits <= 17; digits++) {
    snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (reads_back(buf, v, t))
      break;
  }
  /* plain digits rather than an exponent for everyday magnitudes (1000.0, not 1e+03) */
  if (strchr(buf, 'e') && fabs(v) >= 1e-4 && fabs(v) < 1e16)
    for (int decimals = 0; decimals <= 24; decimals++) {
      char fixed[512];
      snprintf(fixed, sizeof fixed, "%.*f", decimals, v);
      if (reads_back(fixed, v, t)) {
        memcpy(buf, fixed, sizeof buf);
        break;
      }
    }
  str_printf(s, "%s", buf);
  if (!strpbrk(buf, ".e"))
    str_printf(s, ".0");
}

static void print_expr(printer *pr, const gs_expr *e, int depth);

static void print_operand(printer *pr, const gs_expr *e, int parens, int depth) {
  if (parens)
    str_printf(&pr->out, "(");
  print_expr(pr, e, depth);
  if (parens)
    str_printf(&pr->out, ")");
}

static void print_args(printer *pr, gs_expr *const *args, int n, int depth) {
  for (int i = 0; i < n; i++) {
    str_printf(&pr->out, ", ");
    print_expr(pr, args[i], depth);
  }
}

static void print_expr(printer *pr, const gs_expr *e, int depth) {
  gs_str *s = &pr->out;
  if (depth > GS_PROGRAM_MAX_DEPTH) {
    pr->too_deep = 1;
    return;
  }
  depth++;
  switch (e->kind) {
  case GS_EXPR_INT: {
    uint64_t bits = e->u.int_lit.bits;
    if (e->type == GS_TYPE_NONE)
      str_printf(s, e->u.int_lit.negative ? "-%llu" : "%llu",
                 (unsigned long long)(e->u.int_lit.negative ? 0 - bits : bits));
    else if (gs_type_is_signed(e->type))
      str_printf(s, "%lld%s", (long long)(int64_t)bits, gs_type_name(e->type));
    else
      str_printf(s, "%llu%s", (unsigned long long)bits, gs_type_name(e->type));
    break;
  }
  case GS_EXPR_FLOAT:
    print_float(s, e->u.float_lit.value, e->type);
    if (e->type != GS_TYPE_NONE)
      str_printf(s, "%s", gs_type_name(e->type));
    break;
  case GS_EXPR_BOOL: str_printf(s, "%s", e->u.bool_lit.value ? "true" : "false"); break;
  case GS_EXPR_VAR: str_printf(s, "%s", e->u.var.name); break;
  case GS_EXPR_LOAD:
    str_printf(s, "%s[", e->u.load.buffer.name);
    print_expr(pr, e->u.load.index, depth);
    str_printf(s, "]");
    break;
  case GS_EXPR_LEN: str_printf(s, "len(%s)", e->u.len.buffer.name); break;
  case GS_EXPR_UNARY: {
    const gs_expr *x = e->u.unary.operand;
    str_printf(s, "%s", gs_unop_name(e->u.unary.op));
    /* `-(5i32)`: without the parentheses it reads back as the literal -5 */
    int parens = x->kind == GS_EXPR_BINARY ||
                 (e->u.unary.op == GS_UN_NEG && (x->kind == GS_EXPR_INT || x->kind == GS_EXPR_FLOAT) &&
                  !negative_literal(x));
    print_operand(pr, x, parens, depth);
    break;
  }
  case GS_EXPR_BINARY: {
    int p = prec_of(e);
    const gs_expr *a = e->u.binary.lhs, *b = e->u.binary.rhs;
    /* left-associative; comparisons do not chain */
    print_operand(pr, a, prec_of(a) < p || (p == 3 && prec_of(a) == 3), depth);
    str_printf(s, " %s ", gs_binop_name(e->u.binary.op));
    print_operand(pr, b, prec_of(b) <= p, depth);
    break;
  }
  case GS_EXPR_SELECT: {
    str_printf(s, "select(");
    print_expr(pr, e->u.select.cond, depth);
    gs_expr *args[2] = {e->u.select.then_value, e->u.select.else_value};
    print_args(pr, args, 2, depth);
    str_printf(s, ")");
    break;
  }
  case GS_EXPR_CAST:
    str_printf(s, "%s(", gs_type_name(e->type));
    print_expr(pr, e->u.cast.operand, depth);
    str_printf(s, ")");
    break;
  case GS_EXPR_ID: str_printf(s, "%s(%u)", gs_id_name(e->u.id.id), e->u.id.dim); break;
  case GS_EXPR_ATOMIC: {
    str_printf(s, "%s(%s", gs_atomic_name(e->u.atomic.op), e->u.atomic.buffer.name);
    gs_expr *args[3] = {e->u.atomic.index, e->u.atomic.value, e->u.atomic.desired};
    print_args(pr, args, e->u.atomic.desired ? 3 : 2, depth);
    str_printf(s, ")");
    break;
  }
  }
}

static void indent(printer *pr, int level) {
  for (int i = 0; i < level; i++)
    str_printf(&pr->out, "  ");
}

static void print_stmt(printer *pr, const gs_stmt *st, int level, int depth);

/* the statements of BLOCK at LEVEL, then `}` at LEVEL-1 and a newline */
static void print_block_body(printer *pr, const gs_stmt *block, int level, int depth) {
  for (size_t i = 0; i < block->u.block.len; i++)
    print_stmt(pr, block->u.block.stmts[i], level, depth + 1);
  indent(pr, level - 1);
  str_printf(&pr->out, "}\n");
}

static void print_if(printer *pr, const gs_stmt *st, int level, int depth) {
  str_printf(&pr->out, "if ");
  print_expr(pr, st->u.if_.cond, depth);
  str_printf(&pr->out, " {\n");
  const gs_stmt *els = st->u.if_.else_body;
  if (!els->u.block.len) {
    print_block_body(pr, st->u.if_.then_body, level + 1, depth);
    return;
  }
  for (size_t i = 0; i < st->u.if_.then_body->u.block.len; i++)
    print_stmt(pr, st->u.if_.then_body->u.block.stmts[i], level + 1, depth + 1);
  indent(pr, level);
  if (els->u.block.len == 1 && els->u.block.stmts[0]->kind == GS_STMT_IF) {
    str_printf(&pr->out, "} else ");
    print_if(pr, els->u.block.stmts[0], level, depth + 1);
    return;
  }
  str_printf(&pr->out, "} else {\n");
  print_block_body(pr, els, level + 1, depth);
}

static void print_stmt(printer *pr, const gs_stmt *st, int level, int depth) {
  gs_str *s = &pr->out;
  if (depth > GS_PROGRAM_MAX_DEPTH) {
    pr->too_deep = 1;
    return;
  }
  indent(pr, level);
  switch (st->kind) {
  case GS_STMT_LET:
    str_printf(s, "%s %s", st->u.let.mutable_ ? "var" : "let", st->u.let.name);
    if (st->u.let.type != GS_TYPE_NONE)
      str_printf(s, ": %s", gs_type_name(st->u.let.type));
    str_printf(s, " = ");
    print_expr(pr, st->u.let.value, depth + 1);
    str_printf(s, ";\n");
    break;
  case GS_STMT_ASSIGN:
    str_printf(s, "%s = ", st->u.assign.name);
    print_expr(pr, st->u.assign.value, depth + 1);
    str_printf(s, ";\n");
    break;
  case GS_STMT_STORE:
    str_printf(s, "%s[", st->u.store.buffer.name);
    print_expr(pr, st->u.store.index, depth + 1);
    str_printf(s, "] = ");
    print_expr(pr, st->u.store.value, depth + 1);
    str_printf(s, ";\n");
    break;
  case GS_STMT_IF: print_if(pr, st, level, depth); break;
  case GS_STMT_FOR:
    str_printf(s, "for %s in ", st->u.for_.var);
    print_expr(pr, st->u.for_.start, depth + 1);
    str_printf(s, "..");
    print_expr(pr, st->u.for_.end, depth + 1);
    if (st->u.for_.step != 1)
      str_printf(s, " step %llu", (unsigned long long)st->u.for_.step);
    str_printf(s, " {\n");
    print_block_body(pr, st->u.for_.body, level + 1, depth + 1);
    break;
  case GS_STMT_BLOCK:
    str_printf(s, "{\n");
    print_block_body(pr, st, level + 1, depth);
    break;
  case GS_STMT_REGION:
    str_printf(s, "region %s {\n", st->u.region.name);
    print_block_body(pr, st->u.region.body, level + 1, depth + 1);
    break;
  case GS_STMT_RETURN: str_printf(s, "return;\n"); break;
  case GS_STMT_WORKGROUP_BARRIER: str_printf(s, "workgroup_barrier;\n"); break;
  case GS_STMT_GRID_BARRIER: str_printf(s, "grid_barrier;\n"); break;
  case GS_STMT_COLLECTIVE: {
    gs_collective_kind k = st->u.coll.kind;
    str_printf(s, "%s(", gs_collective_name(k));
    if (k == GS_COLL_ALL_REDUCE || k == GS_COLL_REDUCE_SCATTER)
      str_printf(s, "%s, ", gs_reduce_name(st->u.coll.op));
    str_printf(s, "%s, %s", st->u.coll.src.name, st->u.coll.dst.name);
    gs_expr *args[3] = {st->u.coll.n, st->u.coll.parts, st->u.coll.root};
    print_args(pr, args, st->u.coll.root ? 3 : 2, depth + 1);
    str_printf(s, ");\n");
    break;
  }
  case GS_STMT_EVAL:
    print_expr(pr, st->u.eval.value, depth + 1);
    str_printf(s, ";\n");
    break;
  }
}

char *gs_program_print(const gs_program *p) {
  if (!p)
    return NULL;
  printer pr = {{0}, 0};
  str_init(&pr.out);
  str_printf(&pr.out, "program %s;\n", gs_program_name(p));
  unsigned wg[3];
  gs_program_workgroup_size(p, wg);
  str_printf(&pr.out, "workgroup_size %u", wg[0]);
  if (wg[1] != 1 || wg[2] != 1)
    str_printf(&pr.out, ", %u", wg[1]);
  if (wg[2] != 1)
    str_printf(&pr.out, ", %u", wg[2]);
  str_printf(&pr.out, ";\n");
  size_t nb = gs_program_buffer_count(p);
  if (nb)
    str_printf(&pr.out, "\n");
  for (size_t i = 0; i < nb; i++) {
    const gs_buffer *b = gs_program_buffer(p, i);
    str_printf(&pr.out, "buffer %s: %s %s[", b->name, gs_access_name(b->access),
               gs_type_name(b->elem));
    if (b->count)
      str_printf(&pr.out, "%u]", b->count);
    else
      str_printf(&pr.out, "?]");
    if (b->binding >= 0)
      str_printf(&pr.out, " @%d", b->binding);
    str_printf(&pr.out, "%s;\n", b->output ? " output" : "");
  }
  str_printf(&pr.out, "\nkernel {\n");
  print_block_body(&pr, gs_program_body(p), 1, 0);
  if (pr.too_deep) {
    str_free(&pr.out);
    return NULL;
  }
  return str_take(&pr.out);
}

/* equality */

static int same_name(const char *a, const char *b) { return !strcmp(a, b); }

static int expr_equal(const gs_expr *a, const gs_expr *b, int depth);

static int expr_equal(const gs_expr *a, const gs_expr *b, int depth) {
  if (depth > GS_PROGRAM_MAX_DEPTH || a->kind != b->kind || a->type != b->type)
    return 0;
  depth++;
  switch (a->kind) {
  case GS_EXPR_INT: return a->u.int_lit.bits == b->u.int_lit.bits;
  case GS_EXPR_FLOAT:
    return !memcmp(&a->u.float_lit.value, &b->u.float_lit.value, sizeof(double));
  case GS_EXPR_BOOL: return a->u.bool_lit.value == b->u.bool_lit.value;
  case GS_EXPR_VAR: return same_name(a->u.var.name, b->u.var.name);
  case GS_EXPR_LOAD:
    return same_name(a->u.load.buffer.name, b->u.load.buffer.name) &&
           expr_equal(a->u.load.index, b->u.load.index, depth);
  case GS_EXPR_LEN: return same_name(a->u.len.buffer.name, b->u.len.buffer.name);
  case GS_EXPR_UNARY:
    return a->u.unary.op == b->u.unary.op &&
           expr_equal(a->u.unary.operand, b->u.unary.operand, depth);
  case GS_EXPR_BINARY:
    return a->u.binary.op == b->u.binary.op && expr_equal(a->u.binary.lhs, b->u.binary.lhs, depth) &&
           expr_equal(a->u.binary.rhs, b->u.binary.rhs, depth);
  case GS_EXPR_SELECT:
    return expr_equal(a->u.select.cond, b->u.select.cond, depth) &&
           expr_equal(a->u.select.then_value, b->u.select.then_value, depth) &&
           expr_equal(a->u.select.else_value, b->u.select.else_value, depth);
  case GS_EXPR_CAST: return expr_equal(a->u.cast.operand, b->u.cast.operand, depth);
  case GS_EXPR_ID: return a->u.id.id == b->u.id.id && a->u.id.dim == b->u.id.dim;
  case GS_EXPR_ATOMIC:
    if (a->u.atomic.op != b->u.atomic.op ||
        !same_name(a->u.atomic.buffer.name, b->u.atomic.buffer.name) ||
        !expr_equal(a->u.atomic.index, b->u.atomic.index, depth) ||
        !expr_equal(a->u.atomic.value, b->u.atomic.value, depth))
      return 0;
    if (!a->u.atomic.desired || !b->u.atomic.desired)
      return a->u.atomic.desired == b->u.atomic.desired;
    return expr_equal(a->u.atomic.desired, b->u.atomic.desired, depth);
  }
  return 0;
}

static int opt_expr_equal(const gs_expr *a, const gs_expr *b, int depth) {
  if (!a || !b)
    return a == b;
  return expr_equal(a, b, depth);
}

static int stmt_equal(const gs_stmt *a, const gs_stmt *b, int depth) {
  if (depth > GS_PROGRAM_MAX_DEPTH || a->kind != b->kind)
    return 0;
  depth++;
  switch (a->kind) {
  case GS_STMT_LET:
    return same_name(a->u.let.name, b->u.let.name) && a->u.let.mutable_ == b->u.let.mutable_ &&
           a->u.let.type == b->u.let.type && expr_equal(a->u.let.value, b->u.let.value, depth);
  case GS_STMT_ASSIGN:
    return same_name(a->u.assign.name, b->u.assign.name) &&
           expr_equal(a->u.assign.value, b->u.assign.value, depth);
  case GS_STMT_STORE:
    return same_name(a->u.store.buffer.name, b->u.store.buffer.name) &&
           expr_equal(a->u.store.index, b->u.store.index, depth) &&
           expr_equal(a->u.store.value, b->u.store.value, depth);
  case GS_STMT_IF:
    return expr_equal(a->u.if_.cond, b->u.if_.cond, depth) &&
           stmt_equal(a->u.if_.then_body, b->u.if_.then_body, depth) &&
           stmt_equal(a->u.if_.else_body, b->u.if_.else_body, depth);
  case GS_STMT_FOR:
    return same_name(a->u.for_.var, b->u.for_.var) && a->u.for_.type == b->u.for_.type &&
           a->u.for_.step == b->u.for_.step &&
           expr_equal(a->u.for_.start, b->u.for_.start, depth) &&
           expr_equal(a->u.for_.end, b->u.for_.end, depth) &&
           stmt_equal(a->u.for_.body, b->u.for_.body, depth);
  case GS_STMT_BLOCK:
    if (a->u.block.len != b->u.block.len)
      return 0;
    for (size_t i = 0; i < a->u.block.len; i++)
      if (!stmt_equal(a->u.block.stmts[i], b->u.block.stmts[i], depth))
        return 0;
    return 1;
  case GS_STMT_REGION:
    return same_name(a->u.region.name, b->u.region.name) &&
           stmt_equal(a->u.region.body, b->u.region.body, depth);
  case GS_STMT_RETURN:
  case GS_STMT_WORKGROUP_BARRIER:
  case GS_STMT_GRID_BARRIER: return 1;
  case GS_STMT_COLLECTIVE: {
    gs_collective_kind k = a->u.coll.kind;
    int reduces = k == GS_COLL_ALL_REDUCE || k == GS_COLL_REDUCE_SCATTER;
    return k == b->u.coll.kind && (!reduces || a->u.coll.op == b->u.coll.op) &&
           same_name(a->u.coll.src.name, b->u.coll.src.name) &&
           same_name(a->u.coll.dst.name, b->u.coll.dst.name) &&
           expr_equal(a->u.coll.n, b->u.coll.n, depth) &&
           expr_equal(a->u.coll.parts, b->u.coll.parts, depth) &&
           opt_expr_equal(a->u.coll.root, b->u.coll.root, depth);
  }
  case GS_STMT_EVAL: return expr_equal(a->u.eval.value, b->u.eval.value, depth);
  }
  return 0;
}

int gs_program_equal(const gs_program *a, const gs_program *b) {
  if (!a || !b)
    return 0;
  if (strcmp(gs_program_name(a), gs_program_name(b)))
    return 0;
  unsigned wa[3], wb[3];
  gs_program_workgroup_size(a, wa);
  gs_program_workgroup_size(b, wb);
  if (memcmp(wa, wb, sizeof wa))
    return 0;
  size_t n = gs_program_buffer_count(a);
  if (n != gs_program_buffer_count(b))
    return 0;
  for (size_t i = 0; i < n; i++) {
    const gs_buffer *x = gs_program_buffer(a, i), *y = gs_program_buffer(b, i);
    if (strcmp(x->name, y->name) || x->binding != y->binding || x->elem != y->elem ||
        x->count != y->count || x->access != y->access || x->output != y->output)
      return 0;
  }
  return stmt_equal(gs_program_body(a), gs_program_body(b), 0);
}
