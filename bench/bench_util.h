/* What the benchmark programs share: a monotonic clock and a module's
 * instruction count. */
#ifndef GS_BENCH_UTIL_H
#define GS_BENCH_UTIL_H

#include <time.h>

#include <llvm-c/Core.h>

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
