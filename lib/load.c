/* Reading kernels: textual IR and bitcode, in a sandboxed child. The front
 * ends that choose by a file's kind (lowering/frontend.c) call it. */
#define _POSIX_C_SOURCE 200809L
#include "gs.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/IRReader.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Parses DATA (SIZE bytes and a NUL after them) in CTX; on an error returns
 * NULL and sets *MSG (to free). */
static LLVMModuleRef parse_bytes(LLVMContextRef ctx, const char *path, const char *data,
                                 size_t size, int bitcode, char **msg) {
  *msg = NULL;
  LLVMModuleRef m = NULL;
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(data, size, path, 1);
  /* the bitcode reader's errors, and warnings such as "ignoring invalid
   * debug info", go to the diagnostic handler */
  diag_scope d;
  diag_scope_open(&d, ctx);
  if (bitcode) {
    if (LLVMParseBitcodeInContext2(ctx, buf, &m)) {
      gs_str t;
      str_init(&t);
      str_printf(&t, "%s: invalid bitcode: %s", path,
                 d.error ? d.error : "the file could not be read as bitcode");
      *msg = str_take(&t);
      m = NULL;
    }
    LLVMDisposeMemoryBuffer(buf);
  } else {
    /* LLVMParseIRInContext takes the buffer and reports file:line:col */
    char *text = NULL;
    if (LLVMParseIRInContext(ctx, buf, &m, &text)) {
      const char *t = text ? text : "the file could not be parsed";
      gs_str e;
      str_init(&e);
      if (strncmp(t, path, strlen(path)))
        str_printf(&e, "%s: ", path);
      str_printf(&e, "%s", t);
      *msg = str_take(&e);
      m = NULL;
    }
    LLVMDisposeMessage(text);
  }
  free(diag_scope_close(&d));
  return m;
}

/* The verifier's first complaint, and the function it is in: LLVM prints
 * the offending instructions on the lines after the first. */
char *load_verify_message(LLVMModuleRef m, const char *path) {
  char *msg = NULL;
  if (!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return NULL;
  }
  gs_str e;
  str_init(&e);
  str_printf(&e, "%s: invalid module: ", path);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMVerifyFunction(f, LLVMReturnStatusAction)) {
      size_t len;
      str_printf(&e, "function '%s': ", LLVMGetValueName2(f, &len));
      break;
    }
  const char *text = msg ? msg : "";
  size_t n = strcspn(text, "\n");
  str_printf(&e, "%.*s", (int)n, text);
  if (text[n] == '\n') {
    const char *next = text + n + 1;
    next += strspn(next, " ");
    size_t k = strcspn(next, "\n");
    if (k)
      str_printf(&e, " ('%.*s')", (int)(k > 200 ? 200 : k), next);
  }
  LLVMDisposeMessage(msg);
  return str_take(&e);
}

/* Untrusted IR and bitcode are read in a forked child (as lowering/emit.c
 * runs the backends): LLVM's readers abort on a broken module that carries
 * debug info (UpgradeDebugInfo: "Broken module found"), and LLVM 15's
 * bitcode reader crashes, hangs or allocates without bound on corrupt files.
 * The child parses and verifies the file and sends back bitcode that LLVM
 * wrote from the verified module; only that bitcode is parsed here. A crash,
 * a time or memory limit, or an abort in the child is an error of the file.
 * The limits: GRIDSPLIT_LOAD_SECONDS of CPU time (default 60) and
 * GRIDSPLIT_LOAD_MEGABYTES of memory more than the caller's (default 4096 and
 * 64 times the file's size) (README.md). */
enum { LOAD_TAG_MODULE = 'B', LOAD_TAG_ERROR = 'E' };

static unsigned long env_limit(const char *name, unsigned long fallback, unsigned long most) {
  const char *v = getenv(name);
  char *end;
  unsigned long n = v ? strtoul(v, &end, 10) : 0;
  n = v && *v && !*end && n ? n : fallback;
  return n < most ? n : most;
}

