/* gs-oracle: an independent, source-level model of gridsplit's analysis.
 *
 * It parses an OpenCL C file with libclang and, for every kernel, walks the
 * AST (not the IR): segments begin at the kernel entry and after every call
 * to a grid barrier; the segment graph is built from the structured control
 * flow by tracking the set of segments an invocation may be in at each
 * statement (with a fixpoint for loops); every buffer access in the active
 * segments is classified as R, W or A; then the role table, the accumulate
 * rule and host_input/host_output of SPEC section 3 are applied.
 *
 * Helper functions defined in the file are analysed at every call, with
 * their pointer parameters bound to the buffers passed in (a barrier inside a
 * helper counts as a barrier of the caller, as if inlined). Local pointer
 * variables alias, flow-insensitively, every buffer they are ever given.
 *
 * A segment is keyed by the source location of the barrier call it begins
 * after ("file:line:col", file being the basename), the same key as the
 * "location" of the tool's plan. Output: JSON on stdout (see print_json).
 *
 * Usage: gs-oracle [--resource-dir DIR] [--barrier NAME]... FILE.cl
 *                  [-- EXTRA CLANG ARGS]
 */
#include <clang-c/Index.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GS_ORACLE_RESOURCE_DIR
#define GS_ORACLE_RESOURCE_DIR ""
#endif

#define MAX_BUFFERS 64
#define MAX_SEGMENTS 64
#define MAX_CHILDREN 256
#define MAX_VARS 256
#define MAX_DEPTH 16

typedef uint64_t bits;

enum { F_R = 1, F_W = 2, F_A = 4 };
enum { SP_GLOBAL, SP_CONSTANT, SP_WORKGROUP };
enum { M_READ, M_WRITE, M_RW, M_ADDR };

typedef struct {
  char name[256];
  int arg; /* kernel argument index, -1 for a variable */
  int space;
  CXCursor decl; /* canonical declaration */
} buffer_t;

typedef struct {
  unsigned ctx, line, col; /* site key; segment 0 has line 0 */
  bits succ;
  int succ_end;
  unsigned facts[MAX_BUFFERS];
} segment_t;

typedef struct {
  const char *name;
  buffer_t buf[MAX_BUFFERS];
  int nbuf;
  segment_t seg[MAX_SEGMENTS];
  int nseg;
} kernel_t;

typedef struct frame {
  struct frame *parent;
  CXCursor func;
  unsigned ctx;
  int depth;
  int nparams;
  CXCursor params[32];
  bits pbind[32];
  int nvars;
  CXCursor vars[MAX_VARS];
  bits vbind[MAX_VARS];
  bits ret;          /* states reaching a return of a helper */
  bits brk, cont;    /* innermost loop or switch */
  bits switch_entry; /* innermost switch */
} frame_t;

static CXTranslationUnit g_tu;
static kernel_t *g_k;
static const char *g_file_base;
static const char *g_barriers[16] = {"gridsplit_grid_sync", "__ockl_grid_sync"};
static int g_nbarriers = 2;
static int g_errors;

static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "gs-oracle: error: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(1);
}

static void cursor_pos(CXCursor c, unsigned *line, unsigned *col) {
  CXFile f;
  clang_getSpellingLocation(clang_getCursorLocation(c), &f, line, col, NULL);
}

static void warn_at(CXCursor c, const char *fmt, ...) {
  unsigned line, col;
  va_list ap;
  cursor_pos(c, &line, &col);
  va_start(ap, fmt);
  fprintf(stderr, "%s:%u:%u: gs-oracle: warning: ", g_file_base, line, col);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
}

static void fail_at(CXCursor c, const char *what) {
  unsigned line, col;
  cursor_pos(c, &line, &col);
  fail("%s:%u:%u: %s", g_file_base, line, col, what);
}

/* ---- small libclang helpers ---- */

typedef struct {
  CXCursor c[MAX_CHILDREN];
  int n;
} children_t;

static enum CXChildVisitResult collect_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  children_t *ch = d;
  (void)parent;
  if (ch->n < MAX_CHILDREN)
    ch->c[ch->n++] = c;
  return CXChildVisit_Continue;
}

static void children(CXCursor c, children_t *out) {
  out->n = 0;
  clang_visitChildren(c, collect_visitor, out);
}

/* The expression children only (skips TypeRef and the like). */
static void expr_children(CXCursor c, children_t *out) {
  children_t all;
  children(c, &all);
  out->n = 0;
  for (int i = 0; i < all.n; i++)
    if (clang_isExpression(clang_getCursorKind(all.c[i])))
      out->c[out->n++] = all.c[i];
}

