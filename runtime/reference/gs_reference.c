/* gs-reference: runs an OpenCL C kernel that calls gridsplit_grid_sync() on
 * the host CPU, one POSIX thread per invocation, with a real grid barrier. It
 * is the independent reference that `gridsplit run --check` (runtime/
 * selfcheck.c) and the end-to-end tests compare the split against (SPEC.md
 * section 5; STYLE.md "Tests that run kernels compare exact bytes with an
 * independent reference"). It shares no code with the split.
 *
 *   gs-reference --grid X[,Y,Z] --workgroup X[,Y,Z] [--kernel NAME]
 *                [--out DIR] [--source FILE.cl] KERNEL.so ARG...
 *
 * KERNEL.so is the kernel compiled for x86_64 by the clang of the LLVM this
 * is built with (whose builtins object, gs_builtins.cl, is compiled by the
 * same clang, so that the mangled names agree; run_e2e.py shows the command); the parameter names and types come from the OpenCL C source
 * (--source, default KERNEL.so with .cl), parsed with libclang. ARGs use the
 * syntax of `gridsplit run`: NAME=@FILE, NAME=zeros:BYTES, NAME=local:BYTES,
 * NAME=VALUE. Afterwards every global pointer argument whose pointee is not
 * const, and every program-scope global variable, is written to DIR/NAME.bin,
 * and DIR/reference.manifest says which of them the run changed.
 *
 * How the OpenCL execution model maps onto threads:
 * - ids live in thread-local storage; gs_builtins.cl reads them;
 * - a barrier (grid or workgroup) is a mutex + condition variable with a
 *   generation counter whose participant count drops when an invocation
 *   returns: an invocation that returned no longer takes part (SPEC.md 1);
 * - kernel-scope `local` arrays are globals of the object, so every
 *   workgroup gets its own copy of the object (the .so is copied to one file
 *   per workgroup and each copy dlopen'ed); program-scope `global` variables
 *   must be shared by all, and are: the first copy is loaded RTLD_GLOBAL and
 *   the others bind to its definitions through their GOT (ELF interposition);
 * - `local` pointer arguments get one allocation per workgroup. */
#define _GNU_SOURCE
#include <clang-c/Index.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- errors ------------------------------------------------------------- */

static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("gs-reference: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    fail("out of memory");
  return p;
}

static char *xstrdup(const char *s) {
  char *p = strdup(s);
  if (!p)
    fail("out of memory");
  return p;
}

/* ---- kernel signature from the source (libclang) ------------------------ */

/* clang_getAddressSpace returns clang's LangAS for OpenCL spaces. */
enum { AS_GLOBAL = 1, AS_LOCAL = 2, AS_CONSTANT = 3 };

enum param_kind { PARAM_GLOBAL_PTR, PARAM_CONSTANT_PTR, PARAM_LOCAL_PTR, PARAM_SCALAR };
enum scalar_type { S_I8, S_U8, S_I16, S_U16, S_I32, S_U32, S_I64, S_U64, S_F32, S_F64 };

struct param {
  char *name;
  char *element; /* pointee or scalar type, canonical spelling, no spaces */
  enum param_kind kind;
  bool pointee_const;
  enum scalar_type scalar;
};

struct kernel_sig {
  char *name;
  struct param *params;
  unsigned nparams;
  bool has_local_vars; /* kernel-scope `local` variables */
};

struct program_global {
  char *name;
  char *element;
  size_t bytes;
};

struct source_info {
  struct kernel_sig kernels[64];
  unsigned nkernels;
  struct program_global globals[64];
  unsigned nglobals;
};

