/* The reference interpreter of programs (include/gridsplit/interp.h).
 *
 * Every invocation is an explicit stack machine over the statement tree:
 * a stack of frames (a block and the index of its next statement, or a
 * counted loop and its bound) plus one value slot per variable, so that it
 * can stop at a barrier and resume there. The scheduler runs the
 * invocations of one workgroup at a time, each until it blocks; when all of
 * a workgroup wait at one workgroup barrier it releases them, and when all
 * live invocations of the grid wait at one grid barrier or collective it
 * runs the collective and releases them. Nothing runs concurrently, so
 * atomics are sequential and no thread library is needed.
 *
 * Float arithmetic must round exactly as the lowered kernel does
 * (docs/programs.md: no contraction), so this file is compiled with
 * -ffp-contract=off (lib/CMakeLists.txt); x86-64 evaluates float and double
 * in SSE registers, without excess precision. */
#include "gridsplit/interp.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gs.h"

/* A value: integers are kept normalised to 64 bits (signed types
 * sign-extended, unsigned zero-extended), bool as 0 or 1. */
typedef union {
  uint64_t u;
  int64_t i;
  double d;
  float f;
} val;

typedef struct {
  unsigned char *data; /* a workgroup buffer: every workgroup's copy, one after another */
  uint64_t count;
  size_t esize, stride; /* stride: bytes of one workgroup's copy (0 otherwise) */
  gs_type elem;
  const char *name;
} ibuf;

/* A block being run (next: the index of its next statement), or a counted
 * loop whose body block sits in the frame above it (end: its bound). */
typedef struct {
  const gs_stmt *s;
  size_t next;
  val end;
} frame;

enum { ST_READY, ST_WORKGROUP, ST_GRID, ST_DONE };

typedef struct {
  const gs_program *p;
  const char *file;
  ibuf *bufs;
  size_t nbufs;
  uint32_t grid[3], local[3], groups[3];
  int dims; /* grid dimensions named in messages */
  size_t ninv, nwg, wgsize;

  /* per invocation, indexed by the invocation number (workgroup-major) */
  val *slots;
  size_t nslots;
  frame *stacks;
  size_t depth;
  uint32_t *sp;
  unsigned char *state;
  const gs_stmt **wait;
  uint32_t (*coll)[3]; /* a collective's n, parts, root as the invocation saw them */

  /* the invocation running */
  size_t inv, wg;
  uint32_t gid[3], lid[3], grp[3];
  gs_error *err;
} interp;

/* --- messages ---------------------------------------------------------------- */

static void invocation_name(const interp *x, size_t inv, char *out, size_t n) {
  size_t wg = inv / x->wgsize, l = inv % x->wgsize;
  uint32_t g[3];
  g[0] = (uint32_t)(wg % x->groups[0]) * x->local[0] + (uint32_t)(l % x->local[0]);
  g[1] = (uint32_t)(wg / x->groups[0] % x->groups[1]) * x->local[1] +
         (uint32_t)(l / x->local[0] % x->local[1]);
  g[2] = (uint32_t)(wg / ((size_t)x->groups[0] * x->groups[1])) * x->local[2] +
         (uint32_t)(l / ((size_t)x->local[0] * x->local[1]));
  if (x->dims == 1)
    snprintf(out, n, "invocation %u", g[0]);
  else if (x->dims == 2)
    snprintf(out, n, "invocation (%u, %u)", g[0], g[1]);
  else
    snprintf(out, n, "invocation (%u, %u, %u)", g[0], g[1], g[2]);
}