static unsigned offset_of(CXSourceLocation loc) {
  unsigned off;
  clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

/* The spelling of the operator of a binary operator: the first token after
 * the left operand. */
static void binop_spelling(CXCursor c, CXCursor lhs, char *out, size_t n) {
  CXToken *toks;
  unsigned ntok;
  unsigned lhs_end = offset_of(clang_getRangeEnd(clang_getCursorExtent(lhs)));
  out[0] = 0;
  clang_tokenize(g_tu, clang_getCursorExtent(c), &toks, &ntok);
  for (unsigned i = 0; i < ntok; i++) {
    unsigned off = offset_of(clang_getRangeStart(clang_getTokenExtent(g_tu, toks[i])));
    if (off >= lhs_end && clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
      CXString s = clang_getTokenSpelling(g_tu, toks[i]);
      snprintf(out, n, "%s", clang_getCString(s));
      clang_disposeString(s);
      break;
    }
  }
  clang_disposeTokens(g_tu, toks, ntok);
}

/* The operator of a unary operator; postfix ++/-- are reported as "p++" and
 * "p--". */
static void unop_spelling(CXCursor c, char *out, size_t n) {
  CXToken *toks;
  unsigned ntok;
  out[0] = 0;
  clang_tokenize(g_tu, clang_getCursorExtent(c), &toks, &ntok);
  if (ntok > 0) {
    CXString first = clang_getTokenSpelling(g_tu, toks[0]);
    if (clang_getTokenKind(toks[0]) == CXToken_Punctuation &&
        strcmp(clang_getCString(first), "(") != 0) {
      snprintf(out, n, "%s", clang_getCString(first));
    } else {
      CXString last = clang_getTokenSpelling(g_tu, toks[ntok - 1]);
      snprintf(out, n, "p%s", clang_getCString(last));
      clang_disposeString(last);
    }
    clang_disposeString(first);
  }
  clang_disposeTokens(g_tu, toks, ntok);
}

static int type_is_vector(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Vector || t.kind == CXType_ExtVector;
}

static int type_is_array(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
         t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

static int type_is_pointer(CXType t) { return clang_getCanonicalType(t).kind == CXType_Pointer; }

/* Address space from the type's spelling: -1 when private/generic/none. */
static int space_of_spelling(const char *s) {
  if (strstr(s, "__global"))
    return SP_GLOBAL;
  if (strstr(s, "__constant"))
    return SP_CONSTANT;
  if (strstr(s, "__local"))
    return SP_WORKGROUP;
  return -1;
}

static int space_of_type(CXType t) {
  CXString s = clang_getTypeSpelling(t);
  int sp = space_of_spelling(clang_getCString(s));
  clang_disposeString(s);
  return sp;
}

static int same_decl(CXCursor a, CXCursor b) {
  return clang_equalCursors(clang_getCanonicalCursor(a), clang_getCanonicalCursor(b));
}

static int is_barrier_name(const char *name) {
  for (int i = 0; i < g_nbarriers; i++)
    if (strcmp(name, g_barriers[i]) == 0)
      return 1;
  return 0;
}

static CXCursor strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
      return c;
    children_t ch;
    expr_children(c, &ch);
    if (ch.n != 1)
      return c;
    /* An ext-vector element access is an UnexposedExpr too; it changes the
     * type from the vector to a part of it; treat it as the base. */
    c = ch.c[0];
  }
}

/* ---- buffers and pointer bases ---- */

static int find_buffer(CXCursor decl) {
  for (int i = 0; i < g_k->nbuf; i++)
    if (same_decl(g_k->buf[i].decl, decl))
      return i;
  return -1;
}

static bits lookup_decl(CXCursor decl, frame_t *fr) {
  for (int i = 0; i < fr->nparams; i++)
    if (same_decl(fr->params[i], decl))
      return fr->pbind[i];
  for (int i = 0; i < fr->nvars; i++)
    if (same_decl(fr->vars[i], decl))
      return fr->vbind[i];
  int b = find_buffer(decl);
  return b >= 0 ? (bits)1 << b : 0;
}

static bits ptrbase(CXCursor e, frame_t *fr);

/* The buffers the storage designated by the lvalue E can be in. */
static bits lvbase(CXCursor e, frame_t *fr) {
  e = strip(e);
  children_t ch;
  expr_children(e, &ch);
  switch (clang_getCursorKind(e)) {
  case CXCursor_ArraySubscriptExpr:
    return ch.n == 2 ? ptrbase(ch.c[0], fr) | ptrbase(ch.c[1], fr) : 0;
  case CXCursor_UnaryOperator: {
    char op[8];
    unop_spelling(e, op, sizeof op);
    return strcmp(op, "*") == 0 && ch.n == 1 ? ptrbase(ch.c[0], fr) : 0;
  }
  case CXCursor_MemberRefExpr:
    if (ch.n != 1)
      return 0;
    return type_is_pointer(clang_getCursorType(ch.c[0])) ? ptrbase(ch.c[0], fr)
                                                          : lvbase(ch.c[0], fr);
  case CXCursor_DeclRefExpr:
    return lookup_decl(clang_getCursorReferenced(e), fr);
  default:
    return 0;
  }
}

/* The buffers the pointer value of E can point into. */
static bits ptrbase(CXCursor e, frame_t *fr) {
  e = strip(e);
  children_t ch;
  expr_children(e, &ch);
  switch (clang_getCursorKind(e)) {
  case CXCursor_DeclRefExpr:
    return lookup_decl(clang_getCursorReferenced(e), fr);
  case CXCursor_BinaryOperator: {
    if (ch.n != 2)
      return 0;
    char op[8];
    binop_spelling(e, ch.c[0], op, sizeof op);
    if (strcmp(op, "=") == 0 || strcmp(op, ",") == 0)
      return ptrbase(ch.c[1], fr);
    if (strcmp(op, "+") == 0 || strcmp(op, "-") == 0)
      return ptrbase(ch.c[0], fr) | ptrbase(ch.c[1], fr);
    return 0;
  }
  case CXCursor_CompoundAssignOperator:
    return ch.n == 2 ? ptrbase(ch.c[0], fr) : 0;
  case CXCursor_ConditionalOperator:
    return ch.n == 3 ? ptrbase(ch.c[1], fr) | ptrbase(ch.c[2], fr) : 0;
  case CXCursor_UnaryOperator: {
    char op[8];
    unop_spelling(e, op, sizeof op);
    if (ch.n != 1)
      return 0;
    if (strcmp(op, "&") == 0)
      return lvbase(ch.c[0], fr);
    if (strstr(op, "++") || strstr(op, "--"))
      return ptrbase(ch.c[0], fr);
    return 0;
  }
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_MemberRefExpr:
    /* An array-typed lvalue decays to a pointer into its storage. */
    if (type_is_array(clang_getCursorType(e)))
      return lvbase(e, fr);
    return 0;
  default:
    return 0;
  }
}

/* ---- the flow-insensitive alias sets of local pointer variables ---- */

static int var_index(frame_t *fr, CXCursor var) {
  for (int i = 0; i < fr->nvars; i++)
    if (same_decl(fr->vars[i], var))
      return i;
  return -1;
}

typedef struct {
  frame_t *fr;
  int changed;
} alias_ctx;