static char *cx_string(CXString s) {
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

/* The canonical spelling of t's element type without qualifiers or address
 * space, spaces replaced by '_' ("float", "unsigned_int", "struct_particle"). */
static char *element_spelling(CXType t) {
  CXType c = clang_getCanonicalType(t);
  if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
    c = clang_getCanonicalType(clang_getArrayElementType(c));
  char *s = cx_string(clang_getTypeSpelling(c));
  static const char *drop[] = {"const ", "volatile ", "__global ", "__local ",
                               "__constant ", "__private ", "__generic ", "restrict "};
  for (unsigned d = 0; d < sizeof drop / sizeof *drop; ++d) {
    char *at;
    size_t n = strlen(drop[d]);
    while ((at = strstr(s, drop[d])))
      memmove(at, at + n, strlen(at + n) + 1);
  }
  for (char *c2 = s; *c2; ++c2)
    if (*c2 == ' ')
      *c2 = '_';
  return s;
}

static bool is_kernel_function(CXTranslationUnit tu, CXCursor fn) {
  CXToken *tokens;
  unsigned ntokens;
  char *name = cx_string(clang_getCursorSpelling(fn));
  bool kernel = false;
  clang_tokenize(tu, clang_getCursorExtent(fn), &tokens, &ntokens);
  for (unsigned i = 0; i < ntokens; ++i) {
    char *t = cx_string(clang_getTokenSpelling(tu, tokens[i]));
    bool stop = strcmp(t, name) == 0;
    if (strcmp(t, "kernel") == 0 || strcmp(t, "__kernel") == 0)
      kernel = true;
    free(t);
    if (stop)
      break;
  }
  clang_disposeTokens(tu, tokens, ntokens);
  free(name);
  return kernel;
}

static bool scalar_of(CXType t, enum scalar_type *out) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Char_S: case CXType_SChar: *out = S_I8; return true;
  case CXType_Char_U: case CXType_UChar: case CXType_Bool: *out = S_U8; return true;
  case CXType_Short: *out = S_I16; return true;
  case CXType_UShort: *out = S_U16; return true;
  case CXType_Int: *out = S_I32; return true;
  case CXType_UInt: *out = S_U32; return true;
  case CXType_Long: case CXType_LongLong: *out = S_I64; return true;
  case CXType_ULong: case CXType_ULongLong: *out = S_U64; return true;
  case CXType_Float: *out = S_F32; return true;
  case CXType_Double: *out = S_F64; return true;
  default: return false;
  }
}

static enum CXChildVisitResult find_local_vars(CXCursor c, CXCursor parent,
                                               CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl) {
    CXType t = clang_getCursorType(c);
    if (t.kind != CXType_Invalid && clang_getAddressSpace(t) == AS_LOCAL)
      *(bool *)data = true;
  }
  return CXChildVisit_Recurse;
}

struct visit_state {
  CXTranslationUnit tu;
  struct source_info *info;
};

static void read_kernel(CXTranslationUnit tu, CXCursor fn, struct kernel_sig *k) {
  int n = clang_Cursor_getNumArguments(fn);
  k->name = cx_string(clang_getCursorSpelling(fn));
  k->nparams = n < 0 ? 0 : (unsigned)n;
  k->params = xcalloc(k->nparams, sizeof *k->params);
  for (unsigned i = 0; i < k->nparams; ++i) {
    CXCursor arg = clang_Cursor_getArgument(fn, i);
    CXType t = clang_getCursorType(arg);
    struct param *p = &k->params[i];
    p->name = cx_string(clang_getCursorSpelling(arg));
    if (!p->name[0]) {
      free(p->name);
      p->name = xcalloc(16, 1);
      snprintf(p->name, 16, "arg%u", i); /* SPEC.md 3: unnamed arguments */
    }
    if (clang_getCanonicalType(t).kind == CXType_Pointer) {
      CXType pointee = clang_getPointeeType(clang_getCanonicalType(t));
      p->element = element_spelling(pointee);
      unsigned as = clang_getAddressSpace(pointee);
      p->pointee_const = clang_isConstQualifiedType(pointee);
      if (as == AS_GLOBAL)
        p->kind = PARAM_GLOBAL_PTR;
      else if (as == AS_CONSTANT)
        p->kind = PARAM_CONSTANT_PTR;
      else if (as == AS_LOCAL)
        p->kind = PARAM_LOCAL_PTR;
      else
        fail("%s: parameter %s: pointer in an unsupported address space",
             k->name, p->name);
    } else if (scalar_of(t, &p->scalar)) {
      p->kind = PARAM_SCALAR;
      p->element = element_spelling(t);
    } else {
      char *ts = cx_string(clang_getTypeSpelling(t));
      fail("%s: parameter %s: unsupported type %s", k->name, p->name, ts);
    }
  }
  clang_visitChildren(fn, find_local_vars, &k->has_local_vars);
  (void)tu;
}

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct visit_state *st = data;
  (void)parent;
  if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (kind == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      is_kernel_function(st->tu, c)) {
    if (st->info->nkernels == 64)
      fail("too many kernels");
    read_kernel(st->tu, c, &st->info->kernels[st->info->nkernels++]);
  } else if (kind == CXCursor_VarDecl) {
    CXType t = clang_getCursorType(c);
    if (t.kind != CXType_Invalid && clang_getAddressSpace(t) == AS_GLOBAL &&
        !clang_isConstQualifiedType(t) &&
        clang_Cursor_getStorageClass(c) != CX_SC_Extern) {
      if (st->info->nglobals == 64)
        fail("too many program-scope globals");
      struct program_global *g = &st->info->globals[st->info->nglobals++];
      g->name = cx_string(clang_getCursorSpelling(c));
      g->bytes = (size_t)clang_Type_getSizeOf(t);
      g->element = element_spelling(t);
    }
  }
  return CXChildVisit_Continue;
}

