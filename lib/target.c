/* The target descriptions, their choice by triple, the output kinds, and
 * what the targets share (docs/targets.md, "One description per target"). */
#include "gs.h"

#include <string.h>

/* The targets a module's triple picks; SPIR (spir, spir64, spirv*, and
 * modules without a triple: OpenCL's numbering) is the default. */
static const gs_target *const by_triple[] = {&target_amdgpu, &target_nvptx};

const gs_target *target_for_module(LLVMModuleRef m) {
  const char *triple = LLVMGetTarget(m);
  for (size_t i = 0; i < sizeof by_triple / sizeof *by_triple; i++)
    if (!strncmp(triple, by_triple[i]->triple_prefix, strlen(by_triple[i]->triple_prefix)))
      return by_triple[i];
  return &target_spir;
}

const gs_target *const target_all[] = {&target_nvptx, &target_amdgpu, &target_spir, NULL};

/* gs_target_kind order (gridsplit/emit.h); Vulkan: SPIR's split and
 * lowering, Vulkan's emission */
static const target_output outputs[] = {{"ir", ".ll", &target_spir, 1, NULL},
                                        {"spirv", ".spv", &target_spir, 0, NULL},
                                        {"amdgcn", ".hsaco", &target_amdgpu, 0, NULL},
                                        {"nvptx", ".ptx", &target_nvptx, 0, NULL},
                                        {"vulkan", ".spv", &target_spir, 0, &target_vulkan}};
#define NOUTPUTS (sizeof outputs / sizeof *outputs)

const target_output *target_output_for(gs_target_kind kind) {
  return (unsigned)kind < NOUTPUTS ? &outputs[kind] : NULL;
}

gs_error *gs_target_parse(const char *name, gs_target_kind *out) {
  for (size_t i = 0; i < NOUTPUTS; i++)
    if (name && !strcmp(name, outputs[i].name)) {
      *out = (gs_target_kind)i;
      return NULL;
    }
  return gs_errorf("unknown target '%s' (targets: ir, spirv, amdgcn, nvptx, vulkan)",
                   name ? name : "");
}

const char *gs_target_extension(gs_target_kind kind) {
  const target_output *o = target_output_for(kind);
  return o ? o->extension : "";
}

const char *gs_target_triple(gs_target_kind kind) {
  const target_output *o = target_output_for(kind);
  return o ? o->target->triple : "";
}

int gs_target_takes_mcpu(gs_target_kind kind) {
  const target_output *o = target_output_for(kind);
  return o && !o->text && o->target->default_cpu;
}

int gs_target_accepts_opencl_c(gs_target_kind kind) {
  const target_output *o = target_output_for(kind);
  return o && o->target->opencl_c;
}