static void alias_add(alias_ctx *ac, CXCursor var, bits b) {
  frame_t *fr = ac->fr;
  int i = var_index(fr, var);
  if (i < 0) {
    if (fr->nvars >= MAX_VARS)
      fail("too many local variables");
    i = fr->nvars++;
    fr->vars[i] = clang_getCanonicalCursor(var);
    fr->vbind[i] = 0;
  }
  if ((fr->vbind[i] | b) != fr->vbind[i]) {
    fr->vbind[i] |= b;
    ac->changed = 1;
  }
}

static enum CXChildVisitResult alias_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  alias_ctx *ac = d;
  (void)parent;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl && type_is_pointer(clang_getCursorType(c))) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(c);
    bits b = clang_Cursor_isNull(init) ? 0 : ptrbase(init, ac->fr);
    alias_add(ac, c, b);
  } else if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
    children_t ch;
    expr_children(c, &ch);
    if (ch.n == 2) {
      CXCursor lhs = strip(ch.c[0]);
      if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
          type_is_pointer(clang_getCursorType(lhs))) {
        CXCursor var = clang_getCursorReferenced(lhs);
        if (clang_getCursorKind(var) == CXCursor_VarDecl) {
          char op[8] = "=";
          if (k == CXCursor_BinaryOperator)
            binop_spelling(c, ch.c[0], op, sizeof op);
          if (strcmp(op, "=") == 0)
            alias_add(ac, var, ptrbase(ch.c[1], ac->fr));
        }
      }
    }
  }
  return CXChildVisit_Recurse;
}

static void compute_aliases(frame_t *fr, CXCursor body) {
  alias_ctx ac = {fr, 1};
  int rounds = 0;
  while (ac.changed) {
    ac.changed = 0;
    clang_visitChildren(body, alias_visitor, &ac);
    if (++rounds > 100)
      fail("alias fixpoint does not converge");
  }
}

/* ---- segments ---- */

static void record(bits active, bits bufs, unsigned fact) {
  for (int s = 0; s < g_k->nseg; s++)
    if (active & ((bits)1 << s))
      for (int b = 0; b < g_k->nbuf; b++)
        if (bufs & ((bits)1 << b))
          g_k->seg[s].facts[b] |= fact;
}

static unsigned mode_fact(int mode) {
  switch (mode) {
  case M_READ:
    return F_R;
  case M_WRITE:
    return F_W;
  case M_RW:
    return F_R | F_W;
  default:
    return 0;
  }
}

static void barrier_at(CXCursor call, frame_t *fr, bits *state) {
  if (!*state)
    return; /* unreachable */
  unsigned line, col;
  cursor_pos(call, &line, &col);
  int id = -1;
  for (int s = 1; s < g_k->nseg; s++)
    if (g_k->seg[s].ctx == fr->ctx && g_k->seg[s].line == line && g_k->seg[s].col == col)
      id = s;
  if (id < 0) {
    if (g_k->nseg >= MAX_SEGMENTS)
      fail("too many barrier sites in kernel %s", g_k->name);
    id = g_k->nseg++;
    memset(&g_k->seg[id], 0, sizeof g_k->seg[id]);
    g_k->seg[id].ctx = fr->ctx;
    g_k->seg[id].line = line;
    g_k->seg[id].col = col;
  }
  for (int s = 0; s < g_k->nseg; s++)
    if (*state & ((bits)1 << s))
      g_k->seg[s].succ |= (bits)1 << id;
  *state = (bits)1 << id;
}

static void kernel_returns(bits state) {
  for (int s = 0; s < g_k->nseg; s++)
    if (state & ((bits)1 << s))
      g_k->seg[s].succ_end = 1;
}

/* ---- expressions ---- */

static void eval(CXCursor e, int mode, frame_t *fr, bits *state);
static void exec(CXCursor s, frame_t *fr, bits *state);

static void eval_all_children(CXCursor e, int mode, frame_t *fr, bits *state) {
  children_t ch;
  expr_children(e, &ch);
  for (int i = 0; i < ch.n; i++)
    eval(ch.c[i], mode, fr, state);
}

static int starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* Atomic builtins of OpenCL 1.x (atomic_add, atom_inc, ...) and 2.0
 * (atomic_fetch_add_explicit, atomic_compare_exchange_strong, ...). Returns
 * the fact for the object operand, or 0 when NAME is not atomic. */
static unsigned atomic_fact(const char *name) {
  if (!starts_with(name, "atomic_") && !starts_with(name, "atom_"))
    return 0;
  if (strcmp(name, "atomic_work_item_fence") == 0)
    return 0;
  if (starts_with(name, "atomic_load"))
    return F_R;
  if (starts_with(name, "atomic_store") || strcmp(name, "atomic_init") == 0 ||
      starts_with(name, "atomic_flag_clear"))
    return F_W;
  return F_A;
}

static void call_user_function(CXCursor call, CXCursor def, frame_t *fr, bits *state);