/* Lowers the soft limit only: an unprivileged process cannot raise a hard
 * one, and the soft limit is what stops the child. */
static void lower_limit(int resource, rlim_t want) {
  struct rlimit r;
  if (getrlimit(resource, &r))
    return;
  if (r.rlim_max != RLIM_INFINITY && want > r.rlim_max)
    want = r.rlim_max;
  if (r.rlim_cur == RLIM_INFINITY || want < r.rlim_cur) {
    r.rlim_cur = want;
    setrlimit(resource, &r);
  }
}

#if defined(__SANITIZE_ADDRESS__)
#define GS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GS_ASAN 1
#endif
#endif

static int write_all(int fd, const void *data, size_t n) {
  const char *p = data;
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return 0;
    p += w;
    n -= (size_t)w;
  }
  return 1;
}

/* A message is its tag, its length (8 bytes, the host's order) and its
 * bytes: the parent takes only a message that arrived whole. */
static void child_send(int fd, char tag, const char *data, size_t n) {
  uint64_t len = n;
  if (!write_all(fd, &tag, 1) || !write_all(fd, &len, sizeof len) || !write_all(fd, data, n))
    _exit(4);
}

static _Noreturn void child_load(int fd, const char *path, const char *data, size_t size,
                                 int bitcode, unsigned long seconds, unsigned long megabytes) {
  lower_limit(RLIMIT_CPU, (rlim_t)seconds);
#ifndef GS_ASAN
  /* the address space the caller already holds, and the budget */
  unsigned long pages = 0;
  FILE *statm = fopen("/proc/self/statm", "r");
  if (statm) {
    if (fscanf(statm, "%lu", &pages) != 1)
      pages = 0;
    fclose(statm);
  }
  rlim_t bytes = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)megabytes << 20);
  lower_limit(RLIMIT_AS, bytes);
#else
  (void)megabytes; /* AddressSanitizer's shadow memory needs the address space */
#endif
  LLVMContextRef ctx = LLVMContextCreate();
  char *msg = NULL;
  LLVMModuleRef m = parse_bytes(ctx, path, data, size, bitcode, &msg);
  if (m)
    msg = load_verify_message(m, path);
  if (msg) {
    child_send(fd, LOAD_TAG_ERROR, msg, strlen(msg));
    _exit(1);
  }
  LLVMMemoryBufferRef out = LLVMWriteBitcodeToMemoryBuffer(m);
  child_send(fd, LOAD_TAG_MODULE, LLVMGetBufferStart(out), LLVMGetBufferSize(out));
  _exit(0);
}

/* Reads both pipes until the child closes them or DEADLINE passes. */
static int drain(int fds[2], gs_str *got[2], time_t deadline) {
  int open_fds = 2;
  while (open_fds) {
    struct pollfd p[2];
    int n = 0;
    for (int i = 0; i < 2; i++)
      if (fds[i] >= 0)
        p[n++] = (struct pollfd){fds[i], POLLIN, 0};
    time_t now = time(NULL);
    if (now >= deadline)
      return 0;
    int r = poll(p, (nfds_t)n, (int)(deadline - now) * 1000);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return 0;
    for (int k = 0; k < n; k++) {
      if (!p[k].revents)
        continue;
      int i = p[k].fd == fds[0] ? 0 : 1;
      char buf[65536];
      ssize_t c = read(fds[i], buf, sizeof buf);
      if (c < 0 && errno == EINTR)
        continue;
      if (c <= 0) {
        close(fds[i]);
        fds[i] = -1;
        open_fds--;
        continue;
      }
      /* of the child's stderr, the start is what names the cause */
      if (i == 0 || got[i]->len < 65536)
        str_append(got[i], buf, (size_t)c);
    }
  }
  return 1;
}

