#include "gs.h"

#include "gridsplit/split.h"

#include <stdlib.h>
#include <string.h>

gs_options *gs_options_create(void) {
  gs_options *opts = gs_xcalloc(1, sizeof(gs_options));
  opts->virtual_workgroups = -1;
  return opts;
}

void gs_options_dispose(gs_options *opts) {
  if (!opts)
    return;
  for (size_t i = 0; i < opts->nbarriers; i++)
    free(opts->barriers[i]);
  free(opts->barriers);
  free(opts->kernel);
  free(opts->plan);
  free(opts->dump_after);
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

static gs_error *parse_bool(const char *key, const char *value, int *out) {
  if (!strcmp(value, "true") || !strcmp(value, "1"))
    *out = 1;
  else if (!strcmp(value, "false") || !strcmp(value, "0"))
    *out = 0;
  else
    return gs_errorf("gridsplit option '%s=%s': expected true or false", key, value);
  return NULL;
}

const char *gs_options_plan_path(const gs_options *opts) { return opts ? opts->plan : NULL; }

void gs_options_set_keep_original(gs_options *opts, int keep) { opts->drop_original = !keep; }

void gs_options_set_distinct_buffers(gs_options *opts, int distinct) {
  opts->distinct_buffers = distinct != 0;
}

void gs_options_set_steps_in_segments(gs_options *opts, int on) {
  opts->steps_in_segments = on != 0;
}

void gs_options_set_virtual_workgroups(gs_options *opts, int on) {
  opts->virtual_workgroups = on < 0 ? -1 : on != 0;
}

gs_error *gs_options_set_dump_after(gs_options *opts, const char *step) {
  for (size_t i = 0; step && i < gs_split_step_count(); i++)
    if (!strcmp(step, gs_split_step_name(i))) {
      free(opts->dump_after);
      opts->dump_after = gs_strdup(step);
      return NULL;
    }
  char *names = split_step_list();
  gs_error *e =
      gs_errorf("dump-after=%s: no such step of the split (steps: %s)", step ? step : "", names);
  free(names);
  return e;
}

void gs_options_set_verify_each(gs_options *opts, int on) { opts->verify_each = on != 0; }
void gs_options_set_time_steps(gs_options *opts, int on) { opts->time_steps = on != 0; }

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
      err = gs_errorf(
          "gridsplit option '%s': expected KEY=VALUE (keys: barrier, kernel, keep-original, "
          "distinct-buffers, virtual-workgroups, steps-in-segments, plan, dump-after, "
          "verify-each, time-steps)",
          item);
    } else {
      *eq = 0;
      if (!strcmp(item, "barrier"))
        err = gs_options_add_barrier(opts, eq + 1);
      else if (!strcmp(item, "kernel"))
        err = gs_options_set_kernel(opts, eq + 1);
      else if (!strcmp(item, "keep-original")) {
        int keep = 1;
        err = parse_bool(item, eq + 1, &keep);
        opts->drop_original = !keep;
      } else if (!strcmp(item, "distinct-buffers"))
        err = parse_bool(item, eq + 1, &opts->distinct_buffers);
      else if (!strcmp(item, "steps-in-segments"))
        err = parse_bool(item, eq + 1, &opts->steps_in_segments);
      else if (!strcmp(item, "virtual-workgroups")) {
        int on = 0;
        err = parse_bool(item, eq + 1, &on);
        if (!err)
          opts->virtual_workgroups = on != 0;
      } else if (!strcmp(item, "plan")) {
        if (!eq[1])
          err = gs_errorf("gridsplit option 'plan=': the file name is empty");
        free(opts->plan);
        opts->plan = gs_strdup(eq + 1);
      } else if (!strcmp(item, "dump-after"))
        err = gs_options_set_dump_after(opts, eq + 1);
      else if (!strcmp(item, "verify-each"))
        err = parse_bool(item, eq + 1, &opts->verify_each);
      else if (!strcmp(item, "time-steps"))
        err = parse_bool(item, eq + 1, &opts->time_steps);
      else
        err = gs_errorf("gridsplit option '%s': unknown key (keys: barrier, kernel, "
                        "keep-original, distinct-buffers, virtual-workgroups, steps-in-segments, "
                        "plan, dump-after, verify-each, time-steps)",
                        item);
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
