/* gs-bench-split: the split's time against `opt -O2`'s on one module, both
 * in one process (bench/README.md, "The split benchmark").
 *
 *   gs-bench-split [--no-o2] FILE.ll [REPS]
 *
 * Loads FILE once; then REPS times (default 3) copies the module and runs
 * gs_split_module on the copy (analysis plus split, as the tool and the
 * plugin run it), and copies it again and runs LLVM's `default<O2>`
 * pipeline on that copy (LLVMRunPasses: what `opt -O2` runs, without
 * reading and writing the file). Copies are made outside the timing. Prints
 * one line:
 *
 *   SPLIT_S O2_S INSTRUCTIONS BARRIERS LLVM_S
 *
 * the minimum wall time of each (CLOCK_MONOTONIC), the module's instruction
 * count and the barriers of its first kernel. --no-o2 leaves the pipeline
 * out (O2_S is 0): for sizes where it alone would take minutes. LLVM_S is a
 * baseline of LLVM's own linear work on the module, measured in the same
 * repetitions: a copy (LLVMCloneModule), the verifier on it, and its
 * disposal. How it grows with the module shows what the machine's caches do
 * to any pass over LLVM IR of that size. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "gridsplit/gridsplit.h"

#include "bench_util.h"

static void keep_min(double *best, double t) {
  if (*best < 0 || t < *best)
    *best = t;
}

int main(int argc, char **argv) {
  int no_o2, reps, status = 0;
  const char *file;
  LLVMModuleRef m =
      bench_open(argc, argv, "gs-bench-split", "--no-o2", &no_o2, &reps, &file, &status);
  if (!m)
    return status;
  int o2 = !no_o2;
  double best_split = -1, best_o2 = -1, best_llvm = -1;
  unsigned barriers = 0;
  LLVMPassBuilderOptionsRef pbo = LLVMCreatePassBuilderOptions();
  for (int r = 0; r < reps; r++) {
    gs_analysis *a = NULL;
    LLVMModuleRef copy = LLVMCloneModule(m);
    double t0 = bench_now();
    gs_error *err = gs_split_module(copy, NULL, &a);
    double t1 = bench_now();
    LLVMDisposeModule(copy);
    if (err) {
      fprintf(stderr, "gs-bench-split: %s\n", gs_error_message(err));
      return 1;
    }
    if (gs_analysis_kernel_count(a) > 0)
      barriers = gs_kernel_barrier_count(a, 0);
    gs_analysis_dispose(a);
    keep_min(&best_split, t1 - t0);

    t0 = bench_now();
    copy = LLVMCloneModule(m);
    LLVMVerifyModule(copy, LLVMReturnStatusAction, NULL);
    LLVMDisposeModule(copy);
    t1 = bench_now();
    keep_min(&best_llvm, t1 - t0);
    if (!o2) {
      best_o2 = 0;
      continue;
    }

    copy = LLVMCloneModule(m);
    t0 = bench_now();
    LLVMErrorRef e = LLVMRunPasses(copy, "default<O2>", NULL, pbo);
    t1 = bench_now();
    LLVMDisposeModule(copy);
    if (e) {
      char *msg = LLVMGetErrorMessage(e);
      fprintf(stderr, "gs-bench-split: default<O2> failed: %s\n", msg);
      LLVMDisposeErrorMessage(msg);
      return 1;
    }
    keep_min(&best_o2, t1 - t0);
  }
  LLVMDisposePassBuilderOptions(pbo);
  printf("%.6f %.6f %lu %u %.6f\n", best_split, best_o2, bench_count_instructions(m), barriers,
         best_llvm);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return 0;
}
