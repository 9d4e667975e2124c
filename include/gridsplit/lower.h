/* gridsplit: lowering programs (include/gridsplit/program.h) to LLVM IR
 * kernels with grid barriers (docs/programs.md, "Lowering"). */
#ifndef GRIDSPLIT_LOWER_H
#define GRIDSPLIT_LOWER_H

#include <llvm-c/Core.h>

#include "gridsplit/emit.h"
#include "gridsplit/error.h"
#include "gridsplit/program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Lowers the checked program P (gs_program_is_checked) to a new module of
 * CTX holding one kernel named as the program, for the target KIND:
 * GS_TARGET_IR and GS_TARGET_SPIRV give a spir64 kernel (spir_kernel with
 * the OpenCL kernel_arg_* metadata), GS_TARGET_AMDGCN an amdgpu_kernel,
 * GS_TARGET_NVPTX a ptx_kernel. The kernel takes the buffers that have a
 * binding, ordered by binding, then a u32 `<b>_len` for every buffer sized
 * at run time, in binding order; workgroup buffers are module globals.
 * Grid barriers are calls to gridsplit_grid_sync (SPEC section 1). On
 * LLVM 15 the module has typed pointers (what SPIRV-LLVM-Translator needs)
 * unless CTX already holds opaque-pointer IR. The module verifies; on error
 * *OUT is NULL. */
gs_error *gs_program_lower(const gs_program *p, LLVMContextRef ctx, gs_target_kind kind,
                           LLVMModuleRef *out);

#ifdef __cplusplus
}
#endif
#endif
