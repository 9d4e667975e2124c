/* gs-bench-live: the live state the split carries, per kernel, against what
 * it would carry without recomputation (bench/README.md).
 *
 *   gs-bench-live [-O0|-O2] FILE.cl...
 *
 * For every kernel with grid barriers prints: file, kernel, barriers, bytes
 * per invocation carried, bytes per invocation live across the barriers
 * before recomputation (carried + recomputed), and their ratio. */
#include <stdio.h>
#include <string.h>

#include "gridsplit/gridsplit.h"

int main(int argc, char **argv) {
  int opt = 2, first = 1;
  if (argc > 1 && (!strcmp(argv[1], "-O0") || !strcmp(argv[1], "-O2"))) {
    opt = argv[1][2] - '0';
    first = 2;
  }
  printf("%-24s %-28s %4s %9s %11s %7s\n", "file", "kernel", "B", "carried", "all_live", "ratio");
  unsigned long total_carried = 0, total_all = 0;
  for (int i = first; i < argc; i++) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = NULL;
    gs_analysis *a = NULL;
    gs_error *e = gs_load_module(ctx, argv[i], opt, &m);
    if (!e)
      e = gs_split_module(m, NULL, &a);
    const char *base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
    if (e) {
      printf("%-24s (not split: %.60s)\n", base, gs_error_message(e));
      gs_error_dispose(e);
    } else {
      for (size_t k = 0; k < gs_analysis_kernel_count(a); k++) {
        if (!gs_kernel_barrier_count(a, k))
          continue;
        unsigned carried = gs_kernel_live_bytes(a, k);
        unsigned all = carried + gs_kernel_recomputed_bytes(a, k);
        total_carried += carried;
        total_all += all;
        printf("%-24s %-28s %4u %9u %11u %7.2f\n", base, gs_kernel_name(a, k),
               gs_kernel_barrier_count(a, k), carried, all, all ? (double)carried / all : 1.0);
      }
    }
    gs_analysis_dispose(a);
    if (m)
      LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  printf("# all kernels: %lu bytes carried of %lu live (%.2f)\n", total_carried, total_all,
         total_all ? (double)total_carried / total_all : 1.0);
  return 0;
}