/* Records the first error: "FILE:LINE:COL: error: <invocation>: MESSAGE". */
static void fail_at(interp *x, gs_pos pos, int with_invocation, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void fail_at(interp *x, gs_pos pos, int with_invocation, const char *fmt, ...) {
  if (x->err)
    return;
  gs_str s;
  str_init(&s);
  if (pos.line)
    str_printf(&s, "%s:%u:%u: error: ", x->file, pos.line, pos.col);
  else
    str_printf(&s, "%s: error: ", x->file);
  if (with_invocation) {
    char who[96];
    invocation_name(x, x->inv, who, sizeof who);
    str_printf(&s, "%s: ", who);
  }
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(&s, fmt, ap);
  va_end(ap);
  char *text = str_take(&s);
  x->err = gs_errorf("%s", text);
  free(text);
}

static const char *site_name(const gs_stmt *s) {
  switch (s->kind) {
  case GS_STMT_WORKGROUP_BARRIER:
    return "workgroup_barrier";
  case GS_STMT_GRID_BARRIER:
    return "grid_barrier";
  case GS_STMT_COLLECTIVE:
    return gs_collective_name(s->u.coll.kind);
  default:
    return "statement";
  }
}

/* --- values -------------------------------------------------------------------- */

/* The type tests of program.h, here inline: they sit on every operation. */
static inline int is_signed(gs_type t) { return t == GS_TYPE_I32 || t == GS_TYPE_I64; }
static inline int is_float(gs_type t) { return t == GS_TYPE_F32 || t == GS_TYPE_F64; }
static inline int is_int(gs_type t) { return t >= GS_TYPE_I32 && t <= GS_TYPE_U64; }

static val normalise(gs_type t, uint64_t raw) {
  val v;
  switch (t) {
  case GS_TYPE_I32:
    v.i = (int32_t)(uint32_t)raw;
    break;
  case GS_TYPE_U32:
    v.u = (uint32_t)raw;
    break;
  case GS_TYPE_BOOL:
    v.u = raw != 0;
    break;
  default:
    v.u = raw;
    break;
  }
  return v;
}

static unsigned type_bits(gs_type t) {
  return t == GS_TYPE_I32 || t == GS_TYPE_U32 || t == GS_TYPE_F32 ? 32 : 64;
}

static val load_elem(const unsigned char *at, gs_type t) {
  val v;
  v.u = 0;
  if (t == GS_TYPE_F32) {
    memcpy(&v.f, at, 4);
  } else if (t == GS_TYPE_F64) {
    memcpy(&v.d, at, 8);
  } else if (type_bits(t) == 32) {
    uint32_t w;
    memcpy(&w, at, 4);
    v = normalise(t, w);
  } else {
    memcpy(&v.u, at, 8);
  }
  return v;
}

static void store_elem(unsigned char *at, gs_type t, val v) {
  if (t == GS_TYPE_F32) {
    memcpy(at, &v.f, 4);
  } else if (t == GS_TYPE_F64) {
    memcpy(at, &v.d, 8);
  } else if (type_bits(t) == 32) {
    uint32_t w = (uint32_t)v.u;
    memcpy(at, &w, 4);
  } else {
    memcpy(at, &v.u, 8);
  }
}

/* float to integer: truncate toward zero, saturate, NaN gives 0
 * (llvm.fptosi.sat / llvm.fptoui.sat). */
static val float_to_int(double d, gs_type to) {
  val v;
  v.u = 0;
  if (d != d)
    return v;
  /* |d| >= 2^52 is integral already; below, the C conversion truncates */
  double t = d < 4503599627370496.0 && d > -4503599627370496.0 ? (double)(int64_t)d : d;
  switch (to) {
  case GS_TYPE_I32:
    v.i = t < -2147483648.0 ? INT32_MIN : t > 2147483647.0 ? INT32_MAX : (int32_t)t;
    break;
  case GS_TYPE_U32:
    v.u = t < 0.0 ? 0 : t > 4294967295.0 ? UINT32_MAX : (uint32_t)t;
    break;
  case GS_TYPE_I64:
    v.i = t < -9223372036854775808.0   ? INT64_MIN
          : t >= 9223372036854775808.0 ? INT64_MAX
                                       : (int64_t)t;
    break;
  default: /* u64 */
    v.u = t < 0.0 ? 0 : t >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)t;
    break;
  }
  return v;
}

static val cast(val v, gs_type from, gs_type to) {
  if (from == to)
    return v;
  val r;
  r.u = 0;
  if (to == GS_TYPE_BOOL) {
    r.u = v.u != 0; /* from an integer (normalised, so != 0 is exact) */
  } else if (is_int(to)) {
    if (from == GS_TYPE_F32)
      r = float_to_int((double)v.f, to);
    else if (from == GS_TYPE_F64)
      r = float_to_int(v.d, to);
    else
      r = normalise(to, v.u); /* bool is 0/1; integers are extended already */
  } else if (to == GS_TYPE_F32) {
    if (from == GS_TYPE_F64)
      r.f = (float)v.d;
    else if (is_signed(from))
      r.f = (float)v.i;
    else
      r.f = (float)v.u;
  } else { /* f64 */
    if (from == GS_TYPE_F32)
      r.d = (double)v.f;
    else if (is_signed(from))
      r.d = (double)v.i;
    else
      r.d = (double)v.u;
  }
  return r;
}

static val int_binary(gs_binop op, gs_type t, val a, val b) {
  unsigned bits = type_bits(t);
  int sgn = is_signed(t);
  val r;
  r.u = 0;
  switch (op) {
  case GS_BIN_ADD:
    return normalise(t, a.u + b.u);
  case GS_BIN_SUB:
    return normalise(t, a.u - b.u);
  case GS_BIN_MUL:
    return normalise(t, a.u * b.u);
  case GS_BIN_AND:
    return normalise(t, a.u & b.u);
  case GS_BIN_OR:
    return normalise(t, a.u | b.u);
  case GS_BIN_XOR:
    return normalise(t, a.u ^ b.u);
  case GS_BIN_DIV:
  case GS_BIN_REM: {
    /* x/0 and x%0 give 0; MIN/-1 gives MIN and MIN%-1 gives 0 */
    if (b.u == 0)
      return r;
    if (sgn) {
      int64_t min = bits == 32 ? INT32_MIN : INT64_MIN;
      if (a.i == min && b.i == -1)
        return op == GS_BIN_DIV ? a : r;
      return normalise(t, (uint64_t)(op == GS_BIN_DIV ? a.i / b.i : a.i % b.i));
    }
    return normalise(t, op == GS_BIN_DIV ? a.u / b.u : a.u % b.u);
  }
  case GS_BIN_SHL:
    return normalise(t, a.u << (b.u % bits));
  case GS_BIN_SHR:
    /* a is normalised: sign-extended, so an arithmetic 64-bit shift is the
     * 32-bit one; zero-extended for unsigned types */
    if (sgn)
      return normalise(t, (uint64_t)(a.i >> (b.u % bits)));
    return normalise(t, a.u >> (b.u % bits));
  case GS_BIN_EQ:
    r.u = a.u == b.u;
    return r;
  case GS_BIN_NE:
    r.u = a.u != b.u;
    return r;
  case GS_BIN_LT:
    r.u = sgn ? a.i < b.i : a.u < b.u;
    return r;
  case GS_BIN_LE:
    r.u = sgn ? a.i <= b.i : a.u <= b.u;
    return r;
  case GS_BIN_GT:
    r.u = sgn ? a.i > b.i : a.u > b.u;
    return r;
  case GS_BIN_GE:
    r.u = sgn ? a.i >= b.i : a.u >= b.u;
    return r;
  default:
    return r; /* && || are evaluated by eval */
  }
}

