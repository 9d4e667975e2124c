/* OpenCL C to LLVM IR, through clang as a separate process: clang's
 * libraries are C++, and a crash in the frontend must not take the caller
 * down with it. */
#define _POSIX_C_SOURCE 200809L
#include "lowering.h"

#include "gs.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

gs_error *lower_opencl_c(const char *path, int opt_level, const char *out_bc) {
  char err_path[] = "/tmp/gridsplit-clang-XXXXXX";
  int err_fd = mkstemp(err_path);
  if (err_fd < 0)
    return gs_errorf("%s: cannot create a temporary file: %s", path, strerror(errno));
  char olevel[8];
  snprintf(olevel, sizeof olevel, "-O%d", opt_level);
  char *argv[] = {(char *)GS_CLANG_PATH,
                  "-x",
                  "cl",
                  "-cl-std=CL2.0",
                  "-Xclang",
                  "-finclude-default-header",
                  "-target",
                  (char *)target_spir.triple,
                  "-emit-llvm",
                  "-c",
                  "-g",
                  "-fno-discard-value-names",
                  olevel,
                  "-o",
                  (char *)out_bc,
                  (char *)path,
                  NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
  posix_spawn_file_actions_adddup2(&fa, err_fd, 1);
  pid_t pid;
  int rc = posix_spawn(&pid, GS_CLANG_PATH, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  gs_error *e = NULL;
  if (rc != 0) {
    e = gs_errorf("%s: cannot run %s: %s", path, GS_CLANG_PATH, strerror(rc));
  } else {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      char text[4096] = {0};
      lseek(err_fd, 0, SEEK_SET);
      ssize_t n = read(err_fd, text, sizeof text - 1);
      if (n < 0)
        n = 0;
      text[n] = 0;
      while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' '))
        text[--n] = 0;
      e = gs_errorf("%s: clang could not compile the OpenCL C:\n%s", path, text);
    }
  }
  close(err_fd);
  unlink(err_path);
  return e;
}

