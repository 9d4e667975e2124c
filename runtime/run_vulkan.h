/* gs_run's Vulkan side (runtime/run_vulkan.c). */
#ifndef GS_RUN_VULKAN_H
#define GS_RUN_VULKAN_H

#include <gridsplit/run.h>

gs_error *gs_run_vulkan(const gs_run_request *req);

#endif