static void eval_call(CXCursor e, frame_t *fr, bits *state) {
  CXString sp = clang_getCursorSpelling(e);
  char name[256];
  snprintf(name, sizeof name, "%s", clang_getCString(sp));
  clang_disposeString(sp);
  int nargs = clang_Cursor_getNumArguments(e);

  if (is_barrier_name(name)) {
    barrier_at(e, fr, state);
    return;
  }
  unsigned af = atomic_fact(name);
  if (af && nargs >= 1) {
    CXCursor obj = clang_Cursor_getArgument(e, 0);
    eval(obj, M_ADDR, fr, state);
    record(*state, ptrbase(obj, fr), af);
    for (int i = 1; i < nargs; i++) {
      CXCursor a = clang_Cursor_getArgument(e, i);
      eval(a, type_is_pointer(clang_getCursorType(a)) ? M_ADDR : M_READ, fr, state);
      bits pb = ptrbase(a, fr);
      if (pb) /* the `expected` of a compare-exchange, when it is a buffer */
        record(*state, pb, F_R | F_W);
    }
    return;
  }
  if (starts_with(name, "vload") && nargs == 2) {
    CXCursor p = clang_Cursor_getArgument(e, 1);
    eval(clang_Cursor_getArgument(e, 0), M_READ, fr, state);
    eval(p, M_ADDR, fr, state);
    record(*state, ptrbase(p, fr), F_R);
    return;
  }
  if (starts_with(name, "vstore") && nargs == 3) {
    CXCursor p = clang_Cursor_getArgument(e, 2);
    eval(clang_Cursor_getArgument(e, 0), M_READ, fr, state);
    eval(clang_Cursor_getArgument(e, 1), M_READ, fr, state);
    eval(p, M_ADDR, fr, state);
    record(*state, ptrbase(p, fr), F_W);
    return;
  }
  CXCursor callee = clang_getCursorReferenced(e);
  CXCursor def = clang_Cursor_isNull(callee) ? callee : clang_getCursorDefinition(callee);
  if (!clang_Cursor_isNull(def) && clang_getCursorKind(def) == CXCursor_FunctionDecl &&
      clang_Location_isFromMainFile(clang_getCursorLocation(def))) {
    call_user_function(e, def, fr, state);
    return;
  }
  /* A builtin or an external function: values are read; a buffer pointer
   * passed to it is an unknown use, read and written. */
  for (int i = 0; i < nargs; i++) {
    CXCursor a = clang_Cursor_getArgument(e, i);
    int isptr = type_is_pointer(clang_getCursorType(a));
    eval(a, isptr ? M_ADDR : M_READ, fr, state);
    bits pb = isptr ? ptrbase(a, fr) : 0;
    if (pb) {
      warn_at(e, "buffer passed to unknown function '%s' counts as read and written", name);
      record(*state, pb, F_R | F_W);
    }
  }
}

static void call_user_function(CXCursor call, CXCursor def, frame_t *fr, bits *state) {
  int nargs = clang_Cursor_getNumArguments(call);
  frame_t *nf = calloc(1, sizeof *nf);
  if (!nf)
    fail("out of memory");
  if (fr->depth + 1 > MAX_DEPTH)
    fail_at(call, "call nesting too deep (recursion?)");
  for (frame_t *p = fr; p; p = p->parent)
    if (same_decl(p->func, def))
      fail_at(call, "recursive call");

  for (int i = 0; i < nargs; i++) {
    CXCursor a = clang_Cursor_getArgument(call, i);
    eval(a, type_is_pointer(clang_getCursorType(a)) ? M_ADDR : M_READ, fr, state);
  }
  unsigned line, col;
  cursor_pos(call, &line, &col);
  nf->parent = fr;
  nf->func = def;
  nf->depth = fr->depth + 1;
  nf->ctx = (fr->ctx * 2654435761u) ^ (line * 4099u + col) ^ 0x9e3779b9u;
  int np = clang_Cursor_getNumArguments(def);
  if (np > 32)
    fail_at(def, "too many parameters");
  nf->nparams = np;
  for (int i = 0; i < np; i++) {
    nf->params[i] = clang_getCanonicalCursor(clang_Cursor_getArgument(def, i));
    nf->pbind[i] = i < nargs ? ptrbase(clang_Cursor_getArgument(call, i), fr) : 0;
  }
  children_t ch;
  children(def, &ch);
  CXCursor body = clang_getNullCursor();
  for (int i = 0; i < ch.n; i++)
    if (clang_getCursorKind(ch.c[i]) == CXCursor_CompoundStmt)
      body = ch.c[i];
  if (clang_Cursor_isNull(body))
    fail_at(def, "function without a body");
  compute_aliases(nf, body);
  exec(body, nf, state);
  *state |= nf->ret;
  free(nf);
}

static void eval(CXCursor e, int mode, frame_t *fr, bits *state) {
  children_t ch;
  expr_children(e, &ch);
  switch (clang_getCursorKind(e)) {
  case CXCursor_ParenExpr:
  case CXCursor_CStyleCastExpr:
    for (int i = 0; i < ch.n; i++)
      eval(ch.c[i], mode, fr, state);
    return;
  case CXCursor_UnexposedExpr:
    /* Implicit casts pass the access through. A write to part of a vector
     * (`v[i].x = 1`) loads the whole vector and stores it back. */
    if (ch.n == 1 && mode == M_WRITE && type_is_vector(clang_getCursorType(ch.c[0]))) {
      CXType own = clang_getCanonicalType(clang_getCursorType(e));
      CXType base = clang_getCanonicalType(clang_getCursorType(ch.c[0]));
      if (!type_is_vector(own) || clang_getNumElements(own) != clang_getNumElements(base))
        mode = M_RW;
    }
    for (int i = 0; i < ch.n; i++)
      eval(ch.c[i], mode, fr, state);
    return;
  case CXCursor_ArraySubscriptExpr:
    if (ch.n != 2)
      fail_at(e, "unexpected array subscript");
    eval(ch.c[1], M_READ, fr, state);
    eval(ch.c[0], M_ADDR, fr, state);
    if (mode != M_ADDR && !type_is_array(clang_getCursorType(e)))
      record(*state, lvbase(e, fr), mode_fact(mode));
    return;
  case CXCursor_MemberRefExpr:
    if (ch.n != 1)
      return;
    if (type_is_pointer(clang_getCursorType(ch.c[0]))) {
      eval(ch.c[0], M_READ, fr, state);
      if (mode != M_ADDR && !type_is_array(clang_getCursorType(e)))
        record(*state, ptrbase(ch.c[0], fr), mode_fact(mode));
    } else {
      eval(ch.c[0], mode, fr, state);
    }
    return;
  case CXCursor_UnaryOperator: {
    char op[8];
    unop_spelling(e, op, sizeof op);
    if (ch.n != 1)
      return;
    if (strcmp(op, "*") == 0) {
      eval(ch.c[0], M_READ, fr, state);
      if (mode != M_ADDR && !type_is_array(clang_getCursorType(e)))
        record(*state, ptrbase(ch.c[0], fr), mode_fact(mode));
    } else if (strcmp(op, "&") == 0) {
      eval(ch.c[0], M_ADDR, fr, state);
    } else if (strstr(op, "++") || strstr(op, "--")) {
      eval(ch.c[0], M_RW, fr, state);
    } else {
      eval(ch.c[0], M_READ, fr, state);
    }
    return;
  }
  case CXCursor_BinaryOperator: {
    if (ch.n != 2)
      fail_at(e, "unexpected binary operator");
    char op[8];
    binop_spelling(e, ch.c[0], op, sizeof op);
    if (strcmp(op, "=") == 0) {
      eval(ch.c[1], M_READ, fr, state);
      eval(ch.c[0], M_WRITE, fr, state);
    } else {
      eval(ch.c[0], M_READ, fr, state);
      eval(ch.c[1], M_READ, fr, state);
    }
    return;
  }
  case CXCursor_CompoundAssignOperator:
    if (ch.n != 2)
      fail_at(e, "unexpected compound assignment");
    eval(ch.c[1], M_READ, fr, state);
    eval(ch.c[0], M_RW, fr, state);
    return;
  case CXCursor_ConditionalOperator:
    if (ch.n != 3)
      fail_at(e, "unexpected conditional operator");
    eval(ch.c[0], M_READ, fr, state);
    eval(ch.c[1], mode, fr, state);
    eval(ch.c[2], mode, fr, state);
    return;
  case CXCursor_CallExpr:
    eval_call(e, fr, state);
    return;
  case CXCursor_DeclRefExpr: {
    /* A program-scope variable used by name (`counter = 0`, `x = counter`)
     * is an access; arrays are accessed through subscripts only. */
    CXCursor d = clang_getCursorReferenced(e);
    if (mode != M_ADDR && clang_getCursorKind(d) == CXCursor_VarDecl &&
        !type_is_array(clang_getCursorType(d)) && !type_is_pointer(clang_getCursorType(d))) {
      int b = find_buffer(d);
      if (b >= 0)
        record(*state, (bits)1 << b, mode_fact(mode));
    }
    return;
  }
  case CXCursor_UnaryExpr: /* sizeof, alignof, vec_step: not evaluated */
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_StringLiteral:
    return;
  default:
    eval_all_children(e, M_READ, fr, state);
    return;
  }
}

