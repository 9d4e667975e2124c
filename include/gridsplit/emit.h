/* gridsplit: emitting a module for a target (SPEC section 6). */
#ifndef GRIDSPLIT_EMIT_H
#define GRIDSPLIT_EMIT_H

#include <stddef.h>

#include <llvm-c/Core.h>

#include "gridsplit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  GS_TARGET_IR,
  GS_TARGET_SPIRV,
  GS_TARGET_AMDGCN,
  GS_TARGET_NVPTX,
  GS_TARGET_VULKAN /* LLVM 22 on: GLCompute shaders (docs/targets.md) */
} gs_target_kind;

/* "ir", "spirv", "amdgcn", "nvptx", "vulkan"; an error names the valid ones. */
gs_error *gs_target_parse(const char *name, gs_target_kind *out);
/* The output file extension: ".ll", ".spv", ".hsaco", ".ptx". */
const char *gs_target_extension(gs_target_kind kind);
/* The triple a .cl input is compiled for when it is emitted for KIND. */
const char *gs_target_triple(gs_target_kind kind);
/* Whether a processor (gs_emit's MCPU, --mcpu) means anything for KIND:
 * amdgcn and nvptx. */
int gs_target_takes_mcpu(gs_target_kind kind);
/* Whether OpenCL C inputs, which are compiled for SPIR, serve KIND: ir and
 * spirv and vulkan. */
int gs_target_accepts_opencl_c(gs_target_kind kind);

/* Emits M for KIND into memory (*DATA, *SIZE; release with gs_dispose_string):
 * textual IR; SPIR-V (SPIRV-LLVM-Translator on LLVM 15, from typed-pointer
 * IR; LLVM's SPIR-V backend on LLVM 22); an HSA code object (AMDGPU backend,
 * linked by ld.lld -shared); PTX (NVPTX backend). MCPU (NULL: gfx90a, sm_80)
 * must name a processor the LLVM knows. M is not changed. Code generation
 * runs in a child process, so a backend that aborts is an error here. */
gs_error *gs_emit(LLVMModuleRef m, gs_target_kind kind, const char *mcpu, char **data,
                  size_t *size);

/* Marks M so that gs_emit writes, for NVPTX (sm_70 and later), every
 * atomic read-modify-write and compare-and-swap on global or generic memory
 * with the system's scope (atom.*.sys), which is atomic between GPUs that
 * share a buffer (gs-cuda-run --devices across GPUs); LLVM's NVPTX backend
 * gives an atomicrmw the GPU's. An atomic PTX has no such instruction for
 * (a byte's, a nand) is then an error of gs_emit. Other targets ignore the
 * mark (named metadata gridsplit.system_atomics). */
void gs_emit_mark_system_atomics(LLVMModuleRef m);

#ifdef __cplusplus
}
#endif
#endif
