/* Unit tests: helpers shared by the suites. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/IRReader.h>

#include "unit.h"

LLVMModuleRef parse_ir(LLVMContextRef ctx, const char *text) {
  LLVMMemoryBufferRef buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "test.ll");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  /* LLVMParseIRInContext takes ownership of BUF. */
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    ck_abort_msg("test IR does not parse: %s", msg ? msg : "(no message)");
  }
  if (msg)
    LLVMDisposeMessage(msg);
  return m;
}

char *module_text(LLVMModuleRef m) {
  char *s = LLVMPrintModuleToString(m);
  char *copy = strdup(s);
  LLVMDisposeMessage(s);
  return copy;
}

gs_analysis *analyze_ok(LLVMModuleRef m, const gs_options *opts) {
  gs_analysis *a = (gs_analysis *)0x1;
  gs_error *err = gs_analyze(m, opts, &a);
  if (err) {
    const char *msg = gs_error_message(err);
    ck_abort_msg("gs_analyze failed: %s", msg ? msg : "(NULL message)");
  }
  ck_assert_msg(a != NULL && a != (gs_analysis *)0x1, "gs_analyze succeeded without an analysis");
  return a;
}

char *analyze_err(LLVMModuleRef m, const gs_options *opts) {
  gs_analysis *a = (gs_analysis *)0x1;
  gs_error *err = gs_analyze(m, opts, &a);
  if (!err) {
    ck_abort_msg("gs_analyze succeeded (%zu kernels) where an error was expected",
                 gs_analysis_kernel_count(a));
  }
  ck_assert_msg(a == NULL, "gs_analyze failed but *out is not NULL");
  const char *msg = gs_error_message(err);
  ck_assert_msg(msg != NULL, "error message is NULL");
  ck_assert_msg(msg[0] != '\0', "error message is empty");
  char *copy = strdup(msg);
  gs_error_dispose(err);
  return copy;
}

size_t find_kernel(const gs_analysis *a, const char *name) {
  size_t n = gs_analysis_kernel_count(a);
  for (size_t k = 0; k < n; k++) {
    const char *kn = gs_kernel_name(a, k);
    if (kn && strcmp(kn, name) == 0)
      return k;
  }
  ck_abort_msg("kernel '%s' not in the analysis (%zu kernels)", name, n);
  return 0;
}

size_t find_buffer(const gs_analysis *a, size_t k, const char *name) {
  size_t n = gs_kernel_buffer_count(a, k);
  for (size_t b = 0; b < n; b++) {
    gs_buffer_info bi = gs_kernel_buffer(a, k, b);
    if (bi.name && strcmp(bi.name, name) == 0)
      return b;
  }
  ck_abort_msg("kernel '%s' has no buffer '%s' (%zu buffers)", gs_kernel_name(a, k), name, n);
  return 0;
}

void expect_kernel(const gs_analysis *a, size_t k, unsigned barriers, gs_schedule sched) {
  const char *name = gs_kernel_name(a, k);
  ck_assert_msg(gs_kernel_barrier_count(a, k) == barriers, "kernel '%s': %u barriers, expected %u",
                name, gs_kernel_barrier_count(a, k), barriers);
  ck_assert_msg(gs_kernel_segment_count(a, k) == (size_t)barriers + 1,
                "kernel '%s': %zu segments, expected %u", name, gs_kernel_segment_count(a, k),
                barriers + 1);
  ck_assert_msg(gs_kernel_schedule(a, k) == sched, "kernel '%s': schedule %s, expected %s", name,
                gs_kernel_schedule(a, k) == GS_SCHEDULE_STATIC ? "static" : "dynamic",
                sched == GS_SCHEDULE_STATIC ? "static" : "dynamic");
}

void expect_buffer(const gs_analysis *a, size_t k, const char *name, int arg, gs_space space,
                   int host_input, int host_output) {
  gs_buffer_info bi = gs_kernel_buffer(a, k, find_buffer(a, k, name));
  ck_assert_msg(bi.arg == arg, "buffer %s: arg %d, expected %d", name, bi.arg, arg);
  ck_assert_msg(bi.space == space, "buffer %s: space %d, expected %d", name, (int)bi.space,
                (int)space);
  ck_assert_msg(!!bi.host_input == !!host_input, "buffer %s: host_input %d, expected %d", name,
                bi.host_input, host_input);
  ck_assert_msg(!!bi.host_output == !!host_output, "buffer %s: host_output %d, expected %d", name,
                bi.host_output, host_output);
}

static int cmp_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

void expect_successors(const gs_analysis *a, size_t k, size_t s, const char *succs) {
  int want[64], got[64];
  size_t nwant = 0;
  for (const char *p = succs; *p;) {
    char *end;
    want[nwant++] = (int)strtol(p, &end, 10);
    p = *end == ',' ? end + 1 : end;
  }
  size_t ngot = gs_segment_successor_count(a, k, s);
  ck_assert_msg(ngot < 64, "too many successors");
  char gots[512] = "";
  for (size_t i = 0; i < ngot; i++) {
    got[i] = gs_segment_successor(a, k, s, i);
    snprintf(gots + strlen(gots), sizeof gots - strlen(gots), "%s%d", i ? "," : "", got[i]);
  }
  ck_assert_msg(ngot == nwant, "kernel '%s' segment %zu: successors {%s}, expected {%s}",
                gs_kernel_name(a, k), s, gots, succs);
  qsort(want, nwant, sizeof *want, cmp_int);
  qsort(got, ngot, sizeof *got, cmp_int);
  for (size_t i = 0; i < ngot; i++)
    ck_assert_msg(got[i] == want[i], "kernel '%s' segment %zu: successors {%s}, expected {%s}",
                  gs_kernel_name(a, k), s, gots, succs);
}

