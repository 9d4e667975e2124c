/* A .gsp program's arguments as every host binds them (docs/programs.md):
 * a read or uniform buffer of one element takes NAME=VALUE, and the count
 * `<b>_len` of a buffer b sized at run time comes from b's bytes. Used by
 * the OpenCL runner (runtime/runner.c) and the Vulkan one (run_vulkan.c). */
#ifndef GS_PROGRAM_ARGS_H
#define GS_PROGRAM_ARGS_H

#include <gridsplit/error.h>
#include <gridsplit/program.h>

#include "hostplan.h"

/* Marks the one-element buffers of P among ARGS (before binding) */
void gs_program_describe_args(const gs_program *p, gs_host_arg *args, size_t nargs);
/* After binding: the `<b>_len` scalars not given, from b's bytes, and each
 * buffer of a fixed count given exactly its bytes */
gs_error *gs_program_complete_args(const gs_program *p, gs_host_arg *args, size_t nargs,
                                   const char *kernel);

#endif