/* ---- statements ---- */

/* Is the loop condition C a nonzero constant (`for (;;)`, `while (1)`)? */
static int const_true(CXCursor c) {
  c = strip(c);
  if (clang_getCursorKind(c) != CXCursor_IntegerLiteral)
    return 0;
  CXEvalResult r = clang_Cursor_Evaluate(c);
  int v = r && clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsInt(r) != 0;
  if (r)
    clang_EvalResult_dispose(r);
  return v;
}

static int int_constant(CXCursor c, long long *v) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  int ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok)
    *v = clang_EvalResult_getAsLongLong(r);
  if (r)
    clang_EvalResult_dispose(r);
  return ok;
}

/* `for (int i = C1; i < C2; ...)` with constants C1 < C2 (any of < <= > >=
 * !=): the condition holds on entry, so the loop cannot be skipped. */
static int first_iteration_runs(CXCursor init, CXCursor cond) {
  if (clang_Cursor_isNull(init) || clang_Cursor_isNull(cond))
    return 0;
  children_t ch;
  CXCursor var = clang_getNullCursor(), initval = clang_getNullCursor();
  if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
    children(init, &ch);
    if (ch.n != 1 || clang_getCursorKind(ch.c[0]) != CXCursor_VarDecl)
      return 0;
    var = ch.c[0];
    initval = clang_Cursor_getVarDeclInitializer(var);
  } else if (clang_getCursorKind(init) == CXCursor_BinaryOperator) {
    char op[8];
    expr_children(init, &ch);
    if (ch.n != 2)
      return 0;
    binop_spelling(init, ch.c[0], op, sizeof op);
    CXCursor lhs = strip(ch.c[0]);
    if (strcmp(op, "=") != 0 || clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
      return 0;
    var = clang_getCursorReferenced(lhs);
    initval = ch.c[1];
  } else {
    return 0;
  }
  long long c1, c2;
  if (clang_Cursor_isNull(initval) || !int_constant(initval, &c1))
    return 0;
  cond = strip(cond);
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
    return 0;
  expr_children(cond, &ch);
  if (ch.n != 2)
    return 0;
  CXCursor lhs = strip(ch.c[0]);
  if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr ||
      !same_decl(clang_getCursorReferenced(lhs), var) || !int_constant(ch.c[1], &c2))
    return 0;
  char op[8];
  binop_spelling(cond, ch.c[0], op, sizeof op);
  if (!strcmp(op, "<"))
    return c1 < c2;
  if (!strcmp(op, "<="))
    return c1 <= c2;
  if (!strcmp(op, ">"))
    return c1 > c2;
  if (!strcmp(op, ">="))
    return c1 >= c2;
  if (!strcmp(op, "!="))
    return c1 != c2;
  return 0;
}

/* Splits the children of a for statement into init, cond, inc and body
 * using the positions of the two semicolons of its header. */
static void for_parts(CXCursor f, CXCursor *init, CXCursor *cond, CXCursor *inc,
                      CXCursor *body) {
  children_t ch;
  children(f, &ch);
  *init = *cond = *inc = clang_getNullCursor();
  if (ch.n < 1)
    fail_at(f, "for statement without body");
  *body = ch.c[ch.n - 1];
  CXToken *toks;
  unsigned ntok;
  unsigned semi[2] = {0, 0}, nsemi = 0, depth = 0;
  clang_tokenize(g_tu, clang_getCursorExtent(f), &toks, &ntok);
  for (unsigned i = 0; i < ntok && nsemi < 2; i++) {
    CXString s = clang_getTokenSpelling(g_tu, toks[i]);
    const char *t = clang_getCString(s);
    if (strcmp(t, "(") == 0)
      depth++;
    else if (strcmp(t, ")") == 0)
      depth--;
    else if (strcmp(t, ";") == 0 && depth == 1)
      semi[nsemi++] = offset_of(clang_getRangeStart(clang_getTokenExtent(g_tu, toks[i])));
    clang_disposeString(s);
  }
  clang_disposeTokens(g_tu, toks, ntok);
  if (nsemi != 2)
    fail_at(f, "cannot parse for header");
  for (int i = 0; i < ch.n - 1; i++) {
    unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(ch.c[i])));
    if (off < semi[0])
      *init = ch.c[i];
    else if (off < semi[1])
      *cond = ch.c[i];
    else
      *inc = ch.c[i];
  }
}