/* What the child's stderr says when LLVM stopped it: the verifier's first
 * complaint before "Broken module found", or the "LLVM ERROR:" reason. */
static char *stopped_reason(const char *log) {
  gs_str r;
  str_init(&r);
  const char *broken = strstr(log, "LLVM ERROR: Broken module found");
  const char *fatal = strstr(log, "LLVM ERROR: ");
  if (broken && broken != log) {
    size_t n = strcspn(log, "\n");
    str_printf(&r, "invalid module: %.*s", (int)n, log);
    const char *next = log + n + (log[n] == '\n');
    next += strspn(next, " ");
    size_t k = strcspn(next, "\n");
    if (k && next < broken)
      str_printf(&r, " ('%.*s')", (int)(k > 200 ? 200 : k), next);
  } else if (fatal) {
    fatal += 12;
    str_printf(&r, "LLVM %d stopped reading it: %.*s", GS_LLVM_MAJOR, (int)strcspn(fatal, "\n"),
               fatal);
  }
  return r.len ? str_take(&r) : NULL;
}

/* One child's answer: what it sent, what it printed, how it ended. */
typedef struct {
  gs_str data, log;
  int status, finished;
  pid_t pid;
} child_result;

static void run_child(child_result *r, const char *path, const char *data, size_t size,
                      int bitcode, unsigned long seconds, unsigned long megabytes) {
  str_init(&r->data);
  str_init(&r->log);
  r->status = r->finished = 0;
  r->pid = -1;
  int data_pipe[2], err_pipe[2];
  if (pipe(data_pipe))
    return;
  if (pipe(err_pipe)) {
    close(data_pipe[0]);
    close(data_pipe[1]);
    return;
  }
  fflush(NULL);
  r->pid = fork();
  if (r->pid == 0) {
    close(data_pipe[0]);
    close(err_pipe[0]);
    dup2(err_pipe[1], 2);
    close(err_pipe[1]);
    child_load(data_pipe[1], path, data, size, bitcode, seconds, megabytes);
  }
  close(data_pipe[1]);
  close(err_pipe[1]);
  gs_str *got[2] = {&r->data, &r->log};
  int fds[2] = {data_pipe[0], err_pipe[0]};
  if (r->pid > 0)
    r->finished = drain(fds, got, time(NULL) + 4 * (time_t)seconds + 10);
  for (int i = 0; i < 2; i++)
    if (fds[i] >= 0)
      close(fds[i]);
  if (r->pid > 0) {
    if (!r->finished)
      kill(r->pid, SIGKILL);
    while (waitpid(r->pid, &r->status, 0) < 0 && errno == EINTR)
      ;
  }
}

enum { LOAD_HEADER = 1 + sizeof(uint64_t) };

/* Whether the child ended as it does after sending a whole message TAG. */
static int child_sent(const child_result *r, int tag) {
  uint64_t len = 0;
  if (r->data.len >= LOAD_HEADER)
    memcpy(&len, r->data.s + 1, sizeof len);
  return r->pid > 0 && WIFEXITED(r->status) &&
         WEXITSTATUS(r->status) == (tag == LOAD_TAG_MODULE ? 0 : 1) &&
         r->data.len >= LOAD_HEADER && r->data.s[0] == tag && len == r->data.len - LOAD_HEADER;
}

/* A broken module with debug info stops LLVM before the verifier can say
 * where; read once more with the module flag "Debug Info Version" renamed (a
 * name of the same length, so that text keeps its columns and bitcode its
 * layout: LLVM then drops the debug info) for the verifier's message with
 * its function. The renamed copy serves that message alone. */
