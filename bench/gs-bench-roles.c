/* gs-bench-roles: times gs_analyze on one module (bench/README.md).
 *
 *   gs-bench-roles [--split] FILE.ll [REPS]
 *
 * With --split it times gs_split_module (on a fresh copy of the module each
 * time, copied outside the timing) instead of gs_analyze.
 *
 * Loads FILE once, then runs gs_analyze REPS times (default 3) and, for
 * scale, LLVMVerifyModule in the same process as many times. Prints one line:
 *
 *   ANALYSIS_S VERIFY_S INSTRUCTIONS BARRIERS
 *
 * the minimum wall time of each over the repetitions (CLOCK_MONOTONIC), the
 * module's instruction count and the barriers the analysis found. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>

#include "gridsplit/gridsplit.h"

#include "bench_util.h"

int main(int argc, char **argv) {
  int split, reps, status = 0;
  const char *file;
  LLVMModuleRef m =
      bench_open(argc, argv, "gs-bench-roles", "--split", &split, &reps, &file, &status);
  if (!m)
    return status;
  double best_analysis = -1, best_verify = -1;
  unsigned barriers = 0;
  for (int r = 0; r < reps; r++) {
    gs_analysis *a = NULL;
    LLVMModuleRef copy = split ? LLVMCloneModule(m) : NULL;
    double t0 = bench_now();
    gs_error *err = split ? gs_split_module(copy, NULL, &a) : gs_analyze(m, NULL, &a);
    double t1 = bench_now();
    if (copy)
      LLVMDisposeModule(copy);
    if (err) {
      fprintf(stderr, "gs-bench-roles: %s\n", gs_error_message(err));
      return 1;
    }
    if (gs_analysis_kernel_count(a) > 0)
      barriers = gs_kernel_barrier_count(a, 0);
    gs_analysis_dispose(a);
    if (best_analysis < 0 || t1 - t0 < best_analysis)
      best_analysis = t1 - t0;

    t0 = bench_now();
    int broken = LLVMVerifyModule(m, LLVMReturnStatusAction, NULL);
    t1 = bench_now();
    if (broken) {
      fprintf(stderr, "gs-bench-roles: %s does not verify\n", file);
      return 1;
    }
    if (best_verify < 0 || t1 - t0 < best_verify)
      best_verify = t1 - t0;
  }
  printf("%.6f %.6f %lu %u\n", best_analysis, best_verify, bench_count_instructions(m), barriers);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return 0;
}
