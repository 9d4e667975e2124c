/* gridsplit run --check (SPEC section 5): the original kernel, compiled for
 * the host by clang, runs on gs-reference (runtime/reference: one thread per
 * invocation, a real grid barrier), and every host-output buffer of the
 * split's run must hold the same bytes. The reference shares no code with the
 * split: it starts from the OpenCL C source, not from anything gridsplit made
 * of it. */
#define _POSIX_C_SOURCE 200809L
#include "selfcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hostplan.h"

/* A whole file, as the hosts read one (hostplan.h), or the error */
static gs_error *read_file(const char *path, char **data, size_t *size) {
  char why[4200];
  if (gs_bind_read_file(path, (unsigned char **)data, size, why, sizeof why))
    return gs_error_create("%s", why);
  return NULL;
}

static char *xstrdup(const char *s) {
  char *d = strdup(s);
  if (!d)
    abort();
  return d;
}

extern char **environ;

#ifndef GS_REFERENCE_PATH
#define GS_REFERENCE_PATH ""
#endif

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

gs_error *check_request(const gs_run_request *req) {
  if (req->plan)
    return gs_error_create("--check runs the original kernel, which a module the split already "
                           "wrote (--plan) no longer holds: give the OpenCL C source instead");
  if (!ends_with(req->input, ".cl"))
    return gs_error_create("--check needs the kernel's OpenCL C source (.cl): the reference "
                           "compiles it for the CPU, and runs no LLVM IR, bitcode or program%s",
                           ends_with(req->input, ".gsp")
                               ? " (a .gsp program has its own reference: gridsplit interpret)"
                               : "");
  if (req->nbarriers)
    return gs_error_create("--check: the reference knows gridsplit_grid_sync() as the only grid "
                           "barrier, not --barrier %s",
                           req->barriers[0]);
  for (size_t i = 0; i < req->nargs; i++) {
    const char *eq = strchr(req->args[i], '=');
    if (eq && !strncmp(eq + 1, "same:", 5))
      return gs_error_create("--check: the reference binds every buffer apart; it cannot run "
                             "'%s' (one buffer under two names)",
                             req->args[i]);
  }
  return NULL;
}

/* GRIDSPLIT_REFERENCE, else gs-reference beside the running executable (the
 * tool's build and install directory), else where this build made it. */
static const char *reference_path(char *buf, size_t size) {
  const char *env = getenv("GRIDSPLIT_REFERENCE");
  if (env && *env)
    return env;
  ssize_t n = readlink("/proc/self/exe", buf, size - 16);
  if (n > 0) {
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    if (slash) {
      strcpy(slash + 1, "gs-reference");
      if (access(buf, X_OK) == 0)
        return buf;
    }
  }
  return GS_REFERENCE_PATH;
}

/* Runs ARGV with stdout and stderr in LOG; *STATUS is waitpid's. */
static gs_error *spawn_logged(char *const argv[], const char *log, int *status) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc)
    return gs_error_create("--check: cannot run %s: %s", argv[0], strerror(rc));
  while (waitpid(pid, status, 0) < 0 && errno == EINTR)
    ;
  return NULL;
}

/* The last lines of LOG, trimmed, for an error message. */
static char *log_tail(const char *log) {
  char *text = NULL;
  size_t size = 0;
  gs_error *e = read_file(log, &text, &size);
  if (e) {
    gs_error_dispose(e);
    return xstrdup("");
  }
  while (size && (text[size - 1] == '\n' || text[size - 1] == ' '))
    text[--size] = 0;
  const char *start = size > 3000 ? text + size - 3000 : text;
  char *r = xstrdup(start);
  free(text);
  return r;
}

