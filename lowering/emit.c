/* LLVM IR to targets (SPEC section 6). Code generation runs in a forked
 * child: LLVM backends report some errors by aborting, and a library must not
 * take its caller down with it. The child writes the result (or the message)
 * to temporary files that the parent reads. What differs between targets is
 * in their descriptions (lib/target_*.c: the emission fields and hooks); this
 * file is the same for all. */
#define _POSIX_C_SOURCE 200809L
#include "gridsplit/emit.h"

#include "gs.h"
#include "lowering.h"

#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/TargetMachine.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int gs_target_cpu_valid(LLVMTargetMachineRef tm, const char *cpu);

/* every target's backend, once */
static void init_targets(void) {
  static int done;
  if (done)
    return;
  done = 1;
  for (const gs_target *const *t = target_all; *t; t++)
    if ((*t)->init_backend)
      (*t)->init_backend();
}

static void write_message(const char *path, const char *msg) {
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(msg, f);
    fclose(f);
  }
}

/* Backend errors that reach the context become the child's message. */
static void child_diagnostic(LLVMDiagnosticInfoRef info, void *ctx) {
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError)
    return;
  char *d = LLVMGetDiagInfoDescription(info);
  write_message(ctx, d);
  LLVMDisposeMessage(d);
  _exit(3);
}

/* A code object links every function it holds: one that nothing calls and
 * that is no kernel (a helper whose calls were all inlined, still calling a
 * grid barrier that no device library defines) is left out. */
static void drop_dead_functions(LLVMModuleRef m) {
  const gs_target *t = target_for_module(m);
  int changed = 1;
  while (changed) {
    changed = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (LLVMCountBasicBlocks(f) && !LLVMGetFirstUse(f) && !t->is_kernel(m, f)) {
        LLVMDeleteFunction(f);
        changed = 1;
      }
    }
  }
}

/* After the rewrites before code generation: NULL, or the verifier's
 * message (a rewrite that broke the module is an internal error, never a
 * backend crash) */
/* MSG (malloc'd, or NULL) to ERR: 1 when there was one */
static int child_failed(const char *err, char *msg) {
  if (!msg)
    return 0;
  write_message(err, msg);
  free(msg);
  return 1;
}

/* In the child: emit M (a copy) for O to OUT, or a message to ERR and exit 1. */
static int child_emit(LLVMModuleRef m, const target_output *o, const char *cpu, const char *out,
                      const char *err) {
  const gs_target *t = o->emitter ? o->emitter : o->target;
  LLVMContextSetDiagnosticHandler(LLVMGetModuleContext(m), child_diagnostic, (void *)err);
  if (t->emit_translate)
    return child_failed(err, t->emit_translate(m, out));
  const char *triple = t->backend_triple ? t->backend_triple : LLVMGetTarget(m);
  if (t->backend_triple)
    LLVMSetTarget(m, triple);
  if (t->emit_prepare) {
    t->emit_prepare(m);
    if (child_failed(err, emit_verify_message(m)))
      return 1;
  }
  LLVMTargetRef target;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
    write_message(err, msg ? msg : "no such target");
    return 1;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, triple, cpu ? cpu : "", "", LLVMCodeGenLevelDefault,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  if (cpu && !gs_target_cpu_valid(tm, cpu)) {
    char text[256];
    snprintf(text, sizeof text, "'%s' is not a processor the %s target of LLVM %d knows", cpu,
             o->name, GS_LLVM_MAJOR);
    write_message(err, text);
    return 1;
  }
  if (t->drop_dead_functions)
    drop_dead_functions(m);
  if (t->emit_rewrite && child_failed(err, t->emit_rewrite(m, cpu)))
    return 1;
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(m, layout);
  LLVMDisposeTargetData(layout);
  if (t->emit_laid_out)
    t->emit_laid_out(m, cpu);
  LLVMCodeGenFileType ft = t->emits_assembly ? LLVMAssemblyFile : LLVMObjectFile;
  int failed = LLVMTargetMachineEmitToFile(tm, m, (char *)out, ft, &msg);
  if (failed)
    write_message(err, msg ? msg : "the backend failed");
  if (!failed && t->check_output) {
    char *data = NULL, *why = NULL;
    size_t size = 0;
    gs_error *re = gs_read_file(out, &data, &size);
    if (!re && t->mend_output && t->mend_output(&data, &size)) {
      FILE *f = fopen(out, "wb");
      if (!f || fwrite(data, 1, size, f) != size)
        why = gs_strdup("cannot write the mended output");
      if (f)
        fclose(f);
    }
    if (!why)
      why = re ? gs_strdup(gs_error_message(re)) : t->check_output(data, size);
    gs_error_dispose(re);
    if (why) {
      write_message(err, why);
      failed = 1;
    }
    free(why);
    free(data);
  }
  LLVMDisposeMessage(msg);
  LLVMDisposeTargetMachine(tm);
  LLVMDisposeModule(m);
  return failed;
}