#ifndef GS_REFERENCE_RESOURCE_DIR
#define GS_REFERENCE_RESOURCE_DIR ""
#endif

static void read_source(const char *path, struct source_info *info) {
  const char *args[16] = {"-x", "cl", "-cl-std=CL2.0", "-Xclang",
                          "-finclude-default-header", "-target",
                          "x86_64-unknown-linux-gnu"};
  int nargs = 7;
  char include[PATH_MAX];
  if (GS_REFERENCE_RESOURCE_DIR[0]) {
    /* libclang does not always find the OpenCL headers of its resource
     * directory by itself; name it (as test/oracle does). */
    snprintf(include, sizeof include, "%s/include", GS_REFERENCE_RESOURCE_DIR);
    args[nargs++] = "-resource-dir";
    args[nargs++] = GS_REFERENCE_RESOURCE_DIR;
    args[nargs++] = "-isystem";
    args[nargs++] = include;
  }
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = clang_parseTranslationUnit(index, path, args, nargs, NULL,
                                                    0, CXTranslationUnit_None);
  if (!tu)
    fail("%s: libclang could not parse the file", path);
  unsigned errors = 0;
  for (unsigned i = 0; i < clang_getNumDiagnostics(tu); ++i) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      char *msg = cx_string(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions()));
      fprintf(stderr, "%s\n", msg);
      free(msg);
      ++errors;
    }
    clang_disposeDiagnostic(d);
  }
  if (errors)
    fail("%s: %u error(s) while reading the kernel signatures", path, errors);
  struct visit_state st = {tu, info};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &st);
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
}

/* ---- barriers ------------------------------------------------------------ */

/* A barrier whose participant count drops when an invocation returns, so
 * that returned invocations are no longer waited for. `site` records where
 * the first arrival of a generation called from (offset in the kernel
 * object); a later arrival from elsewhere is a divergent barrier. */
struct barrier {
  pthread_mutex_t mutex;
  pthread_cond_t cond;
  unsigned participants;
  unsigned arrived;
  unsigned long generation;
  uintptr_t site;
  bool diverged;
};

static void barrier_init(struct barrier *b, unsigned participants) {
  pthread_mutex_init(&b->mutex, NULL);
  pthread_cond_init(&b->cond, NULL);
  b->participants = participants;
  b->arrived = 0;
  b->generation = 0;
  b->diverged = false;
}

static void barrier_release(struct barrier *b) {
  b->arrived = 0;
  ++b->generation;
  pthread_cond_broadcast(&b->cond);
}

static void barrier_wait(struct barrier *b, uintptr_t site) {
  pthread_mutex_lock(&b->mutex);
  if (b->arrived == 0)
    b->site = site;
  else if (b->site != site)
    b->diverged = true;
  if (++b->arrived == b->participants) {
    barrier_release(b);
  } else {
    unsigned long generation = b->generation;
    while (generation == b->generation)
      pthread_cond_wait(&b->cond, &b->mutex);
  }
  pthread_mutex_unlock(&b->mutex);
}

static void barrier_leave(struct barrier *b) {
  pthread_mutex_lock(&b->mutex);
  --b->participants;
  if (b->arrived > 0 && b->arrived == b->participants)
    barrier_release(b);
  pthread_mutex_unlock(&b->mutex);
}

/* ---- the dispatch ---------------------------------------------------------- */

struct workgroup {
  size_t id[3];
  size_t size[3];
  unsigned count;
  struct barrier barrier;
  void (*kernel)(void);
  uintptr_t module_base;
  void **local_args; /* per parameter; NULL unless a local pointer */
};

struct invocation {
  struct workgroup *wg;
  size_t local_id[3];
  size_t global_id[3];
};

static unsigned work_dim;
static size_t global_size[3] = {1, 1, 1};
static size_t local_size[3] = {1, 1, 1};
static size_t num_groups[3] = {1, 1, 1};
static struct barrier grid_barrier;
static const struct kernel_sig *kernel;
static uint64_t *arg_slots; /* per parameter, shared ones; local: per group */
static _Thread_local struct invocation *self;

enum gs_query { /* keep in step with gs_builtins.cl */
  GS_WORK_DIM, GS_GLOBAL_SIZE, GS_GLOBAL_ID, GS_LOCAL_SIZE,
  GS_ENQUEUED_LOCAL_SIZE, GS_LOCAL_ID, GS_NUM_GROUPS, GS_GROUP_ID,
  GS_GLOBAL_OFFSET, GS_GLOBAL_LINEAR_ID, GS_LOCAL_LINEAR_ID
};

