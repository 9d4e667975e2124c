#include "gs.h"

#include <stdlib.h>
#include <string.h>

gs_options *gs_options_create(void) { return gs_xcalloc(1, sizeof(gs_options)); }

void gs_options_dispose(gs_options *opts) {
  if (!opts)
    return;
  for (size_t i = 0; i < opts->nbarriers; i++)
    free(opts->barriers[i]);
  free(opts->barriers);
  free(opts->kernel);
  free(opts);
}

gs_error *gs_options_add_barrier(gs_options *opts, const char *name) {
  if (!name || !*name)
    return gs_errorf("barrier=: the barrier function name is empty");
  opts->barriers = gs_xrealloc(opts->barriers, (opts->nbarriers + 1) * sizeof *opts->barriers);
  opts->barriers[opts->nbarriers++] = gs_strdup(name);
  return NULL;
}

gs_error *gs_options_set_kernel(gs_options *opts, const char *name) {
  if (!name || !*name)
    return gs_errorf("kernel=: the kernel name is empty");
  free(opts->kernel);
  opts->kernel = gs_strdup(name);
  return NULL;
}

gs_error *gs_options_parse(gs_options *opts, const char *text) {
  const char *p = text ? text : "";
  while (*p) {
    const char *end = strchr(p, ';');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    char *item = gs_strndup(p, n);
    char *eq = strchr(item, '=');
    gs_error *err = NULL;
    if (n == 0) {
      /* tolerate an empty item ("a;;b") */
    } else if (!eq) {
      err = gs_errorf("gridsplit option '%s': expected KEY=VALUE (keys: barrier, kernel)", item);
    } else {
      *eq = 0;
      if (!strcmp(item, "barrier"))
        err = gs_options_add_barrier(opts, eq + 1);
      else if (!strcmp(item, "kernel"))
        err = gs_options_set_kernel(opts, eq + 1);
      else
        err = gs_errorf("gridsplit option '%s': unknown key (keys: barrier, kernel)", item);
    }
    free(item);
    if (err)
      return err;
    p += n;
    if (*p == ';')
      p++;
  }
  return NULL;
}
