/* gridsplit: programs to LLVM IR (the OpenCL C front end). */
#ifndef GS_LOWERING_H
#define GS_LOWERING_H

#include "gridsplit/error.h"

#include <llvm-c/Core.h>

/* Compiles the OpenCL C file PATH with the clang of the LLVM gridsplit was
 * built with (spir64, OpenCL C 2.0, debug info, value names kept) at
 * OPT_LEVEL into the bitcode file OUT_BC. Clang's diagnostics are the error. */
gs_error *lower_opencl_c(const char *path, int opt_level, const char *out_bc);

#endif