size_t gs_rt_query(int what, unsigned dim);
size_t gs_rt_query(int what, unsigned dim) {
  const struct invocation *me = self;
  /* OpenCL C 2.0 section 6.13.1: out-of-range dimensions give 0 for ids and
   * 1 for sizes. */
  bool in_range = dim < work_dim;
  switch (what) {
  case GS_WORK_DIM: return work_dim;
  case GS_GLOBAL_SIZE: return in_range ? global_size[dim] : 1;
  case GS_GLOBAL_ID: return in_range ? me->global_id[dim] : 0;
  case GS_LOCAL_SIZE: return in_range ? me->wg->size[dim] : 1;
  case GS_ENQUEUED_LOCAL_SIZE: return in_range ? local_size[dim] : 1;
  case GS_LOCAL_ID: return in_range ? me->local_id[dim] : 0;
  case GS_NUM_GROUPS: return in_range ? num_groups[dim] : 1;
  case GS_GROUP_ID: return in_range ? me->wg->id[dim] : 0;
  case GS_GLOBAL_OFFSET: return 0;
  case GS_GLOBAL_LINEAR_ID:
    return (me->global_id[2] * global_size[1] + me->global_id[1]) * global_size[0] +
           me->global_id[0];
  case GS_LOCAL_LINEAR_ID:
    return (me->local_id[2] * me->wg->size[1] + me->local_id[1]) * me->wg->size[0] +
           me->local_id[0];
  }
  return 0;
}

/* The barriers are defined here, under the names clang mangles for
 * x86_64, so that __builtin_return_address(0) is the kernel's call site. */
void gridsplit_grid_sync(void);
void gridsplit_grid_sync(void) {
  barrier_wait(&grid_barrier,
               (uintptr_t)__builtin_return_address(0) - self->wg->module_base);
}

static void workgroup_barrier(uintptr_t ret) {
  barrier_wait(&self->wg->barrier, ret - self->wg->module_base);
}

void _Z7barrierj(unsigned flags);
void _Z7barrierj(unsigned flags) {
  (void)flags;
  workgroup_barrier((uintptr_t)__builtin_return_address(0));
}
void _Z18work_group_barrierj(unsigned flags);
void _Z18work_group_barrierj(unsigned flags) {
  (void)flags;
  workgroup_barrier((uintptr_t)__builtin_return_address(0));
}
void _Z18work_group_barrierj12memory_scope(unsigned flags, int scope);
void _Z18work_group_barrierj12memory_scope(unsigned flags, int scope) {
  (void)flags;
  (void)scope;
  workgroup_barrier((uintptr_t)__builtin_return_address(0));
}

/* Calling a kernel of any signature without libffi. In the x86-64 SysV ABI
 * (section 3.2.3) pointers and integers take the next of rdi, rsi, rdx, rcx,
 * r8, r9, floats and doubles the next of xmm0-xmm7, and whatever does not fit
 * goes to the stack, one eightbyte per argument, in argument order. A
 * function type with six integer, eight double and sixteen integer
 * parameters therefore places any mix of up to that many arguments where the
 * kernel looks for them. A float is passed as the double whose low 32 bits
 * are the float's bits: the callee reads only those. */
#define MAX_STACK_ARGS 16
typedef void (*kernel_call)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                            uint64_t, double, double, double, double, double,
                            double, double, double, uint64_t, uint64_t, uint64_t,
                            uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                            uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                            uint64_t, uint64_t, uint64_t);

static bool is_sse(const struct param *p) {
  return p->kind == PARAM_SCALAR && (p->scalar == S_F32 || p->scalar == S_F64);
}

static double as_double(uint64_t bits) {
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static void call_kernel(struct workgroup *wg) {
  uint64_t gp[6] = {0}, stack[MAX_STACK_ARGS] = {0};
  double xmm[8] = {0};
  unsigned ngp = 0, nxmm = 0, nstack = 0;
  for (unsigned i = 0; i < kernel->nparams; ++i) {
    const struct param *p = &kernel->params[i];
    uint64_t v = p->kind == PARAM_LOCAL_PTR ? (uint64_t)(uintptr_t)wg->local_args[i]
                                            : arg_slots[i];
    if (is_sse(p) && nxmm < 8)
      xmm[nxmm++] = as_double(v);
    else if (!is_sse(p) && ngp < 6)
      gp[ngp++] = v;
    else
      stack[nstack++] = v; /* checked against MAX_STACK_ARGS in main */
  }
  kernel_call f = (kernel_call)wg->kernel;
  f(gp[0], gp[1], gp[2], gp[3], gp[4], gp[5], xmm[0], xmm[1], xmm[2], xmm[3],
    xmm[4], xmm[5], xmm[6], xmm[7], stack[0], stack[1], stack[2], stack[3],
    stack[4], stack[5], stack[6], stack[7], stack[8], stack[9], stack[10],
    stack[11], stack[12], stack[13], stack[14], stack[15]);
}

static void *invocation_main(void *arg) {
  self = arg;
  call_kernel(self->wg);
  /* Returned: no barrier waits for this invocation any more. */
  barrier_leave(&self->wg->barrier);
  barrier_leave(&grid_barrier);
  return NULL;
}

/* ---- command line ------------------------------------------------------------ */

static unsigned parse_dims(const char *text, size_t out[3], const char *what) {
  unsigned n = 0;
  const char *s = text;
  while (n < 3) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno || v == 0 || (*end && *end != ','))
      fail("%s: expected X[,Y,Z] of positive integers, got '%s'", what, text);
    out[n++] = (size_t)v;
    if (!*end)
      return n;
    s = end + 1;
  }
  fail("%s: at most three dimensions, got '%s'", what, text);
  return 0;
}