/* The common loop: COND evaluated at the head (null: always true), BODY,
 * then INC, back to the head; DO_WHILE runs the body first. */
static void exec_loop(CXCursor cond, CXCursor body, CXCursor inc, int do_while, int first_true,
                      frame_t *fr, bits *state) {
  bits saved_brk = fr->brk, saved_cont = fr->cont;
  bits entry = *state, head = entry, brk_all = 0, exit_cond = 0, back = 0;
  int forever = clang_Cursor_isNull(cond) || const_true(cond);
  for (int round = 0;; round++) {
    if (round > 200)
      fail_at(body, "loop fixpoint does not converge");
    bits s = head;
    fr->brk = fr->cont = 0;
    if (!do_while && !clang_Cursor_isNull(cond))
      eval(cond, M_READ, fr, &s);
    if (!do_while && !forever)
      exit_cond |= first_true ? back : s;
    exec(body, fr, &s);
    s |= fr->cont;
    brk_all |= fr->brk;
    if (!clang_Cursor_isNull(inc))
      eval(inc, M_READ, fr, &s);
    back |= s;
    if (do_while) {
      if (!clang_Cursor_isNull(cond))
        eval(cond, M_READ, fr, &s);
      if (!forever)
        exit_cond |= s;
    }
    bits next = entry | s;
    if (next == head && round > 0)
      break;
    head = next;
  }
  if (!do_while && !forever && first_true)
    exit_cond = back; /* every state that came round the back edge */
  fr->brk = saved_brk;
  fr->cont = saved_cont;
  *state = exit_cond | brk_all;
}

static void exec(CXCursor s, frame_t *fr, bits *state) {
  enum CXCursorKind k = clang_getCursorKind(s);
  children_t ch;
  if (clang_isExpression(k)) {
    eval(s, M_READ, fr, state);
    return;
  }
  switch (k) {
  case CXCursor_CompoundStmt:
    children(s, &ch);
    for (int i = 0; i < ch.n; i++)
      exec(ch.c[i], fr, state);
    return;
  case CXCursor_DeclStmt:
    children(s, &ch);
    for (int i = 0; i < ch.n; i++) {
      if (clang_getCursorKind(ch.c[i]) != CXCursor_VarDecl)
        continue;
      CXCursor init = clang_Cursor_getVarDeclInitializer(ch.c[i]);
      if (!clang_Cursor_isNull(init))
        eval(init, type_is_pointer(clang_getCursorType(ch.c[i])) ? M_ADDR : M_READ, fr, state);
    }
    return;
  case CXCursor_IfStmt: {
    children(s, &ch);
    if (ch.n < 2)
      fail_at(s, "unexpected if statement");
    eval(ch.c[0], M_READ, fr, state);
    bits t = *state, f = *state;
    exec(ch.c[1], fr, &t);
    if (ch.n > 2)
      exec(ch.c[2], fr, &f);
    *state = t | f;
    return;
  }
  case CXCursor_ForStmt: {
    CXCursor init, cond, inc, body;
    for_parts(s, &init, &cond, &inc, &body);
    if (!clang_Cursor_isNull(init))
      exec(init, fr, state);
    exec_loop(cond, body, inc, 0, first_iteration_runs(init, cond), fr, state);
    return;
  }
  case CXCursor_WhileStmt:
    children(s, &ch);
    if (ch.n != 2)
      fail_at(s, "unexpected while statement");
    exec_loop(ch.c[0], ch.c[1], clang_getNullCursor(), 0, 0, fr, state);
    return;
  case CXCursor_DoStmt:
    children(s, &ch);
    if (ch.n != 2)
      fail_at(s, "unexpected do statement");
    exec_loop(ch.c[1], ch.c[0], clang_getNullCursor(), 1, 0, fr, state);
    return;
  case CXCursor_SwitchStmt: {
    children(s, &ch);
    if (ch.n != 2)
      fail_at(s, "unexpected switch statement");
    eval(ch.c[0], M_READ, fr, state);
    bits saved_brk = fr->brk, saved_entry = fr->switch_entry;
    bits entry = *state;
    fr->brk = 0;
    fr->switch_entry = entry;
    bits body = 0; /* nothing runs before the first label */
    exec(ch.c[1], fr, &body);
    /* Without a default label the switch can be skipped entirely. */
    int has_default = 0;
    children_t b;
    children(ch.c[1], &b);
    for (int i = 0; i < b.n; i++)
      if (clang_getCursorKind(b.c[i]) == CXCursor_DefaultStmt)
        has_default = 1;
    *state = body | fr->brk | (has_default ? 0 : entry);
    fr->brk = saved_brk;
    fr->switch_entry = saved_entry;
    return;
  }
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
    children(s, &ch);
    *state |= fr->switch_entry;
    if (ch.n > 0) /* the last child is the statement after the label */
      exec(ch.c[ch.n - 1], fr, state);
    return;
  case CXCursor_BreakStmt:
    fr->brk |= *state;
    *state = 0;
    return;
  case CXCursor_ContinueStmt:
    fr->cont |= *state;
    *state = 0;
    return;
  case CXCursor_ReturnStmt:
    expr_children(s, &ch);
    for (int i = 0; i < ch.n; i++)
      eval(ch.c[i], M_READ, fr, state);
    if (fr->parent)
      fr->ret |= *state;
    else
      kernel_returns(*state);
    *state = 0;
    return;
  case CXCursor_NullStmt:
    return;
  default: {
    CXString ks = clang_getCursorKindSpelling(k);
    char msg[256];
    snprintf(msg, sizeof msg, "unsupported statement %s", clang_getCString(ks));
    clang_disposeString(ks);
    fail_at(s, msg);
  }
  }
}