/* The reason in LOG (N bytes), the stderr of a child that stopped: the
 * text after "LLVM ERROR: ", else its first non-empty line (a failed
 * assertion's message; a stack dump may follow); NULL if none. Cuts LOG.
 * Bytes that are not printable ASCII become '?'. */
static const char *child_reason(char *log, size_t n) {
  if (!log || !n)
    return NULL;
  for (size_t i = 0; i < n; i++)
    if (log[i] != '\n' && ((unsigned char)log[i] < 32 || (unsigned char)log[i] > 126))
      log[i] = log[i] == '\t' ? ' ' : '?';
  char *line = strstr(log, "LLVM ERROR: ");
  if (line)
    line += 12;
  else
    line = log + strspn(log, "\n ");
  line[strcspn(line, "\n")] = 0;
  return *line ? line : NULL;
}

gs_error *gs_emit(LLVMModuleRef m, gs_target_kind kind, const char *mcpu, char **data,
                  size_t *size) {
  *data = NULL;
  *size = 0;
  const target_output *o = target_output_for(kind);
  if (!o)
    return gs_errorf("gs_emit: no target kind %d", (int)kind);
  const gs_target *t = o->emitter ? o->emitter : o->target;
  if (o->text) {
    *data = LLVMPrintModuleToString(m);
    char *copy = gs_strdup(*data);
    LLVMDisposeMessage(*data);
    *data = copy;
    *size = strlen(copy);
    return NULL;
  }
  if (strncmp(LLVMGetTarget(m), t->triple_prefix, strlen(t->triple_prefix)))
    return gs_errorf("the module is for '%s', not for the %s target: compile the kernels for %s",
                     LLVMGetTarget(m), o->name, t->triple);
  if (t->emit_check) {
    gs_error *bad = t->emit_check(m);
    if (bad)
      return bad;
  }
  const char *cpu = t->default_cpu ? (mcpu ? mcpu : t->default_cpu) : NULL;
  init_targets();
  char out[] = "/tmp/gridsplit-emit-XXXXXX", err[] = "/tmp/gridsplit-emit-err-XXXXXX";
  int fo = mkstemp(out), fe = mkstemp(err);
  if (fo < 0 || fe < 0)
    return gs_errorf("cannot create a temporary file: %s", strerror(errno));
  close(fo);
  close(fe);
  LLVMModuleRef copy = LLVMCloneModule(m);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    /* what the child's LLVM prints (a fatal error's reason among it) goes
     * to ERR, which a clean error message replaces */
    FILE *log = freopen(err, "a", stderr);
    (void)log;
    _exit(child_emit(copy, o, cpu, out, err));
  }
  LLVMDisposeModule(copy);
  gs_error *e = NULL;
  int status = 0;
  if (pid < 0) {
    e = gs_errorf("cannot start code generation: %s", strerror(errno));
  } else {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
    if (WIFSIGNALED(status)) {
      /* what the child printed before it stopped: LLVM's fatal error
       * ("LLVM ERROR: Cannot select: ..."), else the last line, such as a
       * failed assertion of the translator */
      char *log = NULL;
      size_t n = 0;
      gs_error_dispose(gs_read_file(err, &log, &n));
      const char *why = child_reason(log, n);
      e = gs_errorf("the %s %s of LLVM %d stopped (signal %d) while emitting the segments%s%s",
                    o->name, t->emitter, GS_LLVM_MAJOR, WTERMSIG(status), why ? ": " : "",
                    why ? why : "");
      free(log);
    } else if (WEXITSTATUS(status)) {
      char *msg = NULL;
      size_t n = 0;
      gs_error_dispose(gs_read_file(err, &msg, &n));
      while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = 0;
      /* one line: the translator's messages span several */
      size_t w = 0;
      for (size_t r = 0; r < n; r++) {
        char ch = msg[r] == '\n' || msg[r] == '\t' ? ' ' : msg[r];
        if (ch != ' ' || (w && msg[w - 1] != ' '))
          msg[w++] = ch;
      }
      msg[w] = 0;
      n = w;
      e = gs_errorf("%s code generation failed: %s", o->name,
                    n ? msg : "the backend gave no reason");
      free(msg);
    }
  }
  if (!e && t->link) {
    char so[] = "/tmp/gridsplit-hsaco-XXXXXX";
    int fs = mkstemp(so);
    if (fs >= 0)
      close(fs);
    e = fs < 0 ? gs_errorf("cannot create a temporary file") : t->link(out, so);
    if (!e)
      e = gs_read_file(so, data, size);
    unlink(so);
  } else if (!e) {
    e = gs_read_file(out, data, size);
  }
  unlink(out);
  unlink(err);
  return e;
}