/* Comparisons are ordered except !=, which is unordered. */
#define FLOAT_BINARY(F)                                                                            \
  switch (op) {                                                                                    \
  case GS_BIN_ADD:                                                                                 \
    r.F = a.F + b.F;                                                                               \
    break;                                                                                         \
  case GS_BIN_SUB:                                                                                 \
    r.F = a.F - b.F;                                                                               \
    break;                                                                                         \
  case GS_BIN_MUL:                                                                                 \
    r.F = a.F * b.F;                                                                               \
    break;                                                                                         \
  case GS_BIN_DIV:                                                                                 \
    r.F = a.F / b.F;                                                                               \
    break;                                                                                         \
  case GS_BIN_EQ:                                                                                  \
    r.u = a.F == b.F;                                                                              \
    break;                                                                                         \
  case GS_BIN_NE:                                                                                  \
    r.u = a.F != b.F;                                                                              \
    break;                                                                                         \
  case GS_BIN_LT:                                                                                  \
    r.u = a.F < b.F;                                                                               \
    break;                                                                                         \
  case GS_BIN_LE:                                                                                  \
    r.u = a.F <= b.F;                                                                              \
    break;                                                                                         \
  case GS_BIN_GT:                                                                                  \
    r.u = a.F > b.F;                                                                               \
    break;                                                                                         \
  case GS_BIN_GE:                                                                                  \
    r.u = a.F >= b.F;                                                                              \
    break;                                                                                         \
  default:                                                                                         \
    break;                                                                                         \
  }

static val float_binary(gs_binop op, gs_type t, val a, val b) {
  val r;
  r.u = 0;
  if (t == GS_TYPE_F32) {
    FLOAT_BINARY(f)
  } else {
    FLOAT_BINARY(d)
  }
  return r;
}

/* min/max of the fold and of atomics: x < acc ? x : acc, by the type */
static int less(gs_type t, val a, val b) {
  if (t == GS_TYPE_F32)
    return a.f < b.f;
  if (t == GS_TYPE_F64)
    return a.d < b.d;
  return is_signed(t) ? a.i < b.i : a.u < b.u;
}

/* --- memory ---------------------------------------------------------------------- */

/* The element INDEX (of type T) of buffer B, or NULL after an error. */
static unsigned char *element(interp *x, gs_pos pos, int b, val index, gs_type t,
                              const char *what) {
  const ibuf *bf = &x->bufs[b];
  int negative = is_signed(t) && index.i < 0;
  if (negative || index.u >= bf->count) {
    if (negative)
      fail_at(x, pos, 1, "%s index %lld is out of bounds of buffer '%s' (%llu elements)", what,
              (long long)index.i, bf->name, (unsigned long long)bf->count);
    else
      fail_at(x, pos, 1, "%s index %llu is out of bounds of buffer '%s' (%llu elements)", what,
              (unsigned long long)index.u, bf->name, (unsigned long long)bf->count);
    return NULL;
  }
  return bf->data + bf->stride * x->wg + (size_t)index.u * bf->esize;
}

/* --- expressions ------------------------------------------------------------------- */

static val eval_node(interp *x, const gs_expr *e, const val *slots);

/* Variables, the most common operands, are read without a call. */
static inline val eval(interp *x, const gs_expr *e, const val *slots) {
  if (e->kind == GS_EXPR_VAR)
    return slots[e->u.var.slot];
  return eval_node(x, e, slots);
}

static val eval_atomic(interp *x, const gs_expr *e, const val *slots) {
  val r;
  r.u = 0;
  int b = e->u.atomic.buffer.buf;
  gs_type t = x->bufs[b].elem;
  val index = eval(x, e->u.atomic.index, slots);
  val v = eval(x, e->u.atomic.value, slots);
  val desired = r;
  if (e->u.atomic.op == GS_ATOMIC_CMPXCHG)
    desired = eval(x, e->u.atomic.desired, slots);
  if (x->err)
    return r;
  unsigned char *at =
      element(x, e->pos, b, index, e->u.atomic.index->type, gs_atomic_name(e->u.atomic.op));
  if (!at)
    return r;
  val old = load_elem(at, t), now = old;
  switch (e->u.atomic.op) {
  case GS_ATOMIC_ADD:
    now = int_binary(GS_BIN_ADD, t, old, v);
    break;
  case GS_ATOMIC_SUB:
    now = int_binary(GS_BIN_SUB, t, old, v);
    break;
  case GS_ATOMIC_MIN:
    now = less(t, v, old) ? v : old;
    break;
  case GS_ATOMIC_MAX:
    now = less(t, old, v) ? v : old;
    break;
  case GS_ATOMIC_AND:
    now = int_binary(GS_BIN_AND, t, old, v);
    break;
  case GS_ATOMIC_OR:
    now = int_binary(GS_BIN_OR, t, old, v);
    break;
  case GS_ATOMIC_XOR:
    now = int_binary(GS_BIN_XOR, t, old, v);
    break;
  case GS_ATOMIC_EXCHANGE:
    now = v;
    break;
  case GS_ATOMIC_CMPXCHG:
    now = old.u == v.u ? desired : old;
    break;
  }
  store_elem(at, t, now);
  return old;
}