/* ---- kernels ---- */

static int is_kernel(CXCursor f) {
  children_t ch;
  children(f, &ch);
  for (int i = 0; i < ch.n; i++) {
    if (clang_getCursorKind(ch.c[i]) != CXCursor_UnexposedAttr)
      continue;
    CXToken *toks;
    unsigned ntok;
    int yes = 0;
    clang_tokenize(g_tu, clang_getCursorExtent(ch.c[i]), &toks, &ntok);
    if (ntok > 0) {
      CXString s = clang_getTokenSpelling(g_tu, toks[0]);
      yes = strcmp(clang_getCString(s), "kernel") == 0 ||
            strcmp(clang_getCString(s), "__kernel") == 0;
      clang_disposeString(s);
    }
    clang_disposeTokens(g_tu, toks, ntok);
    if (yes)
      return 1;
  }
  return 0;
}

static void add_buffer(const char *name, int arg, int space, CXCursor decl) {
  if (g_k->nbuf >= MAX_BUFFERS)
    fail("too many buffers in kernel %s", g_k->name);
  buffer_t *b = &g_k->buf[g_k->nbuf++];
  snprintf(b->name, sizeof b->name, "%s", name);
  b->arg = arg;
  b->space = space;
  b->decl = clang_getCanonicalCursor(decl);
}

typedef struct {
  const char *kernel;
} local_ctx;

static enum CXChildVisitResult local_array_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl && !type_is_pointer(clang_getCursorType(c)) &&
      space_of_type(clang_getCursorType(c)) == SP_WORKGROUP) {
    CXString n = clang_getCursorSpelling(c);
    char name[256];
    snprintf(name, sizeof name, "%s.%s", ((local_ctx *)d)->kernel, clang_getCString(n));
    clang_disposeString(n);
    add_buffer(name, -1, SP_WORKGROUP, c);
  }
  return CXChildVisit_Recurse;
}

typedef struct {
  CXCursor c[256];
  int n;
} cursor_list;

static const char *role_name(unsigned f, int earlier) {
  if (f & F_A)
    return "accumulate";
  if ((f & F_W) && earlier)
    return "accumulate";
  if ((f & F_R) && (f & F_W))
    return "readwrite";
  if (f & F_W)
    return "write";
  if (f & F_R)
    return "read";
  return "none";
}

static const char *space_name(int sp) {
  return sp == SP_GLOBAL ? "global" : sp == SP_CONSTANT ? "constant" : "workgroup";
}

static void analyse_kernel(CXCursor f, cursor_list *globals, int first) {
  kernel_t *k = calloc(1, sizeof *k);
  if (!k)
    fail("out of memory");
  g_k = k;
  CXString ns = clang_getCursorSpelling(f);
  char kname[256];
  snprintf(kname, sizeof kname, "%s", clang_getCString(ns));
  clang_disposeString(ns);
  k->name = kname;

  /* Buffers: pointer arguments in global, constant or local space, in order;
   * then the kernel's local arrays; then program-scope global variables. */
  int np = clang_Cursor_getNumArguments(f);
  for (int i = 0; i < np; i++) {
    CXCursor p = clang_Cursor_getArgument(f, i);
    CXType t = clang_getCursorType(p);
    if (!type_is_pointer(t))
      continue;
    int sp = space_of_type(clang_getPointeeType(t));
    if (sp < 0)
      continue;
    CXString pn = clang_getCursorSpelling(p);
    add_buffer(clang_getCString(pn), i, sp, p);
    clang_disposeString(pn);
  }
  children_t ch;
  children(f, &ch);
  CXCursor body = clang_getNullCursor();
  for (int i = 0; i < ch.n; i++)
    if (clang_getCursorKind(ch.c[i]) == CXCursor_CompoundStmt)
      body = ch.c[i];
  if (clang_Cursor_isNull(body))
    fail_at(f, "kernel without a body");
  local_ctx lc = {kname};
  clang_visitChildren(body, local_array_visitor, &lc);
  for (int i = 0; i < globals->n; i++) {
    CXString gn = clang_getCursorSpelling(globals->c[i]);
    add_buffer(clang_getCString(gn), -1, SP_GLOBAL, globals->c[i]);
    clang_disposeString(gn);
  }

  /* Walk the body. */
  frame_t *fr = calloc(1, sizeof *fr);
  if (!fr)
    fail("out of memory");
  fr->func = f;
  k->nseg = 1;
  bits state = 1;
  compute_aliases(fr, body);
  exec(body, fr, &state);
  kernel_returns(state);
  free(fr);

  /* reach[t]: segments reachable from t in one or more steps. */
  bits reach[MAX_SEGMENTS];
  for (int s = 0; s < k->nseg; s++)
    reach[s] = k->seg[s].succ;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int s = 0; s < k->nseg; s++) {
      bits r = reach[s];
      for (int t = 0; t < k->nseg; t++)
        if (reach[s] & ((bits)1 << t))
          r |= reach[t];
      if (r != reach[s]) {
        reach[s] = r;
        changed = 1;
      }
    }
  }

  printf("%s\n    {\"name\": \"%s\",\n     \"buffers\": [", first ? "" : ",", kname);
  for (int b = 0; b < k->nbuf; b++) {
    int host_in = 0, host_out = 0;
    if (k->buf[b].space != SP_WORKGROUP) {
      for (int s = 0; s < k->nseg; s++)
        if (k->seg[s].facts[b] & (F_W | F_A))
          host_out = 1;
      /* Paths from segment 0 that have not written b yet. */
      bits seen = 1, work = 1;
      while (work) {
        int s = __builtin_ctzll(work);
        work &= work - 1;
        unsigned fb = k->seg[s].facts[b];
        if (fb & (F_R | F_A))
          host_in = 1;
        if (fb & (F_W | F_A))
          continue;
        bits nx = k->seg[s].succ & ~seen;
        seen |= nx;
        work |= nx;
      }
      if (k->buf[b].space == SP_CONSTANT)
        host_in = 1;
    }
    printf("%s\n       {\"name\": \"%s\", \"arg\": ", b ? "," : "", k->buf[b].name);
    if (k->buf[b].arg >= 0)
      printf("%d", k->buf[b].arg);
    else
      printf("null");
    printf(", \"space\": \"%s\", \"host_input\": %s, \"host_output\": %s}",
           space_name(k->buf[b].space), host_in ? "true" : "false", host_out ? "true" : "false");
  }
  printf("],\n     \"segments\": [");
  for (int s = 0; s < k->nseg; s++) {
    segment_t *sg = &k->seg[s];
    printf("%s\n       {\"index\": %d, \"location\": ", s ? "," : "", s);
    if (s == 0)
      printf("null");
    else
      printf("\"%s:%u:%u\"", g_file_base, sg->line, sg->col);
    printf(", \"successors\": [");
    int n = 0;
    for (int t = 0; t < k->nseg; t++)
      if (sg->succ & ((bits)1 << t))
        printf("%s%d", n++ ? ", " : "", t);
    if (sg->succ_end)
      printf("%s-1", n++ ? ", " : "");
    printf("],\n        \"buffers\": [");
    n = 0;
    for (int b = 0; b < k->nbuf; b++) {
      unsigned fb = sg->facts[b];
      if (!fb)
        continue;
      int earlier = 0;
      for (int t = 0; t < k->nseg; t++)
        if ((k->seg[t].facts[b] & (F_W | F_A)) && (reach[t] & ((bits)1 << s)))
          earlier = 1;
      printf("%s\n          {\"name\": \"%s\", \"role\": \"%s\", \"atomic\": %s, "
             "\"read\": %s, \"write\": %s}",
             n++ ? "," : "", k->buf[b].name, role_name(fb, earlier),
             fb & F_A ? "true" : "false", fb & F_R ? "true" : "false",
             fb & F_W ? "true" : "false");
    }
    printf("]}");
  }
  printf("]}");
  free(k);
  g_k = NULL;
}