void expect_access(const gs_analysis *a, size_t k, size_t s, const char *buffer, gs_role role,
                   int r, int w, int at) {
  gs_segment_access acc = gs_segment_buffer_access(a, k, s, find_buffer(a, k, buffer));
  ck_assert_msg(acc.role == role && !!acc.read == r && !!acc.write == w && !!acc.atomic == at,
                "kernel '%s' segment %zu buffer %s: role %s R%d W%d A%d, expected %s R%d W%d A%d",
                gs_kernel_name(a, k), s, buffer, gs_role_name(acc.role), acc.read, acc.write,
                acc.atomic, gs_role_name(role), r, w, at);
}

void expect_untouched_except(const gs_analysis *a, size_t k, size_t s, const char *touched) {
  size_t n = gs_kernel_buffer_count(a, k);
  for (size_t b = 0; b < n; b++) {
    gs_buffer_info bi = gs_kernel_buffer(a, k, b);
    size_t len = strlen(bi.name);
    int listed = 0;
    for (const char *p = touched; *p;) {
      const char *comma = strchr(p, ',');
      size_t l = comma ? (size_t)(comma - p) : strlen(p);
      if (l == len && strncmp(p, bi.name, len) == 0)
        listed = 1;
      p += l + (comma != NULL);
    }
    if (listed)
      continue;
    gs_segment_access acc = gs_segment_buffer_access(a, k, s, b);
    ck_assert_msg(acc.role == GS_ROLE_NONE && !acc.read && !acc.write && !acc.atomic,
                  "kernel '%s' segment %zu touches buffer %s (role %s R%d W%d A%d), expected not",
                  gs_kernel_name(a, k), s, bi.name, gs_role_name(acc.role), acc.read, acc.write,
                  acc.atomic);
  }
}

char *squeeze_spaces(const char *text) {
  char *out = malloc(strlen(text) + 1);
  size_t o = 0;
  int at_line_start = 1, pending_space = 0;
  for (const char *p = text; *p; p++) {
    if (*p == ' ' || *p == '\t') {
      if (!at_line_start)
        pending_space = 1;
      continue;
    }
    if (*p == '\n') {
      pending_space = 0; /* trailing blanks dropped */
      at_line_start = 1;
      out[o++] = '\n';
      continue;
    }
    if (pending_space)
      out[o++] = ' ';
    pending_space = 0;
    at_line_start = 0;
    out[o++] = *p;
  }
  /* One final newline at most. */
  while (o > 0 && out[o - 1] == '\n')
    o--;
  out[o++] = '\n';
  out[o] = '\0';
  return out;
}

char *json_compact(const char *json) {
  char *out = malloc(strlen(json) + 1);
  size_t o = 0;
  int in_string = 0;
  for (const char *p = json; *p; p++) {
    if (in_string) {
      out[o++] = *p;
      if (*p == '\\' && p[1])
        out[o++] = *++p;
      else if (*p == '"')
        in_string = 0;
      continue;
    }
    if (isspace((unsigned char)*p))
      continue;
    if (*p == '"')
      in_string = 1;
    out[o++] = *p;
  }
  out[o] = '\0';
  return out;
}

/* The innermost object enclosing position HIT of JSON, malloc'ed, or NULL.
 * Strings in our plans hold no braces, so counting braces is enough. */
static char *enclosing_object(const char *json, const char *hit) {
  int depth = 0;
  const char *start = NULL;
  for (const char *p = hit; p >= json; p--) {
    if (*p == '}')
      depth++;
    else if (*p == '{') {
      if (depth == 0) {
        start = p;
        break;
      }
      depth--;
    }
  }
  if (!start)
    return NULL;
  depth = 0;
  for (const char *p = start; *p; p++) {
    if (*p == '{')
      depth++;
    else if (*p == '}' && --depth == 0) {
      size_t len = (size_t)(p - start) + 1;
      char *obj = malloc(len + 1);
      memcpy(obj, start, len);
      obj[len] = '\0';
      return obj;
    }
  }
  return NULL;
}

char *json_object_with(const char *json, const char *needle, const char *also) {
  for (const char *hit = strstr(json, needle); hit; hit = strstr(hit + 1, needle)) {
    char *obj = enclosing_object(json, hit);
    if (obj && strstr(obj, also))
      return obj;
    free(obj);
  }
  return NULL;
}

char *temp_dir(void) {
  const char *base = getenv("TMPDIR");
  char templ[4096];
  snprintf(templ, sizeof templ, "%s/gs-unit-XXXXXX", base && *base ? base : "/tmp");
  char *dir = mkdtemp(templ);
  ck_assert_msg(dir != NULL, "mkdtemp failed");
  return strdup(dir);
}

char *path_join(const char *dir, const char *name) {
  size_t len = strlen(dir) + strlen(name) + 2;
  char *p = malloc(len);
  snprintf(p, len, "%s/%s", dir, name);
  return p;
}

void write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  ck_assert_msg(f != NULL, "cannot write %s", path);
  ck_assert_msg(fwrite(data, 1, len, f) == len, "short write to %s", path);
  fclose(f);
}