static val eval_node(interp *x, const gs_expr *e, const val *slots) {
  val r, a, b;
  r.u = 0;
  switch (e->kind) {
  case GS_EXPR_INT:
    /* an unsuffixed integer literal standing for a float (exact by the rules) */
    if (e->type == GS_TYPE_F32)
      r.f = e->u.int_lit.negative ? (float)(int64_t)e->u.int_lit.bits : (float)e->u.int_lit.bits;
    else if (e->type == GS_TYPE_F64)
      r.d = e->u.int_lit.negative ? (double)(int64_t)e->u.int_lit.bits : (double)e->u.int_lit.bits;
    else
      r = normalise(e->type, e->u.int_lit.bits);
    return r;
  case GS_EXPR_FLOAT:
    if (e->type == GS_TYPE_F32)
      r.f = (float)e->u.float_lit.value;
    else
      r.d = e->u.float_lit.value;
    return r;
  case GS_EXPR_BOOL:
    r.u = e->u.bool_lit.value != 0;
    return r;
  case GS_EXPR_VAR:
    return slots[e->u.var.slot];
  case GS_EXPR_LOAD: {
    a = eval(x, e->u.load.index, slots);
    if (x->err)
      return r;
    int buf = e->u.load.buffer.buf;
    const unsigned char *at = element(x, e->pos, buf, a, e->u.load.index->type, "load");
    return at ? load_elem(at, x->bufs[buf].elem) : r;
  }
  case GS_EXPR_LEN:
    r.u = (uint32_t)x->bufs[e->u.len.buffer.buf].count;
    return r;
  case GS_EXPR_UNARY:
    a = eval(x, e->u.unary.operand, slots);
    switch (e->u.unary.op) {
    case GS_UN_NEG:
      if (e->type == GS_TYPE_F32)
        r.f = -a.f;
      else if (e->type == GS_TYPE_F64)
        r.d = -a.d;
      else
        r = normalise(e->type, 0 - a.u);
      return r;
    case GS_UN_BITNOT:
      return normalise(e->type, ~a.u);
    case GS_UN_NOT:
      r.u = !a.u;
      return r;
    }
    return r;
  case GS_EXPR_BINARY: {
    gs_binop op = e->u.binary.op;
    a = eval(x, e->u.binary.lhs, slots);
    if (op == GS_BIN_LAND || op == GS_BIN_LOR) {
      if (a.u == (op == GS_BIN_LOR))
        return a;
      return eval(x, e->u.binary.rhs, slots);
    }
    b = eval(x, e->u.binary.rhs, slots);
    gs_type t = e->u.binary.lhs->type;
    if (is_float(t))
      return float_binary(op, t, a, b);
    if (t == GS_TYPE_BOOL) { /* == and != on bools */
      r.u = op == GS_BIN_EQ ? a.u == b.u : a.u != b.u;
      return r;
    }
    return int_binary(op, t, a, b);
  }
  case GS_EXPR_SELECT: {
    val c = eval(x, e->u.select.cond, slots);
    a = eval(x, e->u.select.then_value, slots);
    b = eval(x, e->u.select.else_value, slots);
    return c.u ? a : b;
  }
  case GS_EXPR_CAST:
    a = eval(x, e->u.cast.operand, slots);
    return cast(a, e->u.cast.operand->type, e->type);
  case GS_EXPR_ID: {
    unsigned d = e->u.id.dim;
    switch (e->u.id.id) {
    case GS_ID_GLOBAL_ID:
      r.u = x->gid[d];
      break;
    case GS_ID_LOCAL_ID:
      r.u = x->lid[d];
      break;
    case GS_ID_GROUP_ID:
      r.u = x->grp[d];
      break;
    case GS_ID_GLOBAL_SIZE:
      r.u = x->grid[d];
      break;
    case GS_ID_LOCAL_SIZE:
      r.u = x->local[d];
      break;
    case GS_ID_NUM_GROUPS:
      r.u = x->groups[d];
      break;
    }
    return r;
  }
  case GS_EXPR_ATOMIC:
    return eval_atomic(x, e, slots);
  }
  return r;
}

/* --- statements -------------------------------------------------------------------- */

/* Loop bound test of docs/programs.md: v < end by the type. */
static int loop_continues(gs_type t, val v, val end) { return less(t, v, end); }

/* After an iteration: the loop ends when end - v <= step (unsigned, exact as
 * v < end), else v += step. */
static int loop_advance(gs_type t, val *v, val end, uint64_t step) {
  uint64_t diff = end.u - v->u;
  if (type_bits(t) == 32)
    diff = (uint32_t)diff;
  if (diff <= step)
    return 0;
  *v = normalise(t, v->u + step);
  return 1;
}

static void push(frame *stack, uint32_t *sp, const gs_stmt *s) {
  frame *f = &stack[(*sp)++];
  f->s = s;
  f->next = 0;
  f->end.u = 0;
}