static gs_error *child_failed(const char *what, int status, const char *log) {
  char *tail = log_tail(log);
  gs_error *e;
  if (WIFEXITED(status))
    e = gs_error_create("--check: %s failed (exit %d)%s%s", what, WEXITSTATUS(status),
                        *tail ? ":\n" : "", tail);
  else
    e = gs_error_create("--check: %s stopped (signal %d)%s%s", what,
                        WIFSIGNALED(status) ? WTERMSIG(status) : 0, *tail ? ":\n" : "", tail);
  free(tail);
  return e;
}

/* How a buffer's elements compare and print. */
typedef enum { ELEM_BYTES, ELEM_SIGNED, ELEM_UNSIGNED, ELEM_FLOAT } elem_kind;

typedef struct {
  elem_kind kind;
  unsigned size;
  char name[32];
} elem_type;

/* "float", "uint4", "unsigned int", "i32", "f64": the scalar of the
 * element; anything else (structs, half, pointers) compares as bytes. */
static elem_type element_type(const char *text) {
  static const struct {
    const char *name;
    elem_kind kind;
    unsigned size;
  } scalars[] = {{"unsigned char", ELEM_UNSIGNED, 1}, {"unsigned short", ELEM_UNSIGNED, 2},
                 {"unsigned int", ELEM_UNSIGNED, 4},  {"unsigned long", ELEM_UNSIGNED, 8},
                 {"uchar", ELEM_UNSIGNED, 1},         {"ushort", ELEM_UNSIGNED, 2},
                 {"uint", ELEM_UNSIGNED, 4},          {"ulong", ELEM_UNSIGNED, 8},
                 {"char", ELEM_SIGNED, 1},            {"short", ELEM_SIGNED, 2},
                 {"int", ELEM_SIGNED, 4},             {"long", ELEM_SIGNED, 8},
                 {"float", ELEM_FLOAT, 4},            {"double", ELEM_FLOAT, 8},
                 {"i8", ELEM_SIGNED, 1},              {"i16", ELEM_SIGNED, 2},
                 {"i32", ELEM_SIGNED, 4},             {"i64", ELEM_SIGNED, 8},
                 {"f32", ELEM_FLOAT, 4},              {"f64", ELEM_FLOAT, 8}};
  elem_type t = {ELEM_BYTES, 1, "bytes"};
  for (size_t i = 0; text && i < sizeof scalars / sizeof *scalars; i++) {
    size_t n = strlen(scalars[i].name);
    const char *rest = text + n;
    if (strncmp(text, scalars[i].name, n))
      continue;
    while (*rest >= '0' && *rest <= '9') /* vector lanes: compared one by one */
      rest++;
    if (*rest && *rest != ' ' && *rest != '*')
      continue;
    t.kind = scalars[i].kind;
    t.size = scalars[i].size;
    snprintf(t.name, sizeof t.name, "%.*s", (int)(rest - text), text);
    return t;
  }
  return t;
}

static uint64_t load_bits(const unsigned char *p, unsigned size) {
  uint64_t v = 0;
  memcpy(&v, p, size); /* little-endian host */
  return v;
}

/* A float's bits as a position on the number line, so that neighbouring
 * floats are one apart and -0 meets +0. */
static int64_t float_order(uint64_t bits, unsigned size) {
  uint64_t sign = size == 4 ? 0x80000000u : 0x8000000000000000u;
  int64_t magnitude = (int64_t)(bits & ~sign & (size == 4 ? 0xffffffffu : UINT64_MAX));
  return bits & sign ? -magnitude : magnitude;
}

static int is_nan(uint64_t bits, unsigned size) {
  if (size == 4)
    return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu);
  return (bits & 0x7ff0000000000000u) == 0x7ff0000000000000u && (bits & 0x000fffffffffffffu);
}

static int elements_equal(const unsigned char *a, const unsigned char *b, elem_type t,
                          unsigned ulp) {
  if (!memcmp(a, b, t.size))
    return 1;
  if (t.kind != ELEM_FLOAT || !ulp)
    return 0;
  uint64_t x = load_bits(a, t.size), y = load_bits(b, t.size);
  if (is_nan(x, t.size) || is_nan(y, t.size))
    return is_nan(x, t.size) && is_nan(y, t.size);
  int64_t d = float_order(x, t.size) - float_order(y, t.size);
  return (uint64_t)(d < 0 ? -d : d) <= ulp;
}

