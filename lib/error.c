#include "gs.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static gs_error *error_vcreate(const char *fmt, va_list ap) {
  gs_str s;
  str_init(&s);
  str_vprintf(&s, fmt, ap);
  gs_error *e = gs_xmalloc(sizeof *e);
  e->message = str_take(&s);
  return e;
}

/* the library's own name for it (lib/gs.h), and the public one */
gs_error *gs_errorf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gs_error *e = error_vcreate(fmt, ap);
  va_end(ap);
  return e;
}

gs_error *gs_error_create(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  gs_error *e = error_vcreate(fmt, ap);
  va_end(ap);
  return e;
}

const char *gs_error_message(const gs_error *err) { return err ? err->message : ""; }

void gs_error_dispose(gs_error *err) {
  if (!err)
    return;
  free(err->message);
  free(err);
}

void gs_dispose_string(char *s) { free(s); }

void warn_once(gs_vec *warnings, char *msg) {
  for (size_t i = 0; i < warnings->len; i++)
    if (!strcmp(VEC_AT(warnings, char *, i), msg)) {
      free(msg);
      return;
    }
  VEC_PUSH(warnings, char *, msg);
}
