/* gridsplit: programs to LLVM IR, and (later) LLVM IR to targets. */
#ifndef GS_LOWERING_H
#define GS_LOWERING_H

#include "gridsplit/error.h"

#include <llvm-c/Core.h>

/* Compiles the OpenCL C file PATH with the clang of the LLVM gridsplit was
 * built with (spir64, OpenCL C 2.0, debug info, value names kept) at
 * OPT_LEVEL into the bitcode file OUT_BC. Clang's diagnostics are the error. */
gs_error *lower_opencl_c(const char *path, int opt_level, const char *out_bc);

/* NVPTX, PTX ISA 7.4 and later: every load from global memory whose address
 * advances by its own size from one invocation to the next along x becomes
 * ld.global.L2::256B (lowering/ptx_stream.c). M has its data layout. */
void ptx_stream_hints(LLVMModuleRef m);

/* spirv_legalize (odd integer widths, and operations that
 * SPIRV-LLVM-Translator 15 mistranslates, rewritten into what SPIR-V can
 * express) and scalarize_one_element_vectors (<1 x T> values as T where
 * every use allows it: the AMDGPU backend of LLVM 15 cannot select some
 * <1 x i8> values that cross blocks) are in lowering/spirv_legalize.c,
 * declared in lib/gs.h with the other hooks the target descriptions name. */

/* After the rewrites before code generation: NULL when M verifies, else an
 * internal error's message (malloc'd) (lowering/emit.c). */
char *emit_verify_message(LLVMModuleRef m);

/* NULL when the SPIR-V module DATA (SIZE bytes) passes the SPIRV-Tools
 * validator; else the validator's message (malloc'd). Built only where
 * SPIRV-Tools is (GS_HAVE_SPIRV_TOOLS). */
char *spirv_validate(const char *data, size_t size);

#endif
