/* Reading kernels: textual IR, bitcode, and OpenCL C through clang. */
#define _POSIX_C_SOURCE 200809L
#include "gridsplit/load.h"

#include "gridsplit/lower.h"
#include "gridsplit/program.h"

#include "gs.h"
#include "lowering.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

gs_error *gs_read_file(const char *path, char **data, size_t *size) {
  *data = NULL;
  *size = 0;
  FILE *f = fopen(path, "rb");
  if (!f)
    return gs_errorf("cannot read '%s': %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  size_t want = n > 0 ? (size_t)n : 0;
  *data = gs_xmalloc(want + 1);
  *size = fread(*data, 1, want, f);
  (*data)[*size] = 0;
  fclose(f);
  if (*size == want)
    return NULL;
  free(*data);
  *data = NULL;
  *size = 0;
  return gs_errorf("cannot read '%s': short read", path);
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

/* Bitcode errors reach the context's diagnostic handler, whose default exits
 * the process; catch them for the duration of the parse. */
typedef struct {
  char *message;
} diag_capture;

static void capture_diagnostic(LLVMDiagnosticInfoRef info, void *ctx) {
  diag_capture *c = ctx;
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError || c->message)
    return;
  char *d = LLVMGetDiagInfoDescription(info);
  c->message = gs_strdup(d);
  LLVMDisposeMessage(d);
}

static gs_error *parse_bitcode(LLVMContextRef ctx, const char *path, LLVMMemoryBufferRef buf,
                               LLVMModuleRef *out) {
  LLVMDiagnosticHandler old = LLVMContextGetDiagnosticHandler(ctx);
  void *old_ctx = LLVMContextGetDiagnosticContext(ctx);
  diag_capture cap = {NULL};
  LLVMContextSetDiagnosticHandler(ctx, capture_diagnostic, &cap);
  LLVMBool failed = LLVMParseBitcodeInContext2(ctx, buf, out);
  LLVMContextSetDiagnosticHandler(ctx, old, old_ctx);
  LLVMDisposeMemoryBuffer(buf);
  if (!failed) {
    free(cap.message);
    return NULL;
  }
  gs_error *e = gs_errorf("%s: invalid bitcode: %s", path,
                          cap.message ? cap.message : "the file could not be read as bitcode");
  free(cap.message);
  *out = NULL;
  return e;
}

static gs_error *parse_file(LLVMContextRef ctx, const char *path, int bitcode,
                            LLVMModuleRef *out) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    gs_error *e = gs_errorf("%s: cannot read the file: %s", path, msg ? msg : "unknown error");
    LLVMDisposeMessage(msg);
    return e;
  }
  if (bitcode)
    return parse_bitcode(ctx, path, buf, out);
  /* LLVMParseIRInContext takes the buffer and reports file:line:col */
  if (LLVMParseIRInContext(ctx, buf, out, &msg)) {
    const char *text = msg ? msg : "the file could not be parsed";
    gs_error *e = strncmp(text, path, strlen(path)) ? gs_errorf("%s: %s", path, text)
                                                    : gs_errorf("%s", text);
    LLVMDisposeMessage(msg);
    *out = NULL;
    return e;
  }
  return NULL;
}

/* A program file: parsed and checked (messages FILE:LINE:COL: error: ...),
 * then lowered. */
static gs_error *load_program(LLVMContextRef ctx, const char *path, gs_target_kind kind,
                              LLVMModuleRef *out) {
  gs_program *p = NULL;
  gs_error *e = gs_program_parse_file(path, &p);
  if (!e)
    e = gs_program_lower(p, ctx, kind, out);
  gs_program_dispose(p);
  return e;
}

gs_error *gs_load_module(LLVMContextRef ctx, const char *path, int opt_level,
                         LLVMModuleRef *out) {
  return gs_load_module_for(ctx, path, opt_level, GS_TARGET_IR, out);
}

gs_error *gs_load_module_for(LLVMContextRef ctx, const char *path, int opt_level,
                             gs_target_kind kind, LLVMModuleRef *out) {
  *out = NULL;
  if (!path || !*path)
    return gs_errorf("no input file");
  struct stat st;
  if (stat(path, &st) != 0)
    return gs_errorf("%s: cannot open the file: %s", path, strerror(errno));
  if (S_ISDIR(st.st_mode))
    return gs_errorf("%s: is a directory, not a kernel file", path);
  if (opt_level < 0 || opt_level > 3)
    return gs_errorf("%s: optimisation level %d is not 0..3", path, opt_level);
  gs_error *e;
  if (ends_with(path, ".cl")) {
    char bc[] = "/tmp/gridsplit-cl-XXXXXX";
    int fd = mkstemp(bc);
    if (fd < 0)
      return gs_errorf("%s: cannot create a temporary file: %s", path, strerror(errno));
    close(fd);
    e = lower_opencl_c(path, opt_level, bc);
    if (!e)
      e = parse_file(ctx, bc, 1, out);
    unlink(bc);
    if (*out)
      LLVMSetModuleIdentifier(*out, path, strlen(path));
  } else if (ends_with(path, ".bc")) {
    e = parse_file(ctx, path, 1, out);
  } else if (ends_with(path, ".ll")) {
    e = parse_file(ctx, path, 0, out);
  } else if (ends_with(path, ".gsp")) {
    e = load_program(ctx, path, kind, out);
  } else {
    return gs_errorf("%s: unknown input kind (expected .ll, .bc, .cl or .gsp)", path);
  }
  if (e)
    return e;
  char *msg = NULL;
  if (LLVMVerifyModule(*out, LLVMReturnStatusAction, &msg)) {
    size_t n = msg ? strcspn(msg, "\n") : 0;
    e = gs_errorf("%s: invalid module: %.*s", path, (int)n, msg ? msg : "");
    LLVMDisposeModule(*out);
    *out = NULL;
  }
  LLVMDisposeMessage(msg);
  return e;
}
