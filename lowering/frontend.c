/* The front ends, chosen by a file's kind (SPEC section 5: .ll, .bc, .cl,
 * .gsp): IR and bitcode through lib/load.c's sandboxed reader, OpenCL C
 * through clang (lowering/opencl.c), programs through the lowering
 * (lowering/program_lower.c). Here rather than in lib/, which includes
 * nothing of lowering/. */
#define _POSIX_C_SOURCE 200809L
#include "gridsplit/load.h"

#include "gridsplit/lower.h"
#include "gridsplit/program.h"

#include "gs.h"
#include "lowering.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
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

gs_error *gs_load_module(LLVMContextRef ctx, const char *path, int opt_level, LLVMModuleRef *out) {
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
      e = load_ir_file(ctx, bc, 1, out);
    unlink(bc);
    if (*out)
      LLVMSetModuleIdentifier(*out, path, strlen(path));
  } else if (ends_with(path, ".bc")) {
    e = load_ir_file(ctx, path, 1, out);
  } else if (ends_with(path, ".ll")) {
    e = load_ir_file(ctx, path, 0, out);
  } else if (ends_with(path, ".gsp")) {
    e = load_program(ctx, path, kind, out);
  } else {
    return gs_errorf("%s: unknown input kind (expected .ll, .bc, .cl or .gsp)", path);
  }
  if (e)
    return e;
  /* IR and bitcode were verified where they were read; a lowered program is
   * checked all the same */
  char *msg = load_verify_message(*out, path);
  if (msg) {
    e = gs_errorf("%s", msg);
    free(msg);
    LLVMDisposeModule(*out);
    *out = NULL;
  }
  return e;
}