static void element_text(char *out, size_t n, const unsigned char *p, elem_type t) {
  uint64_t v = load_bits(p, t.size);
  if (t.kind == ELEM_SIGNED) {
    int64_t s = t.size == 1 ? (int8_t)v : t.size == 2 ? (int16_t)v
              : t.size == 4 ? (int32_t)v : (int64_t)v;
    snprintf(out, n, "%lld", (long long)s);
  } else if (t.kind == ELEM_UNSIGNED) {
    snprintf(out, n, "%llu", (unsigned long long)v);
  } else if (t.kind == ELEM_FLOAT && t.size == 4) {
    float f;
    uint32_t u = (uint32_t)v;
    memcpy(&f, &u, 4);
    snprintf(out, n, "%.9g (0x%08x)", (double)f, u);
  } else if (t.kind == ELEM_FLOAT) {
    double d;
    memcpy(&d, &v, 8);
    snprintf(out, n, "%.17g (0x%016llx)", d, (unsigned long long)v);
  } else {
    snprintf(out, n, "0x%02x", (unsigned)v);
  }
}

/* DIR/NAME.bin */
static char *bin_path(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 8;
  char *p = malloc(n);
  snprintf(p, n, "%s/%s.bin", dir, name);
  return p;
}

static gs_error *compare_output(const check_output *o, const char *split_dir,
                                const char *ref_dir, unsigned ulp) {
  char *split_path = bin_path(split_dir, o->name), *ref_path = bin_path(ref_dir, o->name);
  char *split = NULL, *ref = NULL;
  size_t nsplit = 0, nref = 0;
  gs_error *e = read_file(split_path, &split, &nsplit);
  if (!e) {
    e = read_file(ref_path, &ref, &nref);
    if (e) {
      gs_error_dispose(e);
      e = gs_error_create("--check: the reference wrote no '%s.bin' (host output '%s')", o->name,
                          o->name);
    }
  }
  if (!e && nsplit != nref)
    e = gs_error_create("--check: buffer '%s' has %zu bytes after the split's run and %zu after "
                        "the reference's",
                        o->name, nsplit, nref);
  free(split_path);
  free(ref_path);
  if (e) {
    free(split);
    free(ref);
    return e;
  }
  elem_type t = element_type(o->element);
  if (nsplit % t.size)
    t = element_type(NULL);
  const unsigned char *a = (const unsigned char *)split, *b = (const unsigned char *)ref;
  size_t first = SIZE_MAX, differing = 0, count = nsplit / t.size;
  for (size_t i = 0; i < count; i++)
    if (!elements_equal(a + i * t.size, b + i * t.size, t, ulp)) {
      if (first == SIZE_MAX)
        first = i;
      differing++;
    }
  if (first != SIZE_MAX) {
    char got[64], want[64];
    element_text(got, sizeof got, a + first * t.size, t);
    element_text(want, sizeof want, b + first * t.size, t);
    e = gs_error_create("--check: buffer '%s' differs from the reference at byte offset %zu "
                        "(element %zu, %s): split %s, reference %s; %zu of %zu elements differ%s",
                        o->name, first * t.size, first, t.name, got, want, differing, count,
                        t.kind == ELEM_FLOAT && ulp ? " by more than the --check-ulp tolerance"
                                                    : "");
  }
  free(split);
  free(ref);
  return e;
}

static void dims_text(char *out, size_t n, const size_t grid[3], const size_t wg[3],
                      int workgroup) {
  out[0] = 0;
  for (int d = 0; d < 3 && grid[d]; d++)
    snprintf(out + strlen(out), n - strlen(out), "%s%zu", d ? "," : "",
             workgroup ? (wg[d] ? wg[d] : 1) : grid[d]);
}

