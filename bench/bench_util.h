/* What the benchmark programs share: their command line, a monotonic clock
 * and a module's instruction count. */
#ifndef GS_BENCH_UTIL_H
#define GS_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Core.h>

#include "gridsplit/gridsplit.h"

/* PROG [FLAG] FILE.ll [REPS]: sets *FLAGGED when FLAG comes first and *REPS
 * (default 3, at least 1) and *FILE, and returns FILE's module in a context of its
 * own. NULL after a message, with *STATUS the exit status: 2 for usage, 1
 * for a module that does not load. */
static inline LLVMModuleRef bench_open(int argc, char **argv, const char *prog, const char *flag,
                                       int *flagged, int *reps, const char **file, int *status) {
  *flagged = argc > 1 && !strcmp(argv[1], flag);
  if (*flagged) {
    argv++;
    argc--;
  }
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s [%s] FILE.ll [REPS]\n", prog, flag);
    *status = 2;
    return NULL;
  }
  *file = argv[1];
  *reps = argc > 2 ? atoi(argv[2]) : 3;
  if (*reps < 1)
    *reps = 1;
  LLVMModuleRef m = NULL;
  gs_error *err = gs_load_module(LLVMContextCreate(), argv[1], 0, &m);
  if (err) {
    fprintf(stderr, "%s: %s\n", prog, gs_error_message(err));
    *status = 1;
    return NULL;
  }
  return m;
}

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline unsigned long bench_count_instructions(LLVMModuleRef m) {
  unsigned long n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        n++;
  return n;
}

#endif
