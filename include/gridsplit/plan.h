/* gridsplit: the plan of SPEC section 4. */
#ifndef GRIDSPLIT_PLAN_H
#define GRIDSPLIT_PLAN_H

#include "gridsplit/analysis.h"
#include "gridsplit/emit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The plan JSON (version 1) for an analysis; MODULE_NAME is the "module" key.
 * Release with gs_dispose_string. */
char *gs_plan_json(const gs_analysis *a, const char *module_name);

/* The plan of the module M that gs_split_module split into A, as it is
 * emitted for KIND, into *OUT (release with gs_dispose_string). For
 * GS_TARGET_VULKAN its "target" is the Vulkan triple, each kernel records
 * its "workgroup_size", "push_constant_bytes" and "push_constants", and
 * each segment its "bindings" (SPEC section 4, docs/targets.md "Vulkan"),
 * placed as gs_emit places them; an argument no shader can take is an
 * error naming it. For the other kinds it is gs_plan_json's. */
gs_error *gs_plan_json_for_target(const gs_analysis *a, LLVMModuleRef m, gs_target_kind kind,
                                  const char *module_name, char **out);

#ifdef __cplusplus
}
#endif
#endif