gs_error *check_against_reference(const gs_run_request *req, const char *kernel,
                                  const check_output *outputs, size_t noutputs,
                                  const char *split_dir) {
  char ref_buf[PATH_MAX];
  const char *reference = reference_path(ref_buf, sizeof ref_buf);
  if (!*reference || access(reference, X_OK) != 0)
    return gs_error_create(
        "--check: the reference (gs-reference) is not installed beside gridsplit "
        "(set GRIDSPLIT_REFERENCE to its path)");
  const char *tmp = getenv("TMPDIR");
  char work[PATH_MAX];
  snprintf(work, sizeof work, "%s/gridsplit-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(work))
    return gs_error_create("--check: cannot create a temporary directory: %s", strerror(errno));
  char object[PATH_MAX + 16], log[PATH_MAX + 16], ref_dir[PATH_MAX + 16];
  snprintf(object, sizeof object, "%s/kernel.so", work);
  snprintf(log, sizeof log, "%s/log", work);
  snprintf(ref_dir, sizeof ref_dir, "%s/reference", split_dir);
  /* -O0: a host compiler optimizing the kernel may move loads of a
   * kernel-scope local array across the barrier calls, which it proves
   * cannot touch an internal global whose address never escapes.
   * -march=native: POCL compiles for this CPU, so a*b+c is fused where the
   * CPU has FMA, and the reference must round the same way; the Vulkan
   * runner never fuses (a shader cannot promise it: docs/targets.md,
   * "Vulkan"), so against it the reference does not contract either.
   * -Bsymbolic-functions: gs-reference loads one copy of the object per
   * workgroup (each with its own kernel-scope local memory); calls inside a
   * copy must stay in it, not bind to the first copy as exported functions
   * do (clang 22's kernels call their body, __clang_ocl_kern_imp_NAME). */
  char *compile[] = {(char *)GS_CLANG_PATH,
                     "-x",
                     "cl",
                     "-cl-std=CL2.0",
                     "-Xclang",
                     "-finclude-default-header",
                     "-target",
                     "x86_64-unknown-linux-gnu",
                     "-march=native",
                     req->runtime == GS_RUNTIME_VULKAN ? "-ffp-contract=off" : "-O0",
                     "-O0",
                     "-fPIC",
                     "-shared",
                     "-Wl,-Bsymbolic-functions",
                     "-w",
                     "-o",
                     object,
                     (char *)req->input,
                     NULL};
  int status = 0;
  gs_error *e = spawn_logged(compile, log, &status);
  if (!e && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
    e = child_failed("compiling the kernel for the reference", status, log);
  if (!e) {
    char grid[96], wg[96];
    dims_text(grid, sizeof grid, req->grid, req->workgroup, 0);
    dims_text(wg, sizeof wg, req->grid, req->workgroup, 1);
    char **argv = calloc(req->nargs + 16, sizeof *argv);
    size_t n = 0;
    argv[n++] = (char *)reference;
    argv[n++] = "--grid";
    argv[n++] = grid;
    argv[n++] = "--workgroup";
    argv[n++] = wg;
    argv[n++] = "--kernel";
    argv[n++] = (char *)kernel;
    argv[n++] = "--out";
    argv[n++] = ref_dir;
    argv[n++] = "--source";
    argv[n++] = (char *)req->input;
    argv[n++] = object;
    for (size_t i = 0; i < req->nargs; i++)
      argv[n++] = (char *)req->args[i];
    argv[n] = NULL;
    e = spawn_logged(argv, log, &status);
    if (!e && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
      e = child_failed("the reference run of the original kernel", status, log);
    free(argv);
  }
  unlink(object);
  unlink(log);
  rmdir(work);
  for (size_t i = 0; !e && i < noutputs; i++)
    e = compare_output(&outputs[i], split_dir, ref_dir, req->check_ulp);
  return e;
}
