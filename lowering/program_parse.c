/* Programs: the `.gsp` parser (docs/programs.md, "Grammar").
 *
 * Recursive descent for declarations and statements, precedence climbing for
 * binary operators. The lexer turns a bad byte or literal into an error token
 * at its place, so the first error in file order is the one reported. The
 * parser builds through the public builder; names and types are left to
 * gs_program_check. */
#include "gs.h"
#include "gridsplit/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
  T_EOF, T_ERROR, T_IDENT, T_INT, T_FLOAT,
  T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_LBRACKET, T_RBRACKET,
  T_COMMA, T_SEMI, T_COLON, T_AT, T_QUESTION, T_DOTDOT, T_ASSIGN,
  T_EQ, T_NE, T_LT, T_LE, T_GT, T_GE, T_SHL, T_SHR,
  T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_AMP, T_PIPE, T_CARET,
  T_TILDE, T_BANG, T_ANDAND, T_OROR
} tok_kind;

typedef struct {
  tok_kind kind;
  const char *start;
  size_t len;
  gs_pos pos;
  gs_type suffix;  /* T_INT, T_FLOAT: the suffix's type, or GS_TYPE_NONE */
  uint64_t value;  /* T_INT */
  size_t num_len;  /* T_INT, T_FLOAT: the length without the suffix */
  char *message;   /* T_ERROR */
} token;

typedef struct {
  gs_vec toks; /* token */
  size_t at;
  gs_program *p;
  const char *file;
  char *err;
} parser;

