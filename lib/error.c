#include "gs.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

gs_error *gs_error_create(const char *fmt, ...) {
  gs_str s;
  str_init(&s);
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(&s, fmt, ap);
  va_end(ap);
  gs_error *e = gs_xmalloc(sizeof *e);
  e->message = str_take(&s);
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