static char *broken_module_message(const char *path, const char *data, size_t size, int bitcode,
                                   unsigned long seconds, unsigned long megabytes) {
  static const char flag[] = "Debug Info Version";
  size_t n = sizeof flag - 1;
  char *copy = gs_xmalloc(size + 1);
  memcpy(copy, data, size + 1);
  for (size_t i = 0; i + n <= size; i++)
    if (!memcmp(copy + i, flag, n))
      copy[i + n - 1] = 'm';
  child_result r;
  run_child(&r, path, copy, size, bitcode, seconds, megabytes);
  char *msg = child_sent(&r, LOAD_TAG_ERROR)
                  ? gs_strndup(r.data.s + LOAD_HEADER, r.data.len - LOAD_HEADER)
                  : NULL;
  str_free(&r.data);
  str_free(&r.log);
  free(copy);
  return msg;
}

gs_error *load_ir_file(LLVMContextRef ctx, const char *path, int bitcode, LLVMModuleRef *out) {
  *out = NULL;
  char *data = NULL;
  size_t size = 0;
  gs_error *e = gs_read_file(path, &data, &size);
  if (e)
    return e;
  unsigned long seconds = env_limit("GRIDSPLIT_LOAD_SECONDS", 60, 86400);
  unsigned long megabytes =
      env_limit("GRIDSPLIT_LOAD_MEGABYTES", 4096 + 64 * (size >> 20), 1ul << 30);
  child_result r;
  run_child(&r, path, data, size, bitcode, seconds, megabytes);
  gs_str got_data = r.data, got_log = r.log;
  int status = r.status, finished = r.finished;
  pid_t pid = r.pid;
  const char *log = got_log.s ? got_log.s : "";
  char *reason = stopped_reason(log);
  if (pid < 0) {
    e = gs_errorf("%s: cannot start reading the file: %s", path, strerror(errno));
  } else if (child_sent(&r, LOAD_TAG_MODULE)) {
    char *msg = NULL;
    *out = parse_bytes(ctx, path, got_data.s + LOAD_HEADER, got_data.len - LOAD_HEADER, 1, &msg);
    if (!*out)
      e = gs_errorf("internal error: LLVM %d could not read back the bitcode it wrote: %s",
                    GS_LLVM_MAJOR, msg);
    free(msg);
  } else if (child_sent(&r, LOAD_TAG_ERROR)) {
    e = gs_errorf("%.*s", (int)(got_data.len - LOAD_HEADER), got_data.s + LOAD_HEADER);
  } else if (!finished || (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU))) {
    e = gs_errorf("%s: LLVM %d did not finish reading the file within %lu s of CPU time: it is "
                  "corrupt, or larger than GRIDSPLIT_LOAD_SECONDS allows",
                  path, GS_LLVM_MAJOR, seconds);
  } else if (strstr(log, "bad_alloc") || strstr(log, "out of memory") ||
             strstr(log, "allocation-size-too-big") || strstr(log, "requested allocation size")) {
    e = gs_errorf("%s: LLVM %d ran out of memory reading the file (GRIDSPLIT_LOAD_MEGABYTES "
                  "allows %lu MiB): it is corrupt, or larger",
                  path, GS_LLVM_MAJOR, megabytes);
  } else if (reason) {
    char *named = strstr(log, "LLVM ERROR: Broken module found")
                      ? broken_module_message(path, data, size, bitcode, seconds, megabytes)
                      : NULL;
    e = named && strstr(named, "invalid module: function '") ? gs_errorf("%s", named)
                                                             : gs_errorf("%s: %s", path, reason);
    free(named);
  } else if (WIFSIGNALED(status)) {
    e = gs_errorf("%s: LLVM %d's %s reader crashed on the file (signal %d): it is corrupt", path,
                  GS_LLVM_MAJOR, bitcode ? "bitcode" : "IR", WTERMSIG(status));
  } else {
    e = gs_errorf("%s: LLVM %d's %s reader failed on the file (exit status %d): it is corrupt",
                  path, GS_LLVM_MAJOR, bitcode ? "bitcode" : "IR", WEXITSTATUS(status));
  }
  free(reason);
  str_free(&got_data);
  str_free(&got_log);
  free(data);
  return e;
}