/* Runs the current invocation until it blocks, returns or fails. */
static void run_invocation(interp *x) {
  size_t inv = x->inv;
  frame *stack = x->stacks + inv * x->depth;
  val *slots = x->slots + inv * x->nslots;
  uint32_t sp = x->sp[inv];
  while (sp > 0 && !x->err) {
    frame *f = &stack[sp - 1];
    const gs_stmt *s = f->s;
    if (s->kind == GS_STMT_FOR) { /* its body ended */
      val *v = &slots[s->u.for_.slot];
      if (loop_advance(s->u.for_.type, v, f->end, s->u.for_.step))
        push(stack, &sp, s->u.for_.body);
      else
        sp--;
      continue;
    }
    if (f->next >= s->u.block.len) {
      sp--;
      continue;
    }
    const gs_stmt *c = s->u.block.stmts[f->next++];
    switch (c->kind) {
    case GS_STMT_LET:
      slots[c->u.let.slot] = eval(x, c->u.let.value, slots);
      break;
    case GS_STMT_ASSIGN:
      slots[c->u.assign.slot] = eval(x, c->u.assign.value, slots);
      break;
    case GS_STMT_STORE: {
      val index = eval(x, c->u.store.index, slots);
      val v = eval(x, c->u.store.value, slots);
      if (x->err)
        break;
      int b = c->u.store.buffer.buf;
      unsigned char *at = element(x, c->pos, b, index, c->u.store.index->type, "store");
      if (at)
        store_elem(at, x->bufs[b].elem, v);
      break;
    }
    case GS_STMT_IF: {
      val cond = eval(x, c->u.if_.cond, slots);
      const gs_stmt *body = cond.u ? c->u.if_.then_body : c->u.if_.else_body;
      if (!x->err && body && body->u.block.len)
        push(stack, &sp, body);
      break;
    }
    case GS_STMT_FOR: {
      val start = eval(x, c->u.for_.start, slots);
      val end = eval(x, c->u.for_.end, slots);
      if (x->err || !loop_continues(c->u.for_.type, start, end))
        break;
      slots[c->u.for_.slot] = start;
      push(stack, &sp, c);
      stack[sp - 1].end = end;
      push(stack, &sp, c->u.for_.body);
      break;
    }
    case GS_STMT_BLOCK:
      push(stack, &sp, c);
      break;
    case GS_STMT_REGION:
      push(stack, &sp, c->u.region.body);
      break;
    case GS_STMT_RETURN:
      sp = 0;
      break;
    case GS_STMT_WORKGROUP_BARRIER:
    case GS_STMT_GRID_BARRIER:
    case GS_STMT_COLLECTIVE:
      if (c->kind == GS_STMT_COLLECTIVE) {
        x->coll[inv][0] = (uint32_t)eval(x, c->u.coll.n, slots).u;
        x->coll[inv][1] = (uint32_t)eval(x, c->u.coll.parts, slots).u;
        x->coll[inv][2] = c->u.coll.root ? (uint32_t)eval(x, c->u.coll.root, slots).u : 0;
      }
      x->state[inv] = c->kind == GS_STMT_WORKGROUP_BARRIER ? ST_WORKGROUP : ST_GRID;
      x->wait[inv] = c;
      x->sp[inv] = sp;
      return;
    case GS_STMT_EVAL:
      eval(x, c->u.eval.value, slots);
      break;
    }
  }
  x->sp[inv] = sp;
  x->state[inv] = ST_DONE;
}

/* Frames an invocation needs at most: one per block, two per loop. */
static size_t stack_depth(const gs_stmt *s) {
  size_t d = 0;
  switch (s->kind) {
  case GS_STMT_BLOCK:
    for (size_t i = 0; i < s->u.block.len; i++) {
      size_t c = stack_depth(s->u.block.stmts[i]);
      d = c > d ? c : d;
    }
    return d + 1;
  case GS_STMT_IF: {
    size_t t = stack_depth(s->u.if_.then_body);
    size_t e = s->u.if_.else_body ? stack_depth(s->u.if_.else_body) : 0;
    return t > e ? t : e;
  }
  case GS_STMT_FOR:
    return 1 + stack_depth(s->u.for_.body);
  case GS_STMT_REGION:
    return stack_depth(s->u.region.body);
  default:
    return 0;
  }
}

/* --- the scheduler ------------------------------------------------------------------- */

/* Makes workgroup WG current: its group ids. */
static void enter_workgroup(interp *x, size_t wg) {
  x->wg = wg;
  x->grp[0] = (uint32_t)(wg % x->groups[0]);
  x->grp[1] = (uint32_t)(wg / x->groups[0] % x->groups[1]);
  x->grp[2] = (uint32_t)(wg / ((size_t)x->groups[0] * x->groups[1]));
}

/* Makes invocation INV of the current workgroup current, LID its local ids
 * (invocations are numbered workgroup by workgroup, x fastest). */
static void enter(interp *x, size_t inv, const uint32_t lid[3]) {
  x->inv = inv;
  for (int d = 0; d < 3; d++) {
    x->lid[d] = lid[d];
    x->gid[d] = x->grp[d] * x->local[d] + lid[d];
  }
}

static void divergent(interp *x, const char *what, size_t a, size_t b) {
  char na[96], nb[96];
  invocation_name(x, a, na, sizeof na);
  invocation_name(x, b, nb, sizeof nb);
  const gs_stmt *sa = x->wait[a], *sb = x->wait[b];
  fail_at(x, sa->pos, 0,
          "divergent %s: %s waits at the %s at %u:%u while %s waits at the %s at %u:%u", what, na,
          site_name(sa), sa->pos.line, sa->pos.col, nb, site_name(sb), sb->pos.line, sb->pos.col);
}

