/* gridsplit: the plan of SPEC section 4. */
#ifndef GRIDSPLIT_PLAN_H
#define GRIDSPLIT_PLAN_H

#include "gridsplit/analysis.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The plan JSON (version 1) for an analysis; MODULE_NAME is the "module" key.
 * Release with gs_dispose_string. */
char *gs_plan_json(const gs_analysis *a, const char *module_name);

#ifdef __cplusplus
}
#endif
#endif