/* lexer */

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_hex(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static gs_type suffix_type(const char *s, size_t n) {
  static const struct { const char *name; gs_type t; } suffixes[] = {
      {"i32", GS_TYPE_I32}, {"u32", GS_TYPE_U32}, {"i64", GS_TYPE_I64},
      {"u64", GS_TYPE_U64}, {"f32", GS_TYPE_F32}, {"f64", GS_TYPE_F64}};
  for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
    if (n == 3 && !memcmp(s, suffixes[i].name, 3))
      return suffixes[i].t;
  return GS_TYPE_NONE;
}

static char *lex_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *lex_error(const char *fmt, ...) {
  gs_str s;
  str_init(&s);
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(&s, fmt, ap);
  va_end(ap);
  return str_take(&s);
}

/* A number at S (a digit first): fills T. */
static void lex_number(token *t, const char *s, const char *end) {
  const char *q = s;
  int is_float = 0, overflow = 0;
  uint64_t v = 0;
  if (q + 1 < end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
    q += 2;
    const char *digits = q;
    while (q < end && is_hex(*q)) {
      int d = is_digit(*q) ? *q - '0' : (*q | 0x20) - 'a' + 10;
      if (v > (UINT64_MAX >> 4))
        overflow = 1;
      v = v << 4 | (uint64_t)d;
      q++;
    }
    if (q == digits) {
      t->kind = T_ERROR;
      t->len = (size_t)(q - s);
      t->message = lex_error("hexadecimal literal '%.*s' has no digits", (int)t->len, s);
      return;
    }
  } else {
    while (q < end && is_digit(*q)) {
      uint64_t d = (uint64_t)(*q - '0');
      if (v > (UINT64_MAX - d) / 10)
        overflow = 1;
      v = v * 10 + d;
      q++;
    }
    /* `1.5`, but `0..n` is a range */
    if (q + 1 < end && q[0] == '.' && is_digit(q[1])) {
      is_float = 1;
      q++;
      while (q < end && is_digit(*q))
        q++;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
      const char *r = q + 1;
      if (r < end && (*r == '+' || *r == '-'))
        r++;
      if (r < end && is_digit(*r)) {
        is_float = 1;
        q = r;
        while (q < end && is_digit(*q))
          q++;
      }
    }
  }
  t->num_len = (size_t)(q - s);
  const char *suf = q;
  while (q < end && (is_alpha(*q) || is_digit(*q)))
    q++;
  t->len = (size_t)(q - s);
  size_t suf_len = (size_t)(q - suf);
  if (suf_len) {
    t->suffix = suffix_type(suf, suf_len);
    if (t->suffix == GS_TYPE_NONE) {
      t->kind = T_ERROR;
      t->message = lex_error("unknown literal suffix '%.*s'", (int)suf_len, suf);
      return;
    }
    if (is_float && gs_type_is_int(t->suffix)) {
      t->kind = T_ERROR;
      t->message = lex_error("float literal '%.*s' cannot have the suffix %s", (int)t->num_len, s,
                             gs_type_name(t->suffix));
      return;
    }
    if (gs_type_is_float(t->suffix) && t->num_len > 1 && (s[1] == 'x' || s[1] == 'X')) {
      t->kind = T_ERROR;
      t->message = lex_error("hexadecimal literal '%.*s' cannot have the suffix %s",
                             (int)t->num_len, s, gs_type_name(t->suffix));
      return;
    }
    if (gs_type_is_float(t->suffix))
      is_float = 1;
  }
  if (is_float) {
    t->kind = T_FLOAT;
    return;
  }
  if (overflow) {
    t->kind = T_ERROR;
    t->message = lex_error("integer literal '%.*s' is too large", (int)t->num_len, s);
    return;
  }
  t->kind = T_INT;
  t->value = v;
}

static void lex(parser *ps, const char *text, size_t size) {
  const char *s = text, *end = text + size, *line_start = text;
  unsigned line = 1;
  for (;;) {
    while (s < end) {
      if (*s == '\n') {
        line++;
        s++;
        line_start = s;
      } else if (*s == ' ' || *s == '\t' || *s == '\r') {
        s++;
      } else if (*s == '/' && s + 1 < end && s[1] == '/') {
        while (s < end && *s != '\n')
          s++;
      } else {
        break;
      }
    }
    token t = {0};
    t.start = s;
    t.pos.line = line;
    t.pos.col = (unsigned)(s - line_start) + 1;
    if (s == end) {
      t.kind = T_EOF;
      vec_push(&ps->toks, &t);
      return;
    }
    unsigned char c = (unsigned char)*s;
    if (is_alpha(c)) {
      const char *q = s;
      while (q < end && (is_alpha(*q) || is_digit(*q)))
        q++;
      t.kind = T_IDENT;
      t.len = (size_t)(q - s);
    } else if (is_digit(c)) {
      lex_number(&t, s, end);
    } else {
      static const struct { const char *text; tok_kind kind; } puncts[] = {
          {"..", T_DOTDOT}, {"==", T_EQ}, {"!=", T_NE}, {"<=", T_LE}, {">=", T_GE},
          {"<<", T_SHL}, {">>", T_SHR}, {"&&", T_ANDAND}, {"||", T_OROR},
          {"(", T_LPAREN}, {")", T_RPAREN}, {"{", T_LBRACE}, {"}", T_RBRACE},
          {"[", T_LBRACKET}, {"]", T_RBRACKET}, {",", T_COMMA}, {";", T_SEMI},
          {":", T_COLON}, {"@", T_AT}, {"?", T_QUESTION}, {"=", T_ASSIGN}, {"<", T_LT},
          {">", T_GT}, {"+", T_PLUS}, {"-", T_MINUS}, {"*", T_STAR}, {"/", T_SLASH},
          {"%", T_PERCENT}, {"&", T_AMP}, {"|", T_PIPE}, {"^", T_CARET}, {"~", T_TILDE},
          {"!", T_BANG}};
      t.kind = T_ERROR;
      for (size_t i = 0; i < sizeof puncts / sizeof *puncts; i++) {
        size_t n = strlen(puncts[i].text);
        if ((size_t)(end - s) >= n && !memcmp(s, puncts[i].text, n)) {
          t.kind = puncts[i].kind;
          t.len = n;
          break;
        }
      }
      if (t.kind == T_ERROR) {
        t.len = 1;
        if (c > 0x20 && c < 0x7f)
          t.message = lex_error("unexpected character '%c'", c);
        else
          t.message = lex_error("unexpected byte 0x%02x", c);
      }
    }
    vec_push(&ps->toks, &t);
    if (t.kind == T_ERROR)
      return; /* nothing after it is read */
    s += t.len;
  }
}

/* parser helpers */

static token *peek(parser *ps) { return &VEC_AT(&ps->toks, token, ps->at); }
static token *peek2(parser *ps) {
  size_t i = ps->at + 1 < ps->toks.len ? ps->at + 1 : ps->at;
  return &VEC_AT(&ps->toks, token, i);
}
static token *next(parser *ps) {
  token *t = peek(ps);
  if (t->kind != T_EOF && t->kind != T_ERROR)
    ps->at++;
  return t;
}

static int fail_at(parser *ps, gs_pos pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail_at(parser *ps, gs_pos pos, const char *fmt, ...) {
  if (ps->err)
    return 0;
  gs_str s;
  str_init(&s);
  str_printf(&s, "%s:%u:%u: error: ", ps->file, pos.line, pos.col);
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(&s, fmt, ap);
  va_end(ap);
  ps->err = str_take(&s);
  return 0;
}

/* "'text'" or "end of file", for messages */
static void describe(const token *t, char out[48]) {
  if (t->kind == T_EOF) {
    snprintf(out, 48, "end of file");
    return;
  }
  int n = t->len > 32 ? 32 : (int)t->len;
  snprintf(out, 48, "'%.*s%s'", n, t->start, t->len > 32 ? "..." : "");
}

/* An error at the current token: its own message when the lexer failed
 * there, else "expected WHAT, found TOKEN". */
static int expected(parser *ps, const char *what) {
  token *t = peek(ps);
  if (t->kind == T_ERROR)
    return fail_at(ps, t->pos, "%s", t->message);
  char found[48];
  describe(t, found);
  return fail_at(ps, t->pos, "expected %s, found %s", what, found);
}

static int is_word(const token *t, const char *word) {
  return t->kind == T_IDENT && t->len == strlen(word) && !memcmp(t->start, word, t->len);
}

static int accept(parser *ps, tok_kind kind) {
  if (peek(ps)->kind != kind)
    return 0;
  next(ps);
  return 1;
}

static int expect(parser *ps, tok_kind kind, const char *what) {
  if (accept(ps, kind))
    return 1;
  return expected(ps, what);
}

static int expect_word(parser *ps, const char *word) {
  if (is_word(peek(ps), word)) {
    next(ps);
    return 1;
  }
  char what[40];
  snprintf(what, sizeof what, "'%s'", word);
  return expected(ps, what);
}

/* A name: the identifier's text, malloc'ed, or NULL (error set). */
static char *expect_name(parser *ps, const char *what) {
  token *t = peek(ps);
  if (t->kind != T_IDENT)
    return expected(ps, what), NULL;
  next(ps);
  return gs_strndup(t->start, t->len);
}

static int deep(parser *ps, int depth) {
  if (depth <= GS_PROGRAM_MAX_DEPTH)
    return 0;
  fail_at(ps, peek(ps)->pos, "nesting is deeper than %d levels", GS_PROGRAM_MAX_DEPTH);
  return 1;
}

static void at(parser *ps, gs_pos pos) { gs_program_set_pos(ps->p, pos.line, pos.col); }

static gs_type type_word(const token *t) {
  static const struct { const char *name; gs_type t; } types[] = {
      {"bool", GS_TYPE_BOOL}, {"i32", GS_TYPE_I32}, {"u32", GS_TYPE_U32}, {"i64", GS_TYPE_I64},
      {"u64", GS_TYPE_U64},   {"f32", GS_TYPE_F32}, {"f64", GS_TYPE_F64}};
  for (size_t i = 0; i < sizeof types / sizeof *types; i++)
    if (is_word(t, types[i].name))
      return types[i].t;
  return GS_TYPE_NONE;
}

static int word_index(const token *t, const char *const *words, int n) {
  for (int i = 0; i < n; i++)
    if (is_word(t, words[i]))
      return i;
  return -1;
}

static const char *const id_words[] = {"global_id",   "local_id",   "group_id",
                                       "global_size", "local_size", "num_groups"};
static const char *const atomic_words[] = {"atomic_add", "atomic_sub",     "atomic_min",
                                           "atomic_max", "atomic_and",     "atomic_or",
                                           "atomic_xor", "atomic_exchange", "atomic_cmpxchg"};
static const char *const reduce_words[] = {"add", "min", "max", "and", "or", "xor"};
static const char *const access_words[] = {"read", "write", "readwrite", "uniform", "workgroup"};
/* words that start statements or declarations: never an expression */
static const char *const stmt_words[] = {
    "program", "workgroup_size", "buffer", "kernel", "let", "var", "if", "else", "for", "in",
    "step", "region", "return", "workgroup_barrier", "grid_barrier", "all_reduce", "broadcast",
    "all_gather", "reduce_scatter"};
#define NWORDS(a) ((int)(sizeof(a) / sizeof *(a)))

/* A plain (unsuffixed) integer token: its value, clamped to MAX; -1 on error. */
static int64_t plain_int(parser *ps, const char *what, uint64_t max) {
  token *t = peek(ps);
  if (t->kind != T_INT || t->suffix != GS_TYPE_NONE)
    return expected(ps, what), -1;
  next(ps);
  return (int64_t)(t->value > max ? max : t->value);
}

/* expressions */

static gs_expr *parse_expr(parser *ps, int depth);

static gs_expr *number(parser *ps, token *t, int negative) {
  at(ps, t->pos);
  if (t->kind == T_INT) {
    gs_expr *e = gs_expr_uint(ps->p, t->suffix, negative ? 0 - t->value : t->value);
    if (e)
      e->u.int_lit.negative = negative && t->value != 0;
    return e;
  }
  /* The checker reads the value from the spelling, in the literal's own
   * precision (so an f32 is rounded once, from the decimal). */
  gs_expr *e = gs_expr_float(ps->p, t->suffix, 0.0);
  if (e) {
    gs_str s;
    str_init(&s);
    str_printf(&s, "%s%.*s", negative ? "-" : "", (int)t->num_len, t->start);
    e->u.float_lit.text = str_take(&s);
    e->u.float_lit.value = strtod(e->u.float_lit.text, NULL);
  }
  return e;
}

/* `(` args `)` where the arguments are given by the caller one by one */
static int open_args(parser *ps, const char *callee) {
  char what[64];
  snprintf(what, sizeof what, "'(' after '%s'", callee);
  return expect(ps, T_LPAREN, what);
}

static gs_expr *parse_atomic(parser *ps, int op, int depth) {
  token *name_tok = peek(ps);
  next(ps);
  const char *fn = atomic_words[op];
  if (!open_args(ps, fn))
    return NULL;
  char *buf = expect_name(ps, "a buffer name");
  if (!buf)
    return NULL;
  gs_expr *index = NULL, *value = NULL, *desired = NULL, *e = NULL;
  if (expect(ps, T_COMMA, "','") && (index = parse_expr(ps, depth + 1)) &&
      expect(ps, T_COMMA, "','") && (value = parse_expr(ps, depth + 1)) &&
      (op != GS_ATOMIC_CMPXCHG ||
       (expect(ps, T_COMMA, "','") && (desired = parse_expr(ps, depth + 1)))) &&
      expect(ps, T_RPAREN, "')'")) {
    at(ps, name_tok->pos);
    e = op == GS_ATOMIC_CMPXCHG ? gs_expr_cmpxchg(ps->p, buf, index, value, desired)
                                : gs_expr_atomic(ps->p, (gs_atomic_op)op, buf, index, value);
  }
  free(buf);
  return e;
}

static gs_expr *parse_primary(parser *ps, int depth) {
  if (deep(ps, depth))
    return NULL;
  token *t = peek(ps);
  gs_pos pos = t->pos;
  if (t->kind == T_INT || t->kind == T_FLOAT) {
    next(ps);
    return number(ps, t, 0);
  }
  if (t->kind == T_LPAREN) {
    next(ps);
    gs_expr *e = parse_expr(ps, depth + 1);
    if (!e || !expect(ps, T_RPAREN, "')'"))
      return NULL;
    return e;
  }
  if (t->kind != T_IDENT)
    return expected(ps, "an expression"), NULL;
  if (word_index(t, stmt_words, NWORDS(stmt_words)) >= 0)
    return expected(ps, "an expression"), NULL;
  if (is_word(t, "true") || is_word(t, "false")) {
    next(ps);
    at(ps, pos);
    return gs_expr_bool(ps->p, is_word(t, "true"));
  }
  gs_type cast = type_word(t);
  if (cast != GS_TYPE_NONE) {
    next(ps);
    if (!open_args(ps, gs_type_name(cast)))
      return NULL;
    gs_expr *x = parse_expr(ps, depth + 1);
    if (!x || !expect(ps, T_RPAREN, "')'"))
      return NULL;
    at(ps, pos);
    return gs_expr_cast(ps->p, cast, x);
  }
  int id = word_index(t, id_words, NWORDS(id_words));
  if (id >= 0) {
    next(ps);
    if (!open_args(ps, id_words[id]))
      return NULL;
    int64_t dim = plain_int(ps, "a dimension (0, 1 or 2)", 3);
    if (dim < 0 || !expect(ps, T_RPAREN, "')'"))
      return NULL;
    at(ps, pos);
    return gs_expr_id(ps->p, (gs_id_kind)id, (unsigned)dim);
  }
  int op = word_index(t, atomic_words, NWORDS(atomic_words));
  if (op >= 0)
    return parse_atomic(ps, op, depth);
  if (is_word(t, "len")) {
    next(ps);
    if (!open_args(ps, "len"))
      return NULL;
    char *buf = expect_name(ps, "a buffer name");
    gs_expr *e = NULL;
    if (buf && expect(ps, T_RPAREN, "')'")) {
      at(ps, pos);
      e = gs_expr_len(ps->p, buf);
    }
    free(buf);
    return e;
  }
  if (is_word(t, "select")) {
    next(ps);
    if (!open_args(ps, "select"))
      return NULL;
    gs_expr *c = NULL, *a = NULL, *b = NULL;
    if (!(c = parse_expr(ps, depth + 1)) || !expect(ps, T_COMMA, "','") ||
        !(a = parse_expr(ps, depth + 1)) || !expect(ps, T_COMMA, "','") ||
        !(b = parse_expr(ps, depth + 1)) || !expect(ps, T_RPAREN, "')'"))
      return NULL;
    at(ps, pos);
    return gs_expr_select(ps->p, c, a, b);
  }
  next(ps);
  char *name = gs_strndup(t->start, t->len);
  gs_expr *e = NULL;
  if (accept(ps, T_LBRACKET)) {
    gs_expr *index = parse_expr(ps, depth + 1);
    if (index && expect(ps, T_RBRACKET, "']'")) {
      at(ps, pos);
      e = gs_expr_load(ps->p, name, index);
    }
  } else {
    at(ps, pos);
    e = gs_expr_var(ps->p, name);
  }
  free(name);
  return e;
}

static gs_expr *parse_unary(parser *ps, int depth) {
  if (deep(ps, depth))
    return NULL;
  token *t = peek(ps);
  gs_unop op;
  switch (t->kind) {
  case T_MINUS: op = GS_UN_NEG; break;
  case T_TILDE: op = GS_UN_BITNOT; break;
  case T_BANG: op = GS_UN_NOT; break;
  default: return parse_primary(ps, depth);
  }
  next(ps);
  token *n = peek(ps);
  if (op == GS_UN_NEG && (n->kind == T_INT || n->kind == T_FLOAT)) {
    next(ps);
    gs_expr *e = number(ps, n, 1);
    if (e)
      e->pos = t->pos;
    return e;
  }
  gs_expr *x = parse_unary(ps, depth + 1);
  if (!x)
    return NULL;
  at(ps, t->pos);
  return gs_expr_unary(ps->p, op, x);
}

/* binding strength, loosest 1 (docs/programs.md); 0: not a binary operator */
static int binop_of(tok_kind k, gs_binop *op) {
  static const struct { tok_kind k; gs_binop op; int prec; } table[] = {
      {T_OROR, GS_BIN_LOR, 1},  {T_ANDAND, GS_BIN_LAND, 2}, {T_EQ, GS_BIN_EQ, 3},
      {T_NE, GS_BIN_NE, 3},     {T_LT, GS_BIN_LT, 3},       {T_LE, GS_BIN_LE, 3},
      {T_GT, GS_BIN_GT, 3},     {T_GE, GS_BIN_GE, 3},       {T_PIPE, GS_BIN_OR, 4},
      {T_CARET, GS_BIN_XOR, 5}, {T_AMP, GS_BIN_AND, 6},     {T_SHL, GS_BIN_SHL, 7},
      {T_SHR, GS_BIN_SHR, 7},   {T_PLUS, GS_BIN_ADD, 8},    {T_MINUS, GS_BIN_SUB, 8},
      {T_STAR, GS_BIN_MUL, 9},  {T_SLASH, GS_BIN_DIV, 9},   {T_PERCENT, GS_BIN_REM, 9}};
  for (size_t i = 0; i < sizeof table / sizeof *table; i++)
    if (table[i].k == k) {
      *op = table[i].op;
      return table[i].prec;
    }
  return 0;
}

static gs_expr *parse_binary(parser *ps, int min_prec, int depth) {
  if (deep(ps, depth))
    return NULL;
  gs_expr *lhs = parse_unary(ps, depth + 1);
  if (!lhs)
    return NULL;
  int lhs_compare = 0;
  for (;;) {
    token *t = peek(ps);
    gs_binop op;
    int prec = binop_of(t->kind, &op);
    if (!prec || prec < min_prec)
      return lhs;
    if (prec == 3 && lhs_compare)
      return fail_at(ps, t->pos, "comparisons do not chain; use parentheses"), NULL;
    next(ps);
    gs_expr *rhs = parse_binary(ps, prec + 1, depth + 1);
    if (!rhs)
      return NULL;
    at(ps, t->pos);
    lhs = gs_expr_binary(ps->p, op, lhs, rhs);
    if (!lhs)
      return NULL;
    lhs_compare = prec == 3;
  }
}

static gs_expr *parse_expr(parser *ps, int depth) { return parse_binary(ps, 1, depth); }

/* statements */

static gs_stmt *parse_stmt(parser *ps, int depth);

/* `{ stmt* }` appended to BLOCK */
static int parse_block_into(parser *ps, gs_stmt *block, int depth) {
  if (deep(ps, depth) || !expect(ps, T_LBRACE, "'{'"))
    return 0;
  while (peek(ps)->kind != T_RBRACE) {
    if (peek(ps)->kind == T_EOF)
      return expected(ps, "'}'");
    gs_stmt *s = parse_stmt(ps, depth + 1);
    if (!s)
      return 0;
    gs_block_append(ps->p, block, s);
  }
  next(ps);
  return 1;
}

static gs_stmt *parse_block(parser *ps, int depth) {
  at(ps, peek(ps)->pos);
  gs_stmt *b = gs_stmt_block(ps->p);
  return parse_block_into(ps, b, depth) ? b : NULL;
}

static int end_stmt(parser *ps) { return expect(ps, T_SEMI, "';'"); }

static gs_stmt *parse_if(parser *ps, int depth) {
  if (deep(ps, depth))
    return NULL;
  gs_pos pos = next(ps)->pos; /* if */
  gs_expr *cond = parse_expr(ps, depth + 1);
  if (!cond)
    return NULL;
  gs_stmt *then_body = parse_block(ps, depth + 1);
  if (!then_body)
    return NULL;
  gs_stmt *else_body = NULL;
  if (is_word(peek(ps), "else")) {
    next(ps);
    if (is_word(peek(ps), "if")) {
      at(ps, peek(ps)->pos);
      else_body = gs_stmt_block(ps->p);
      gs_stmt *inner = parse_if(ps, depth + 1);
      if (!inner)
        return NULL;
      gs_block_append(ps->p, else_body, inner);
    } else if (!(else_body = parse_block(ps, depth + 1))) {
      return NULL;
    }
  }
  at(ps, pos);
  return gs_stmt_if(ps->p, cond, then_body, else_body);
}

static gs_stmt *parse_collective(parser *ps, gs_collective_kind kind, int depth) {
  gs_pos pos = next(ps)->pos;
  const char *fn = gs_collective_name(kind);
  if (!open_args(ps, fn))
    return NULL;
  int reduces = kind == GS_COLL_ALL_REDUCE || kind == GS_COLL_REDUCE_SCATTER;
  int op = 0;
  if (reduces) {
    op = word_index(peek(ps), reduce_words, NWORDS(reduce_words));
    if (op < 0)
      return expected(ps, "an operation (add, min, max, and, or, xor)"), NULL;
    next(ps);
    if (!expect(ps, T_COMMA, "','"))
      return NULL;
  }
  char *src = NULL, *dst = NULL;
  gs_expr *n = NULL, *parts = NULL, *root = NULL;
  gs_stmt *s = NULL;
  if ((src = expect_name(ps, "a source buffer name")) && expect(ps, T_COMMA, "','") &&
      (dst = expect_name(ps, "a destination buffer name")) && expect(ps, T_COMMA, "','") &&
      (n = parse_expr(ps, depth + 1)) && expect(ps, T_COMMA, "','") &&
      (parts = parse_expr(ps, depth + 1)) &&
      (kind != GS_COLL_BROADCAST ||
       (expect(ps, T_COMMA, "','") && (root = parse_expr(ps, depth + 1)))) &&
      expect(ps, T_RPAREN, "')'") && end_stmt(ps)) {
    at(ps, pos);
    switch (kind) {
    case GS_COLL_ALL_REDUCE: s = gs_stmt_all_reduce(ps->p, (gs_reduce_op)op, src, dst, n, parts); break;
    case GS_COLL_REDUCE_SCATTER:
      s = gs_stmt_reduce_scatter(ps->p, (gs_reduce_op)op, src, dst, n, parts);
      break;
    case GS_COLL_ALL_GATHER: s = gs_stmt_all_gather(ps->p, src, dst, n, parts); break;
    case GS_COLL_BROADCAST: s = gs_stmt_broadcast(ps->p, src, dst, n, parts, root); break;
    }
  }
  free(src);
  free(dst);
  return s;
}

static gs_stmt *parse_stmt(parser *ps, int depth) {
  if (deep(ps, depth))
    return NULL;
  token *t = peek(ps);
  gs_pos pos = t->pos;
  if (is_word(t, "let") || is_word(t, "var")) {
    int mutable_ = is_word(t, "var");
    next(ps);
    char *name = expect_name(ps, "a variable name");
    if (!name)
      return NULL;
    gs_type type = GS_TYPE_NONE;
    gs_stmt *s = NULL;
    if (accept(ps, T_COLON)) {
      type = type_word(peek(ps));
      if (type == GS_TYPE_NONE) {
        expected(ps, "a type");
        free(name);
        return NULL;
      }
      next(ps);
    }
    gs_expr *value = NULL;
    if (expect(ps, T_ASSIGN, "'='") && (value = parse_expr(ps, depth + 1)) && end_stmt(ps)) {
      at(ps, pos);
      s = mutable_ ? gs_stmt_var(ps->p, name, type, value) : gs_stmt_let(ps->p, name, type, value);
    }
    free(name);
    return s;
  }
  if (is_word(t, "if"))
    return parse_if(ps, depth);
  if (is_word(t, "for")) {
    next(ps);
    char *var = expect_name(ps, "a loop variable name");
    if (!var)
      return NULL;
    gs_expr *start = NULL, *end = NULL;
    gs_stmt *body = NULL, *s = NULL;
    int64_t step = 1;
    if (expect_word(ps, "in") && (start = parse_expr(ps, depth + 1)) &&
        expect(ps, T_DOTDOT, "'..'") && (end = parse_expr(ps, depth + 1))) {
      if (is_word(peek(ps), "step")) {
        next(ps);
        step = plain_int(ps, "a step (an integer literal)", INT64_MAX);
      }
      if (step >= 0 && (body = parse_block(ps, depth + 1))) {
        at(ps, pos);
        s = gs_stmt_for(ps->p, var, start, end, (uint64_t)step, body);
      }
    }
    free(var);
    return s;
  }
  if (t->kind == T_LBRACE)
    return parse_block(ps, depth);
  if (is_word(t, "region")) {
    next(ps);
    char *name = expect_name(ps, "a region name");
    if (!name)
      return NULL;
    gs_stmt *body = parse_block(ps, depth + 1), *s = NULL;
    if (body) {
      at(ps, pos);
      s = gs_stmt_region(ps->p, name, body);
    }
    free(name);
    return s;
  }
  static const char *const simple[] = {"return", "workgroup_barrier", "grid_barrier"};
  int k = word_index(t, simple, 3);
  if (k >= 0) {
    next(ps);
    if (!end_stmt(ps))
      return NULL;
    at(ps, pos);
    return k == 0 ? gs_stmt_return(ps->p)
           : k == 1 ? gs_stmt_workgroup_barrier(ps->p)
                    : gs_stmt_grid_barrier(ps->p);
  }
  static const char *const colls[] = {"all_reduce", "broadcast", "all_gather", "reduce_scatter"};
  k = word_index(t, colls, 4);
  if (k >= 0)
    return parse_collective(ps, (gs_collective_kind)k, depth);
  k = word_index(t, atomic_words, NWORDS(atomic_words));
  if (k >= 0) {
    gs_expr *e = parse_atomic(ps, k, depth + 1);
    if (!e || !end_stmt(ps))
      return NULL;
    at(ps, pos);
    return gs_stmt_eval(ps->p, e);
  }
  if (t->kind != T_IDENT || word_index(t, stmt_words, NWORDS(stmt_words)) >= 0)
    return expected(ps, "a statement"), NULL;
  token *t2 = peek2(ps);
  if (t2->kind != T_ASSIGN && t2->kind != T_LBRACKET) {
    next(ps);
    char what[64];
    snprintf(what, sizeof what, "'=' or '[' after '%.*s'", t->len > 32 ? 32 : (int)t->len,
             t->start);
    return expected(ps, what), NULL;
  }
  next(ps);
  char *name = gs_strndup(t->start, t->len);
  gs_stmt *s = NULL;
  if (t2->kind == T_ASSIGN) {
    next(ps);
    gs_expr *value = parse_expr(ps, depth + 1);
    if (value && end_stmt(ps)) {
      at(ps, pos);
      s = gs_stmt_assign(ps->p, name, value);
    }
  } else {
    next(ps);
    gs_expr *index = parse_expr(ps, depth + 1), *value = NULL;
    if (index && expect(ps, T_RBRACKET, "']'") && expect(ps, T_ASSIGN, "'='") &&
        (value = parse_expr(ps, depth + 1)) && end_stmt(ps)) {
      at(ps, pos);
      s = gs_stmt_store(ps->p, name, index, value);
    }
  }
  free(name);
  return s;
}

/* declarations */

static int parse_buffer(parser *ps) {
  gs_pos pos = next(ps)->pos; /* buffer */
  char *name = expect_name(ps, "a buffer name");
  if (!name)
    return 0;
  int ok = 0;
  int access = -1;
  gs_type elem = GS_TYPE_NONE;
  int64_t count = 0, binding = -1;
  int output = 0;
  if (!expect(ps, T_COLON, "':'"))
    goto done;
  access = word_index(peek(ps), access_words, NWORDS(access_words));
  if (access < 0) {
    expected(ps, "an access (read, write, readwrite, uniform, workgroup)");
    goto done;
  }
  next(ps);
  elem = type_word(peek(ps));
  if (elem == GS_TYPE_NONE) {
    expected(ps, "an element type");
    goto done;
  }
  next(ps);
  if (!expect(ps, T_LBRACKET, "'['"))
    goto done;
  if (!accept(ps, T_QUESTION)) {
    token *t = peek(ps);
    if (t->kind != T_INT || t->suffix != GS_TYPE_NONE) {
      expected(ps, "a count or '?'");
      goto done;
    }
    if (t->value < 1 || t->value > UINT32_MAX) {
      fail_at(ps, t->pos, "the count of buffer '%s' must be 1 to 4294967295 (or ?)", name);
      goto done;
    }
    next(ps);
    count = (int64_t)t->value;
  }
  if (!expect(ps, T_RBRACKET, "']'"))
    goto done;
  if (accept(ps, T_AT)) {
    token *t = peek(ps);
    if (t->kind != T_INT || t->suffix != GS_TYPE_NONE) {
      expected(ps, "a binding");
      goto done;
    }
    if (t->value > INT32_MAX) {
      fail_at(ps, t->pos, "the binding of buffer '%s' must be 0 to 2147483647", name);
      goto done;
    }
    next(ps);
    binding = (int64_t)t->value;
  }
  if (is_word(peek(ps), "output")) {
    next(ps);
    output = 1;
  }
  if (!end_stmt(ps))
    goto done;
  at(ps, pos);
  gs_program_add_buffer(ps->p, name, (int)binding, elem, (uint32_t)count, (gs_access)access,
                        output);
  ok = 1;
done:
  free(name);
  return ok;
}

static int parse_program(parser *ps, gs_program **out) {
  if (!expect_word(ps, "program"))
    return 0;
  char *name = expect_name(ps, "a program name");
  if (!name)
    return 0;
  gs_program *p = gs_program_create(name);
  free(name);
  ps->p = p;
  *out = p;
  gs_program_set_file(p, ps->file);
  if (!end_stmt(ps))
    return 0;
  gs_pos wg_pos = peek(ps)->pos;
  if (!expect_word(ps, "workgroup_size"))
    return 0;
  int64_t wg[3] = {1, 1, 1};
  for (int i = 0; i < 3; i++) {
    if (i > 0 && !accept(ps, T_COMMA))
      break;
    if ((wg[i] = plain_int(ps, "a workgroup size", UINT32_MAX)) < 0)
      return 0;
  }
  if (!end_stmt(ps))
    return 0;
  at(ps, wg_pos);
  gs_program_set_workgroup_size(p, (unsigned)wg[0], (unsigned)wg[1], (unsigned)wg[2]);
  while (is_word(peek(ps), "buffer"))
    if (!parse_buffer(ps))
      return 0;
  if (!is_word(peek(ps), "kernel"))
    return expected(ps, "'buffer' or 'kernel'");
  next(ps);
  /* the body block is the program's own */
  if (!parse_block_into(ps, (gs_stmt *)gs_program_body(p), 1))
    return 0;
  if (peek(ps)->kind != T_EOF)
    return expected(ps, "end of file after the kernel");
  return 1;
}

static gs_error *parse_text(const char *text, size_t size, const char *filename,
                            gs_program **out) {
  parser ps = {{0}, 0, NULL, filename ? filename : "<input>", NULL};
  vec_init(&ps.toks, sizeof(token));
  lex(&ps, text, size);
  gs_program *p = NULL;
  parse_program(&ps, &p);
  for (size_t i = 0; i < ps.toks.len; i++)
    free(VEC_AT(&ps.toks, token, i).message);
  vec_free(&ps.toks);
  if (ps.err) {
    gs_error *e = gs_errorf("%s", ps.err);
    free(ps.err);
    gs_program_dispose(p);
    return e;
  }
  gs_error *e = gs_program_check(p);
  if (e) {
    gs_program_dispose(p);
    return e;
  }
  *out = p;
  return NULL;
}

gs_error *gs_program_parse(const char *text, const char *filename, gs_program **out) {
  if (!out)
    return gs_errorf("gs_program_parse: the output pointer is NULL");
  *out = NULL;
  if (!text)
    return gs_errorf("gs_program_parse: the text is NULL");
  return parse_text(text, strlen(text), filename, out);
}

gs_error *gs_program_parse_file(const char *path, gs_program **out) {
  if (!out)
    return gs_errorf("gs_program_parse_file: the output pointer is NULL");
  *out = NULL;
  if (!path)
    return gs_errorf("gs_program_parse_file: the path is NULL");
  char *data;
  size_t size;
  gs_error *e = gs_read_file(path, &data, &size);
  if (e)
    return e;
  e = parse_text(data, size, path, out);
  free(data);
  return e;
}