/* Runs workgroup WG until every invocation of it waits at a grid barrier or
 * collective or has returned. */
static void run_workgroup(interp *x, size_t wg) {
  size_t first = wg * x->wgsize, last = first + x->wgsize;
  enter_workgroup(x, wg);
  for (;;) {
    uint32_t lid[3] = {0, 0, 0};
    for (size_t i = first; i < last && !x->err; i++) {
      if (x->state[i] == ST_READY) {
        enter(x, i, lid);
        run_invocation(x);
      }
      if (++lid[0] == x->local[0]) {
        lid[0] = 0;
        if (++lid[1] == x->local[1]) {
          lid[1] = 0;
          lid[2]++;
        }
      }
    }
    if (x->err)
      return;
    size_t at_wg = SIZE_MAX, at_grid = SIZE_MAX;
    for (size_t i = first; i < last; i++) {
      if (x->state[i] == ST_WORKGROUP) {
        if (at_wg == SIZE_MAX)
          at_wg = i;
        else if (x->wait[i] != x->wait[at_wg]) {
          divergent(x, "workgroup barrier", at_wg, i);
          return;
        }
      } else if (x->state[i] == ST_GRID && at_grid == SIZE_MAX) {
        at_grid = i;
      }
    }
    if (at_wg == SIZE_MAX)
      return;
    if (at_grid != SIZE_MAX) {
      divergent(x, "workgroup barrier", at_wg, at_grid);
      return;
    }
    for (size_t i = first; i < last; i++)
      if (x->state[i] == ST_WORKGROUP)
        x->state[i] = ST_READY;
  }
}

/* Runs collective C, reached by every live invocation (the first: INV). */
static void run_collective(interp *x, const gs_stmt *c, size_t inv) {
  static const char *const arg_names[3] = {"n", "parts", "root"};
  for (size_t i = 0; i < x->ninv; i++)
    if (x->state[i] == ST_GRID)
      for (int k = 0; k < (c->u.coll.root ? 3 : 2); k++)
        if (x->coll[i][k] != x->coll[inv][k]) {
          char na[96], nb[96];
          invocation_name(x, inv, na, sizeof na);
          invocation_name(x, i, nb, sizeof nb);
          {
            fail_at(x, c->pos, 0,
                    "%s: %s gives %s = %u but %s gives %s = %u (it must be the same in "
                    "every invocation)",
                    site_name(c), na, arg_names[k], x->coll[inv][k], nb, arg_names[k],
                    x->coll[i][k]);
            return;
          }
        }
  uint64_t n = x->coll[inv][0], parts = x->coll[inv][1], root = x->coll[inv][2];
  int sb = c->u.coll.src.buf, db = c->u.coll.dst.buf;
  gs_type t = x->bufs[sb].elem;
  size_t es = x->bufs[sb].esize;
  const unsigned char *src = x->bufs[sb].data;
  unsigned char *dst = x->bufs[db].data;
  /* elements each side addresses (n, parts < 2^32, so parts*n fits; the
   * products with another parts are checked) */
  uint64_t pn = parts * n, src_need = pn, dst_need = pn;
  int square_overflow = parts && pn > UINT64_MAX / parts;
  gs_collective_kind kind = c->u.coll.kind;
  if (kind == GS_COLL_ALL_GATHER)
    dst_need = square_overflow ? UINT64_MAX : pn * parts;
  if (kind == GS_COLL_REDUCE_SCATTER)
    src_need = square_overflow ? UINT64_MAX : pn * parts;
  if (kind == GS_COLL_BROADCAST) /* only the root's contribution is read */
    src_need = parts ? (root + 1) * n : 0;
  if (kind == GS_COLL_BROADCAST && root >= parts && parts) {
    char na[96];
    invocation_name(x, inv, na, sizeof na);
    {
      fail_at(x, c->pos, 0, "broadcast: root %llu is not below parts %llu (%s)",
              (unsigned long long)root, (unsigned long long)parts, na);
      return;
    }
  }
  const char *side[2] = {"src", "dst"};
  uint64_t need[2] = {src_need, dst_need};
  int bufs[2] = {sb, db};
  for (int k = 0; k < 2; k++)
    if (need[k] > x->bufs[bufs[k]].count) {
      char na[96];
      invocation_name(x, inv, na, sizeof na);
      if (need[k] == UINT64_MAX) {
        fail_at(x, c->pos, 0,
                "%s with n = %llu, parts = %llu addresses more elements of %s '%s' than "
                "any buffer has",
                site_name(c), (unsigned long long)n, (unsigned long long)parts, side[k],
                x->bufs[bufs[k]].name);
        return;
      }
      {
        fail_at(x, c->pos, 0,
                "%s with n = %llu, parts = %llu addresses elements 0..%llu of %s '%s', "
                "which has %llu",
                site_name(c), (unsigned long long)n, (unsigned long long)parts,
                (unsigned long long)(need[k] - 1), side[k], x->bufs[bufs[k]].name,
                (unsigned long long)x->bufs[bufs[k]].count);
        return;
      }
    }
  gs_reduce_op op = c->u.coll.op;
  for (uint64_t r = 0; r < parts; r++)
    for (uint64_t j = 0; j < n; j++) {
      val acc;
      uint64_t out = r * n + j;
      switch (kind) {
      case GS_COLL_BROADCAST:
        acc = load_elem(src + (root * n + j) * es, t);
        break;
      case GS_COLL_ALL_GATHER:
        /* dst[r*parts*n + q*n + j] = src[q*n + j]: row r is a copy of src */
        acc = load_elem(src + j * es, t);
        for (uint64_t q = 0; q < parts; q++)
          memcpy(dst + (r * pn + q * n + j) * es, src + (q * n + j) * es, es);
        continue;
      default: {
        uint64_t base = kind == GS_COLL_ALL_REDUCE ? j : r * n + j;
        uint64_t stride = kind == GS_COLL_ALL_REDUCE ? n : pn;
        acc = load_elem(src + base * es, t);
        for (uint64_t q = 1; q < parts; q++) {
          val v = load_elem(src + (base + q * stride) * es, t);
          switch (op) {
          case GS_REDUCE_ADD:
            acc = is_float(t) ? float_binary(GS_BIN_ADD, t, acc, v)
                              : int_binary(GS_BIN_ADD, t, acc, v);
            break;
          case GS_REDUCE_MIN:
            acc = less(t, v, acc) ? v : acc;
            break;
          case GS_REDUCE_MAX:
            acc = less(t, acc, v) ? v : acc;
            break;
          case GS_REDUCE_AND:
            acc = int_binary(GS_BIN_AND, t, acc, v);
            break;
          case GS_REDUCE_OR:
            acc = int_binary(GS_BIN_OR, t, acc, v);
            break;
          case GS_REDUCE_XOR:
            acc = int_binary(GS_BIN_XOR, t, acc, v);
            break;
          }
        }
        break;
      }
      }
      store_elem(dst + out * es, t, acc);
    }
}

