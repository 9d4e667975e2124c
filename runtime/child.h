/* Work run in a child process, so that a crash in a driver (POCL's
 * compiler, a Vulkan driver) becomes an error of gridsplit run, not its own
 * crash (runtime/runner.c, runtime/run_vulkan.c). */
#ifndef GS_RUNTIME_CHILD_H
#define GS_RUNTIME_CHILD_H

#include <gridsplit/gridsplit.h>

/* Runs FN(CTX) in a child process, which writes files (outputs) as FN
 * does; what it changes in memory stays there. Returns 0 with *ERR FN's
 * error (NULL when it succeeded), or the signal that stopped the child
 * (*ERR NULL); a failure to fork or any other end is *ERR, naming WHAT
 * ("the POCL run"). */
int gs_run_in_child(gs_error *(*fn)(void *ctx), void *ctx, const char *what, gs_error **err);

#endif
