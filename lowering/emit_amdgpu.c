/* AMDGPU emission hook of the AMDGPU target (lib/target_amdgpu.c): the
 * backend's object becomes an HSA code object. */
#define _POSIX_C_SOURCE 200809L
#include "gs.h"

#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

/* ld.lld -shared: an HSA code object from the AMDGPU object file */
gs_error *amdgpu_link_code_object(const char *obj, const char *out) {
  char *argv[] = {(char *)GS_LLD_PATH, "-shared", "-o", (char *)out, (char *)obj, NULL};
  pid_t pid;
  int rc = posix_spawn(&pid, GS_LLD_PATH, NULL, NULL, argv, environ);
  if (rc)
    return gs_errorf("cannot run %s: %s", GS_LLD_PATH, strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status))
    return gs_errorf("%s -shared could not link the AMDGPU code object", GS_LLD_PATH);
  return NULL;
}
