/* gs_run_in_child (child.h): FN's error comes back through a pipe, as
 * text; the child's exit status says whether there was one. */
#include "child.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void write_all(int fd, const char *s, size_t len) {
  for (size_t off = 0; off < len;) {
    ssize_t w = write(fd, s + off, len - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return;
    off += (size_t)w;
  }
}

/* everything FD holds until its end, NUL-terminated */
static char *read_all(int fd) {
  size_t len = 0;
  char *msg = malloc(1), buf[4096];
  ssize_t n;
  while (msg && (n = read(fd, buf, sizeof buf)) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    char *grown = realloc(msg, len + (size_t)n + 1);
    if (grown)
      memcpy(grown + len, buf, (size_t)n);
    else
      free(msg);
    msg = grown;
    len += (size_t)n;
  }
  if (!msg)
    abort();
  msg[len] = 0;
  return msg;
}

int gs_run_in_child(gs_error *(*fn)(void *ctx), void *ctx, const char *what, gs_error **err) {
  int fds[2];
  *err = NULL;
  if (pipe(fds) != 0) {
    *err = gs_error_create("cannot create a pipe: %s", strerror(errno));
    return 0;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    *err = gs_error_create("cannot fork: %s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return 0;
  }
  if (pid == 0) {
    close(fds[0]);
    gs_error *e = fn(ctx);
    const char *msg = e ? gs_error_message(e) : "";
    write_all(fds[1], msg, strlen(msg));
    fflush(stdout);
    fflush(stderr);
    _exit(e ? 1 : 0);
  }
  close(fds[1]);
  char *msg = read_all(fds[0]);
  close(fds[0]);
  int status = 0, stopped = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    ;
  else if (WIFEXITED(status) && WEXITSTATUS(status) == 1)
    *err = gs_error_create("%s", msg);
  else if (WIFSIGNALED(status))
    stopped = WTERMSIG(status);
  else
    *err = gs_error_create("%s ended with status %d", what, WEXITSTATUS(status));
  free(msg);
  return stopped;
}