typedef struct {
  cursor_list kernels, globals;
} tu_scan;

static enum CXChildVisitResult top_visitor(CXCursor c, CXCursor parent, CXClientData d) {
  tu_scan *ts = d;
  (void)parent;
  if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && is_kernel(c)) {
    if (ts->kernels.n < 256)
      ts->kernels.c[ts->kernels.n++] = c;
  } else if (k == CXCursor_VarDecl && !type_is_pointer(clang_getCursorType(c)) &&
             space_of_type(clang_getCursorType(c)) == SP_GLOBAL) {
    if (ts->globals.n < 256)
      ts->globals.c[ts->globals.n++] = c;
  }
  return CXChildVisit_Continue;
}

static void usage(void) {
  fprintf(stderr, "usage: gs-oracle [--resource-dir DIR] [--barrier NAME]... FILE.cl "
                  "[-- CLANG-ARGS...]\n");
  exit(2);
}

int main(int argc, char **argv) {
  const char *resource = GS_ORACLE_RESOURCE_DIR;
  const char *file = NULL;
  const char *args[128];
  int nargs = 0;
  int i;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--resource-dir") == 0 && i + 1 < argc)
      resource = argv[++i];
    else if (strcmp(argv[i], "--barrier") == 0 && i + 1 < argc) {
      if (g_nbarriers < 16)
        g_barriers[g_nbarriers++] = argv[++i];
    } else if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    } else if (argv[i][0] == '-')
      usage();
    else if (!file)
      file = argv[i];
    else
      usage();
  }
  if (!file)
    usage();
  static char inc[4096];
  args[nargs++] = "-x";
  args[nargs++] = "cl";
  args[nargs++] = "-cl-std=CL2.0";
  args[nargs++] = "-Xclang";
  args[nargs++] = "-finclude-default-header";
  args[nargs++] = "-target";
  args[nargs++] = "spir64";
  if (resource[0]) {
    /* libclang does not find the OpenCL headers of the resource directory on
     * its own. */
    snprintf(inc, sizeof inc, "%s/include", resource);
    args[nargs++] = "-resource-dir";
    args[nargs++] = resource;
    args[nargs++] = "-isystem";
    args[nargs++] = inc;
  }
  for (; i < argc && nargs < 120; i++)
    args[nargs++] = argv[i];

  g_file_base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  CXIndex idx = clang_createIndex(0, 0);
  g_tu = clang_parseTranslationUnit(idx, file, args, nargs, NULL, 0, CXTranslationUnit_None);
  if (!g_tu)
    fail("%s: cannot parse", file);
  for (unsigned d = 0; d < clang_getNumDiagnostics(g_tu); d++) {
    CXDiagnostic dg = clang_getDiagnostic(g_tu, d);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
    if (sev >= CXDiagnostic_Error) {
      CXString s = clang_formatDiagnostic(dg, clang_defaultDiagnosticDisplayOptions());
      fprintf(stderr, "%s\n", clang_getCString(s));
      clang_disposeString(s);
      g_errors++;
    }
    clang_disposeDiagnostic(dg);
  }
  if (g_errors)
    fail("%s: %d compile error(s)", file, g_errors);

  tu_scan *ts = calloc(1, sizeof *ts);
  if (!ts)
    fail("out of memory");
  clang_visitChildren(clang_getTranslationUnitCursor(g_tu), top_visitor, ts);
  printf("{\"format\": \"gs-oracle\", \"version\": 1, \"module\": \"%s\",\n \"kernels\": [",
         g_file_base);
  for (int k = 0; k < ts->kernels.n; k++)
    analyse_kernel(ts->kernels.c[k], &ts->globals, k == 0);
  printf("]}\n");
  free(ts);
  clang_disposeTranslationUnit(g_tu);
  clang_disposeIndex(idx);
  return 0;
}