static void *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fail("%s: %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *data = xcalloc((size_t)n + 1, 1);
  if (n > 0 && fread(data, 1, (size_t)n, f) != (size_t)n)
    fail("%s: read error", path);
  fclose(f);
  *size = (size_t)n;
  return data;
}

static void write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f))
    fail("%s: cannot write: %s", path, strerror(errno));
}

static uint64_t parse_scalar(const struct param *p, const char *text) {
  char *end;
  errno = 0;
  uint64_t bits = 0;
  if (p->scalar == S_F32) {
    float f = strtof(text, &end);
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    bits = u;
  } else if (p->scalar == S_F64) {
    double d = strtod(text, &end);
    memcpy(&bits, &d, sizeof bits);
  } else if (p->scalar == S_I8 || p->scalar == S_I16 || p->scalar == S_I32 ||
             p->scalar == S_I64) {
    long long v = strtoll(text, &end, 0);
    long long lo = p->scalar == S_I8 ? SCHAR_MIN : p->scalar == S_I16 ? SHRT_MIN
                 : p->scalar == S_I32 ? INT_MIN : LLONG_MIN;
    long long hi = p->scalar == S_I8 ? SCHAR_MAX : p->scalar == S_I16 ? SHRT_MAX
                 : p->scalar == S_I32 ? INT_MAX : LLONG_MAX;
    if (v < lo || v > hi)
      errno = ERANGE;
    bits = (uint64_t)v; /* sign-extended into the eightbyte */
  } else {
    if (text[0] == '-')
      errno = ERANGE;
    unsigned long long v = strtoull(text, &end, 0);
    unsigned long long hi = p->scalar == S_U8 ? UCHAR_MAX : p->scalar == S_U16 ? USHRT_MAX
                          : p->scalar == S_U32 ? UINT_MAX : ULLONG_MAX;
    if (v > hi)
      errno = ERANGE;
    bits = v;
  }
  if (end == text || *end || errno)
    fail("argument %s: '%s' is not a value of the parameter's type", p->name, text);
  return bits;
}

/* Guard bytes after every buffer: a kernel that writes past the end of a
 * buffer is reported instead of silently corrupting the heap. */
enum { GUARD = 256, GUARD_BYTE = 0xA5 };

struct buffer {
  unsigned char *data; /* NULL for scalars and local pointers */
  size_t bytes;
  unsigned char *initial;
  size_t local_bytes; /* local:BYTES */
};

static void usage(FILE *to) {
  fputs("usage: gs-reference --grid X[,Y,Z] --workgroup X[,Y,Z] [--kernel NAME]\n"
        "                    [--out DIR] [--source FILE.cl] [--timeout SEC]\n"
        "                    KERNEL.so NAME=@FILE|zeros:BYTES|local:BYTES|VALUE...\n"
        "\n"
        "Runs the kernel in KERNEL.so (OpenCL C compiled for x86_64 by the clang of\n"
        "the LLVM gs-reference was built with:\n"
        "  clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header\n"
        "        -target x86_64-unknown-linux-gnu -O0 -fPIC -shared\n"
        "        -Wl,-Bsymbolic-functions K.cl -o K.so)\n"
        "with one thread per invocation and a real grid barrier, then writes every\n"
        "non-const global buffer and program-scope global to DIR/NAME.bin\n"
        "(default DIR gs-reference-out) and DIR/reference.manifest.\n",
        to);
}

/* --signature FILE.cl: one line per parameter and program-scope global,
 * `NAME KIND ELEMENT-TYPE`, for run_e2e.py (element types for its diffs). */