/* Until every invocation has returned: run every workgroup up to the next
 * grid barrier or collective, check that all live invocations wait at the
 * same one, run it, release them. */
static void run_grid(interp *x) {
  for (;;) {
    for (size_t wg = 0; wg < x->nwg && !x->err; wg++)
      run_workgroup(x, wg);
    if (x->err)
      return;
    size_t first = SIZE_MAX;
    for (size_t i = 0; i < x->ninv; i++) {
      if (x->state[i] != ST_GRID)
        continue;
      if (first == SIZE_MAX)
        first = i;
      else if (x->wait[i] != x->wait[first]) {
        divergent(x, "grid barrier", first, i);
        return;
      }
    }
    if (first == SIZE_MAX)
      return;
    const gs_stmt *site = x->wait[first];
    if (site->kind == GS_STMT_COLLECTIVE) {
      run_collective(x, site, first);
      if (x->err)
        return;
    }
    for (size_t i = 0; i < x->ninv; i++)
      if (x->state[i] == ST_GRID)
        x->state[i] = ST_READY;
  }
}

/* --- the entry point ------------------------------------------------------------------- */

static gs_error *arg_error(const char *file, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static gs_error *arg_error(const char *file, const char *fmt, ...) {
  gs_str s;
  str_init(&s);
  str_printf(&s, "%s: error: ", file);
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(&s, fmt, ap);
  va_end(ap);
  char *text = str_take(&s);
  gs_error *e = gs_errorf("%s", text);
  free(text);
  return e;
}

/* Binds the host buffers to the program's; returns an error or NULL. */
static gs_error *bind(interp *x, gs_interp_buffer *given, size_t ngiven) {
  const gs_program *p = x->p;
  for (size_t k = 0; k < ngiven; k++) {
    if (!given[k].name)
      return arg_error(x->file, "buffer %zu of the call has no name", k);
    int b = gs_program_find_buffer(p, given[k].name);
    if (b < 0)
      return arg_error(x->file, "program '%s' has no buffer '%s'", gs_program_name(p),
                       given[k].name);
    const gs_buffer *pb = gs_program_buffer(p, (size_t)b);
    if (pb->access == GS_ACCESS_WORKGROUP)
      return arg_error(x->file,
                       "buffer '%s' is a workgroup buffer: the interpreter allocates it, it "
                       "is not given",
                       pb->name);
    if (x->bufs[b].data)
      return arg_error(x->file, "buffer '%s' is given twice", pb->name);
    size_t es = gs_type_size(pb->elem);
    if (!given[k].data || !given[k].bytes)
      return arg_error(x->file, "buffer '%s' is empty", pb->name);
    if (pb->count && given[k].bytes != (size_t)pb->count * es)
      return arg_error(
          x->file, "buffer '%s' has %zu bytes, but the program declares %s[%u] (%zu bytes)",
          pb->name, given[k].bytes, gs_type_name(pb->elem), pb->count, (size_t)pb->count * es);
    if (!pb->count && given[k].bytes % es)
      return arg_error(x->file,
                       "buffer '%s' has %zu bytes, not a whole number of %s elements (%zu "
                       "bytes each)",
                       pb->name, given[k].bytes, gs_type_name(pb->elem), es);
    if (!pb->count && given[k].bytes / es > UINT32_MAX)
      return arg_error(x->file,
                       "buffer '%s' has %zu elements; len() is a u32, so at most 4294967295",
                       pb->name, given[k].bytes / es);
    x->bufs[b].data = given[k].data;
    x->bufs[b].count = given[k].bytes / es;
  }
  for (size_t b = 0; b < x->nbufs; b++) {
    const gs_buffer *pb = gs_program_buffer(p, b);
    if (pb->access != GS_ACCESS_WORKGROUP && !x->bufs[b].data)
      return arg_error(x->file, "buffer '%s' is not given", pb->name);
  }
  return NULL;
}

static void *try_calloc(size_t n, size_t size) { return n && size ? calloc(n, size) : NULL; }

gs_error *gs_interpret(const gs_program *p, const size_t grid[3], gs_interp_buffer *buffers,
                       size_t nbuffers) {
  if (!p)
    return gs_errorf("gs_interpret: the program is NULL");
  const char *file = gs_program_file(p);
  if (!gs_program_is_checked(p))
    return arg_error(file, "the program is not checked (gs_program_check)");
  if (!grid)
    return arg_error(file, "gs_interpret: the grid is NULL");
  if (nbuffers && !buffers)
    return arg_error(file, "gs_interpret: the buffers are NULL");

  interp x;
  memset(&x, 0, sizeof x);
  x.p = p;
  x.file = file;
  unsigned wgs[3];
  gs_program_workgroup_size(p, wgs);
  size_t total = 1, wgtotal = 1;
  for (int d = 0; d < 3; d++) {
    size_t g = grid[d] ? grid[d] : 1;
    if (d == 0 && !grid[0])
      return arg_error(file, "the grid is empty");
    if (g > UINT32_MAX)
      return arg_error(file, "the grid has %zu invocations in dimension %d; at most 4294967295", g,
                       d);
    if (g % wgs[d])
      return arg_error(file,
                       "the grid (%zu) is not a multiple of the workgroup size (%u) in "
                       "dimension %d",
                       g, wgs[d], d);
    x.grid[d] = (uint32_t)g;
    x.local[d] = wgs[d];
    x.groups[d] = (uint32_t)(g / wgs[d]);
    total *= g;
    wgtotal *= wgs[d];
    if (total > UINT32_MAX)
      return arg_error(file, "the grid has more than 4294967295 invocations");
  }
  x.dims = x.grid[2] > 1 ? 3 : x.grid[1] > 1 ? 2 : 1;
  x.ninv = total;
  x.wgsize = wgtotal;
  x.nwg = total / wgtotal;

  x.nbufs = gs_program_buffer_count(p);
  x.bufs = gs_xcalloc(x.nbufs ? x.nbufs : 1, sizeof *x.bufs);
  gs_error *err = bind(&x, buffers, nbuffers);
  unsigned char *workgroup_memory = NULL;
  size_t wg_bytes = 0;
  for (size_t b = 0; b < x.nbufs && !err; b++) {
    const gs_buffer *pb = gs_program_buffer(p, b);
    ibuf *ib = &x.bufs[b];
    ib->name = pb->name;
    ib->elem = pb->elem;
    ib->esize = gs_type_size(pb->elem);
    if (pb->access == GS_ACCESS_WORKGROUP) {
      ib->count = pb->count;
      ib->stride = (size_t)pb->count * ib->esize;
      wg_bytes += ib->stride;
    }
  }

  x.nslots = (size_t)gs_program_slot_count(p);
  x.depth = stack_depth(gs_program_body(p));
  /* Per-invocation state; refuse, rather than abort in malloc, where it
   * cannot fit (the limit is far above any test's needs). */
  double need = (double)x.ninv * (double)(x.nslots * sizeof(val) + x.depth * sizeof(frame) + 32) +
                (double)x.nwg * (double)wg_bytes;
  if (!err && need > 16.0 * 1024 * 1024 * 1024)
    err = arg_error(file, "a grid of %zu invocations needs %.1f GiB of interpreter state", x.ninv,
                    need / (1024.0 * 1024 * 1024));
  if (!err) {
    x.slots = try_calloc(x.ninv, x.nslots * sizeof(val));
    x.stacks = try_calloc(x.ninv, x.depth * sizeof(frame));
    x.sp = try_calloc(x.ninv, sizeof *x.sp);
    x.state = try_calloc(x.ninv, 1);
    x.wait = try_calloc(x.ninv, sizeof *x.wait);
    x.coll = try_calloc(x.ninv, sizeof *x.coll);
    workgroup_memory = wg_bytes ? try_calloc(x.nwg, wg_bytes) : NULL;
    if ((x.nslots && !x.slots) || !x.stacks || !x.sp || !x.state || !x.wait || !x.coll ||
        (wg_bytes && !workgroup_memory))
      err = arg_error(file, "out of memory for a grid of %zu invocations", x.ninv);
  }
  if (!err) {
    size_t offset = 0;
    for (size_t b = 0; b < x.nbufs; b++)
      if (x.bufs[b].stride) {
        /* workgroup w's copy of b lies at data + stride * w */
        x.bufs[b].data = workgroup_memory + offset * x.nwg;
        offset += x.bufs[b].stride;
      }
    const gs_stmt *body = gs_program_body(p);
    for (size_t i = 0; i < x.ninv; i++) {
      x.stacks[i * x.depth].s = body;
      x.sp[i] = 1;
    }
    run_grid(&x);
    err = x.err;
  }
  free(x.slots);
  free(x.stacks);
  free(x.sp);
  free(x.state);
  free(x.wait);
  free(x.coll);
  free(workgroup_memory);
  free(x.bufs);
  return err;
}
