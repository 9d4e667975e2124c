/* gridsplit: reading kernels from files. */
#ifndef GRIDSPLIT_LOAD_H
#define GRIDSPLIT_LOAD_H

#include <llvm-c/Core.h>

#include "gridsplit/emit.h"
#include "gridsplit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads PATH into a new module of CTX: `.ll` (textual IR), `.bc` (bitcode),
 * `.gsp` (a program, lowered for spir64) or `.cl` (OpenCL C, compiled by the
 * clang of the LLVM gridsplit was built with, for spir64, at the
 * optimisation level OPT_LEVEL 0..3, with debug info).
 * Errors name the file, and the line and column where the parser gives them.
 * IR and bitcode are parsed and verified in a forked child process (LLVM's
 * readers abort or crash on some bad files), with GRIDSPLIT_LOAD_SECONDS of
 * CPU time and GRIDSPLIT_LOAD_MEGABYTES of memory (README.md); the module
 * comes back as bitcode. Debug info that does not verify is dropped. */
gs_error *gs_load_module(LLVMContextRef ctx, const char *path, int opt_level,
                         LLVMModuleRef *out);

/* The same, and `.gsp` program files (docs/programs.md) are parsed, checked
 * and lowered for KIND (gs_program_lower); gs_load_module lowers them for
 * spir64. Other inputs are read as they are, whatever KIND. */
gs_error *gs_load_module_for(LLVMContextRef ctx, const char *path, int opt_level,
                             gs_target_kind kind, LLVMModuleRef *out);

#ifdef __cplusplus
}
#endif
#endif