static int print_signature(const char *path, const char *kernel_name) {
  static struct source_info info;
  static const char *kinds[] = {"global", "constant", "local", "scalar"};
  read_source(path, &info);
  for (unsigned i = 0; i < info.nkernels; ++i) {
    const struct kernel_sig *k = &info.kernels[i];
    if (kernel_name && strcmp(k->name, kernel_name))
      continue;
    printf("kernel %s\n", k->name);
    for (unsigned j = 0; j < k->nparams; ++j)
      printf("param %s %s%s %s\n", k->params[j].name, kinds[k->params[j].kind],
             k->params[j].pointee_const ? "-const" : "", k->params[j].element);
  }
  for (unsigned g = 0; g < info.nglobals; ++g)
    printf("global %s %zu %s\n", info.globals[g].name, info.globals[g].bytes,
           info.globals[g].element);
  return 0;
}

static void on_timeout(int sig) {
  (void)sig;
  static const char msg[] = "gs-reference: error: timed out (a barrier that never completes?)\n";
  ssize_t r = write(2, msg, sizeof msg - 1);
  (void)r;
  _exit(3);
}

int main(int argc, char **argv) {
  const char *grid_text = NULL, *wg_text = NULL, *kernel_name = NULL;
  const char *out_dir = "gs-reference-out", *source = NULL, *object = NULL;
  const char *signature_of = NULL;
  unsigned timeout = 300;
  int first_arg = argc;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    bool has_value = i + 1 < argc;
    if (!strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--grid") && has_value) {
      grid_text = argv[++i];
    } else if (!strcmp(a, "--workgroup") && has_value) {
      wg_text = argv[++i];
    } else if (!strcmp(a, "--kernel") && has_value) {
      kernel_name = argv[++i];
    } else if (!strcmp(a, "--out") && has_value) {
      out_dir = argv[++i];
    } else if (!strcmp(a, "--source") && has_value) {
      source = argv[++i];
    } else if (!strcmp(a, "--signature") && has_value) {
      signature_of = argv[++i];
    } else if (!strcmp(a, "--timeout") && has_value) {
      timeout = (unsigned)strtoul(argv[++i], NULL, 10);
    } else if (a[0] == '-') {
      usage(stderr);
      return 2;
    } else {
      object = a;
      first_arg = i + 1;
      break;
    }
  }
  if (signature_of)
    return print_signature(signature_of, kernel_name);
  if (!grid_text || !wg_text || !object) {
    usage(stderr);
    return 2;
  }

  work_dim = parse_dims(grid_text, global_size, "--grid");
  if (parse_dims(wg_text, local_size, "--workgroup") != work_dim)
    fail("--grid and --workgroup have different numbers of dimensions");
  size_t total = 1, groups = 1;
  for (unsigned d = 0; d < 3; ++d) {
    num_groups[d] = (global_size[d] + local_size[d] - 1) / local_size[d];
    total *= global_size[d];
    groups *= num_groups[d];
  }
  if (total > 65536)
    fail("grid of %zu invocations: one thread each is too many (at most 65536)", total);

  /* The signature. */
  char *source_path;
  if (source) {
    source_path = xstrdup(source);
  } else {
    size_t n = strlen(object);
    source_path = xcalloc(n + 4, 1);
    memcpy(source_path, object, n);
    char *dot = strrchr(source_path, '.');
    strcpy(dot && !strchr(dot, '/') ? dot : source_path + n, ".cl");
  }
  static struct source_info info;
  read_source(source_path, &info);
  if (kernel_name) {
    for (unsigned i = 0; i < info.nkernels; ++i)
      if (!strcmp(info.kernels[i].name, kernel_name))
        kernel = &info.kernels[i];
    if (!kernel)
      fail("%s: no kernel named %s", source_path, kernel_name);
  } else if (info.nkernels == 1) {
    kernel = &info.kernels[0];
  } else {
    fail("%s: %u kernels; choose one with --kernel", source_path, info.nkernels);
  }
  unsigned ngp = 0, nxmm = 0, nstack = 0;
  for (unsigned i = 0; i < kernel->nparams; ++i) {
    if (is_sse(&kernel->params[i]))
      nxmm < 8 ? ++nxmm : ++nstack;
    else
      ngp < 6 ? ++ngp : ++nstack;
  }
  if (nstack > MAX_STACK_ARGS)
    fail("%s: too many parameters", kernel->name);

  /* The arguments. */
  struct buffer *buffers = xcalloc(kernel->nparams, sizeof *buffers);
  bool *bound = xcalloc(kernel->nparams, sizeof *bound);
  arg_slots = xcalloc(kernel->nparams, sizeof *arg_slots);
  for (int i = first_arg; i < argc; ++i) {
    const char *eq = strchr(argv[i], '=');
    if (!eq)
      fail("argument '%s': expected NAME=VALUE", argv[i]);
    unsigned index = kernel->nparams;
    for (unsigned j = 0; j < kernel->nparams; ++j)
      if (strlen(kernel->params[j].name) == (size_t)(eq - argv[i]) &&
          !strncmp(kernel->params[j].name, argv[i], (size_t)(eq - argv[i])))
        index = j;
    if (index == kernel->nparams)
      fail("argument '%s': %s has no parameter of that name", argv[i], kernel->name);
    if (bound[index])
      fail("argument '%s': bound twice", argv[i]);
    bound[index] = true;
    const struct param *p = &kernel->params[index];
    struct buffer *b = &buffers[index];
    const char *value = eq + 1;
    if (p->kind == PARAM_SCALAR) {
      arg_slots[index] = parse_scalar(p, value);
    } else if (p->kind == PARAM_LOCAL_PTR) {
      if (strncmp(value, "local:", 6))
        fail("argument %s: a local pointer takes local:BYTES", p->name);
      b->local_bytes = strtoull(value + 6, NULL, 0);
      if (!b->local_bytes)
        fail("argument %s: local:BYTES needs a positive size", p->name);
    } else if (value[0] == '@') {
      void *data = read_file(value + 1, &b->bytes);
      b->data = xcalloc(b->bytes + GUARD, 1);
      memcpy(b->data, data, b->bytes);
      free(data);
    } else if (!strncmp(value, "zeros:", 6)) {
      char *end;
      b->bytes = strtoull(value + 6, &end, 0);
      if (*end || end == value + 6)
        fail("argument %s: bad size in '%s'", p->name, value);
      b->data = xcalloc(b->bytes + GUARD, 1);
    } else {
      fail("argument %s: a buffer takes @FILE or zeros:BYTES", p->name);
    }
    if (b->data) {
      memset(b->data + b->bytes, GUARD_BYTE, GUARD);
      b->initial = xcalloc(b->bytes, 1);
      memcpy(b->initial, b->data, b->bytes);
      arg_slots[index] = (uint64_t)(uintptr_t)b->data;
    }
  }
  for (unsigned j = 0; j < kernel->nparams; ++j)
    if (!bound[j])
      fail("no argument for parameter %s of %s", kernel->params[j].name, kernel->name);

  /* The kernel object: one copy per workgroup when the kernel has
   * kernel-scope local variables (see the top of this file). */
  size_t copies = kernel->has_local_vars ? groups : 1;
  void **handles = xcalloc(copies, sizeof *handles);
  char tmpdir[PATH_MAX] = "";
  if (copies > 1) {
    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/gs-reference.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(tmpdir))
      fail("mkdtemp: %s", strerror(errno));
  }
  size_t object_size;
  void *object_bytes = copies > 1 ? read_file(object, &object_size) : NULL;
  for (size_t c = 0; c < copies; ++c) {
    char path[PATH_MAX + 32];
    if (copies > 1) {
      snprintf(path, sizeof path, "%s/wg%zu.so", tmpdir, c);
      write_file(path, object_bytes, object_size);
    } else {
      snprintf(path, sizeof path, "%s%s", strchr(object, '/') ? "" : "./", object);
    }
    handles[c] = dlopen(path, RTLD_NOW | (c == 0 ? RTLD_GLOBAL : RTLD_LOCAL));
    if (!handles[c])
      fail("dlopen: %s", dlerror());
    if (copies > 1)
      unlink(path);
  }
  if (copies > 1)
    rmdir(tmpdir);
  free(object_bytes);

  /* Program-scope globals: their bytes before the run, for the manifest. */
  unsigned char **global_initial = xcalloc(info.nglobals, sizeof *global_initial);
  for (unsigned g = 0; g < info.nglobals; ++g) {
    void *addr = dlsym(handles[0], info.globals[g].name);
    if (!addr)
      fail("program-scope global %s not found in %s", info.globals[g].name, object);
    global_initial[g] = xcalloc(info.globals[g].bytes, 1);
    memcpy(global_initial[g], addr, info.globals[g].bytes);
  }

  /* Workgroups and invocations. */
  struct workgroup *wgs = xcalloc(groups, sizeof *wgs);
  struct invocation *invs = xcalloc(total, sizeof *invs);
  pthread_t *threads = xcalloc(total, sizeof *threads);
  size_t next = 0;
  for (size_t g = 0; g < groups; ++g) {
    struct workgroup *wg = &wgs[g];
    wg->id[0] = g % num_groups[0];
    wg->id[1] = g / num_groups[0] % num_groups[1];
    wg->id[2] = g / num_groups[0] / num_groups[1];
    wg->count = 1;
    for (unsigned d = 0; d < 3; ++d) {
      size_t begin = wg->id[d] * local_size[d];
      wg->size[d] = global_size[d] - begin < local_size[d] ? global_size[d] - begin
                                                           : local_size[d];
      wg->count *= (unsigned)wg->size[d];
    }
    void *handle = handles[copies > 1 ? g : 0];
    wg->kernel = (void (*)(void))dlsym(handle, kernel->name);
    if (!wg->kernel)
      fail("kernel %s not found in %s", kernel->name, object);
    Dl_info where;
    if (!dladdr((void *)wg->kernel, &where))
      fail("dladdr failed for %s", kernel->name);
    wg->module_base = (uintptr_t)where.dli_fbase;
    wg->local_args = xcalloc(kernel->nparams, sizeof *wg->local_args);
    for (unsigned j = 0; j < kernel->nparams; ++j)
      if (kernel->params[j].kind == PARAM_LOCAL_PTR)
        wg->local_args[j] = xcalloc(buffers[j].local_bytes, 1);
    barrier_init(&wg->barrier, wg->count);
    for (size_t z = 0; z < wg->size[2]; ++z)
      for (size_t y = 0; y < wg->size[1]; ++y)
        for (size_t x = 0; x < wg->size[0]; ++x) {
          struct invocation *inv = &invs[next++];
          size_t lid[3] = {x, y, z};
          inv->wg = wg;
          for (unsigned d = 0; d < 3; ++d) {
            inv->local_id[d] = lid[d];
            inv->global_id[d] = wg->id[d] * local_size[d] + lid[d];
          }
        }
  }
  barrier_init(&grid_barrier, (unsigned)total);

  signal(SIGALRM, on_timeout);
  alarm(timeout);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 512 * 1024);
  for (size_t i = 0; i < total; ++i) {
    int rc = pthread_create(&threads[i], &attr, invocation_main, &invs[i]);
    if (rc)
      fail("cannot start thread %zu of %zu: %s", i, total, strerror(rc));
  }
  for (size_t i = 0; i < total; ++i)
    pthread_join(threads[i], NULL);
  alarm(0);

  int status = 0;
  if (grid_barrier.diverged) {
    fprintf(stderr, "gs-reference: error: divergent grid barrier: invocations "
                    "reached different barrier sites\n");
    status = 1;
  }
  for (size_t g = 0; g < groups; ++g)
    if (wgs[g].barrier.diverged) {
      fprintf(stderr, "gs-reference: error: divergent workgroup barrier in group %zu\n", g);
      status = 1;
      break;
    }

  /* The outputs. */
  if (mkdir(out_dir, 0777) && errno != EEXIST)
    fail("%s: %s", out_dir, strerror(errno));
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/reference.manifest", out_dir);
  FILE *manifest = fopen(path, "w");
  if (!manifest)
    fail("%s: %s", path, strerror(errno));
  for (unsigned j = 0; j < kernel->nparams; ++j) {
    const struct param *p = &kernel->params[j];
    const struct buffer *b = &buffers[j];
    if (!b->data)
      continue;
    for (size_t k = 0; k < GUARD; ++k)
      if (b->data[b->bytes + k] != GUARD_BYTE) {
        fprintf(stderr, "gs-reference: error: the kernel wrote past the end of %s "
                        "(%zu bytes)\n", p->name, b->bytes);
        status = 1;
        break;
      }
    bool changed = memcmp(b->data, b->initial, b->bytes) != 0;
    if (changed && (p->kind != PARAM_GLOBAL_PTR || p->pointee_const)) {
      fprintf(stderr, "gs-reference: error: %s is read-only but changed\n", p->name);
      status = 1;
    }
    if (p->kind != PARAM_GLOBAL_PTR || p->pointee_const)
      continue;
    snprintf(path, sizeof path, "%s/%s.bin", out_dir, p->name);
    write_file(path, b->data, b->bytes);
    fprintf(manifest, "%s %s %zu\n", p->name, changed ? "changed" : "unchanged", b->bytes);
  }
  for (unsigned g = 0; g < info.nglobals; ++g) {
    const struct program_global *pg = &info.globals[g];
    void *addr = dlsym(handles[0], pg->name);
    bool changed = memcmp(addr, global_initial[g], pg->bytes) != 0;
    snprintf(path, sizeof path, "%s/%s.bin", out_dir, pg->name);
    write_file(path, addr, pg->bytes);
    fprintf(manifest, "%s %s %zu global\n", pg->name, changed ? "changed" : "unchanged",
            pg->bytes);
  }
  fclose(manifest);
  /* The kernel objects stay loaded: nothing is gained by unloading them at
   * exit, and the threads' TLS destructors may still refer to them. */
  return status;
}
