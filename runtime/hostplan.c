/* Plans read and arguments bound for every host (hostplan.h). */
#define _POSIX_C_SOURCE 200809L
#include "hostplan.h"

#include <gridsplit/control_word.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "order.h"

static int failf(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int failf(char *err, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (n)
    vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return 1;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    abort();
  return p;
}

static char *xstrdup(const char *s) {
  char *d = strdup(s);
  if (!d)
    abort();
  return d;
}

/* Appends ITEM to the array ITEMS of N */
#define PUSH(items, n, item)                                                                       \
  do {                                                                                             \
    void *grown_ = realloc((items), ((n) + 1) * sizeof *(items));                                  \
    if (!grown_)                                                                                   \
      abort();                                                                                     \
    (items) = grown_;                                                                              \
    (items)[(n)++] = (item);                                                                       \
  } while (0)

/* ---- the plan */

/* A non-negative integer member, or -1 when absent or null. */
static int json_int(const json_value *o, const char *key) {
  const json_value *v = json_get(o, key);
  if (!v || v->kind != JSON_NUMBER || v->number < 0 || v->number > 1e9)
    return -1;
  return (int)v->number;
}

static const char *json_str(const json_value *o, const char *key) {
  const json_value *v = json_get(o, key);
  return v && v->kind == JSON_STRING ? v->string : NULL;
}

static int json_true(const json_value *o, const char *key) {
  const json_value *v = json_get(o, key);
  return v && v->kind == JSON_BOOL && v->number;
}

void gs_host_plan_free(gs_host_plan *p) {
  for (size_t s = 0; s < p->nsegments; s++) {
    free(p->segments[s].function);
    free(p->segments[s].successors);
    free(p->segments[s].uses);
    free(p->segments[s].bindings);
  }
  free(p->push);
  free(p->segments);
  for (size_t i = 0; i < p->nargs; i++) {
    free(p->args[i].name);
    free(p->args[i].kind);
    free(p->args[i].type);
  }
  free(p->args);
  for (size_t i = 0; i < p->nglobals; i++) {
    free(p->globals[i].name);
    free(p->globals[i].init);
  }
  free(p->globals);
  free(p->workgroup_args);
  free(p->values);
  free(p->outputs);
  free(p->kernel);
  memset(p, 0, sizeof *p);
  p->live_arg = p->control_arg = p->virtual_arg = -1;
}

static int read_segments(const json_value *segs, const char *label, gs_host_plan *p, char *err,
                         size_t n) {
  p->nsegments = segs->count;
  p->segments = xcalloc(segs->count, sizeof *p->segments);
  for (size_t s = 0; s < segs->count; s++) {
    gs_plan_segment *seg = &p->segments[s];
    const json_value *fn = json_get(&segs->items[s], "function");
    const json_value *succ = json_get(&segs->items[s], "successors");
    if (!fn || fn->kind != JSON_STRING || !succ || succ->kind != JSON_ARRAY)
      return failf(err, n, "%s: segment %zu of '%s' lacks its function or successors", label, s,
                   p->kernel);
    seg->function = xstrdup(fn->string);
    seg->empty = json_true(&segs->items[s], "empty");
    for (size_t i = 0; i < succ->count; i++) {
      const json_value *t = &succ->items[i];
      if (t->kind != JSON_NUMBER || t->number < -1 || t->number >= (double)segs->count)
        return failf(err, n, "%s: segment %zu of '%s' has a successor that is no segment", label, s,
                     p->kernel);
      int to = (int)t->number;
      PUSH(seg->successors, seg->nsuccessors, to);
    }
  }
  return 0;
}

static int read_live_state(const json_value *live, const char *label, gs_host_plan *p, char *err,
                           size_t n) {
  p->live_arg = json_int(live, "arg");
  int bpi = json_int(live, "bytes_per_invocation"), wgb = json_int(live, "workgroup_bytes");
  int hb = json_int(live, "header_bytes");
  p->live_bytes = (unsigned)(bpi > 0 ? bpi : 0);
  p->workgroup_bytes = (unsigned)(wgb > 0 ? wgb : 0);
  p->header_bytes = (unsigned)(hb > 0 ? hb : 0);
  const json_value *wa = json_get(live, "workgroup_args");
  for (size_t i = 0; wa && wa->kind == JSON_ARRAY && i < wa->count; i++) {
    gs_plan_workgroup_arg w = {json_int(&wa->items[i], "arg"),
                               json_int(&wa->items[i], "size_offset")};
    PUSH(p->workgroup_args, p->nworkgroup_args, w);
  }
  const json_value *gl = json_get(live, "globals");
  for (size_t i = 0; gl && gl->kind == JSON_ARRAY && i < gl->count; i++) {
    const char *name = json_str(&gl->items[i], "name"), *init = json_str(&gl->items[i], "init");
    int off = json_int(&gl->items[i], "offset"), bytes = json_int(&gl->items[i], "bytes");
    if (!name || !init || off < 0 || bytes < 0 || strlen(init) != 2 * (size_t)bytes ||
        (unsigned)(off + bytes) > p->header_bytes)
      return failf(err, n,
                   "%s: kernel '%s': a carried global lacks its name, offset, bytes or init, or "
                   "lies outside the header",
                   label, p->kernel);
    gs_plan_global g = {xstrdup(name), (unsigned)off, (unsigned)bytes,
                        xcalloc((size_t)bytes + 1, 1), 0};
    for (int j = 0; j < bytes; j++) {
      unsigned v = 0;
      sscanf(init + 2 * j, "%2x", &v);
      g.init[j] = (unsigned char)v;
    }
    PUSH(p->globals, p->nglobals, g);
  }
  if (p->live_arg < 0)
    return failf(err, n, "%s: kernel '%s': live_state has no argument index", label, p->kernel);
  return 0;
}

/* Host outputs, and what each segment does to each argument buffer */
static void read_buffers(const json_value *kern, const json_value *segs, gs_host_plan *p) {
  const json_value *bufs = json_get(kern, "buffers");
  for (size_t b = 0; bufs && bufs->kind == JSON_ARRAY && b < bufs->count; b++) {
    const char *name = json_str(&bufs->items[b], "name");
    int arg = json_int(&bufs->items[b], "arg");
    int is_out = json_true(&bufs->items[b], "host_output");
    if (arg >= 0 && is_out)
      PUSH(p->outputs, p->noutputs, arg);
    else if (is_out && name)
      for (size_t i = 0; i < p->nglobals; i++)
        if (!strcmp(p->globals[i].name, name))
          p->globals[i].output = 1;
    for (size_t s = 0; arg >= 0 && name && s < p->nsegments; s++) {
      gs_plan_segment *seg = &p->segments[s];
      const json_value *used = json_get(&segs->items[s], "buffers");
      for (size_t j = 0; used && used->kind == JSON_ARRAY && j < used->count; j++) {
        const char *un = json_str(&used->items[j], "name");
        const char *role = json_str(&used->items[j], "role");
        gs_plan_use u = {arg, gs_order_access(role), role && strcmp(role, "read")};
        if (un && !strcmp(un, name) && u.access != GS_ORDER_NONE)
          PUSH(seg->uses, seg->nuses, u);
      }
    }
  }
}

/* --target vulkan: the workgroup size, the push constants and each
 * segment's bindings, every argument index checked */
static int read_vulkan(const json_value *kern, const json_value *segs, const char *label,
                       gs_host_plan *p, char *err, size_t n) {
  const json_value *wg = json_get(kern, "workgroup_size"), *push = json_get(kern, "push_constants");
  int pb = json_int(kern, "push_constant_bytes");
  if (!wg || wg->kind != JSON_ARRAY || wg->count != 3 || !push || push->kind != JSON_ARRAY ||
      pb < 0 || pb % 4)
    return failf(err, n,
                 "%s: kernel '%s' lacks its workgroup_size, push_constant_bytes or "
                 "push_constants (a plan for --target vulkan has them)",
                 label, p->kernel);
  p->push_bytes = (unsigned)pb;
  size_t nparams = p->nargs + 1 + (p->control_arg >= 0);
  if (p->virtual_arg >= 0 && (size_t)p->virtual_arg + GS_VIRTUAL_ARGS > nparams)
    nparams = (size_t)p->virtual_arg + GS_VIRTUAL_ARGS;
  for (int d = 0; d < 3; d++) {
    const json_value *x = &wg->items[d];
    if (x->kind != JSON_NUMBER || x->number < 1 || x->number > 65536)
      return failf(err, n, "%s: kernel '%s': workgroup_size is no size", label, p->kernel);
    p->workgroup_size[d] = (unsigned)x->number;
  }
  for (size_t i = 0; i < push->count; i++) {
    int arg = json_int(&push->items[i], "arg"), off = json_int(&push->items[i], "offset");
    int bytes = json_int(&push->items[i], "bytes");
    /* the kernel's scalars, or the virtual workgroups' counts and order (u32) */
    int virt =
        p->virtual_arg >= 0 && arg >= p->virtual_arg && arg < p->virtual_arg + GS_VIRTUAL_ARGS;
    if (arg < 0 || off < 0 || bytes <= 0 || off + bytes > pb ||
        (virt ? bytes != 4
              : (size_t)arg >= p->nargs || strcmp(p->args[arg].kind, "scalar") ||
                    (unsigned)bytes != p->args[arg].bytes))
      return failf(err, n, "%s: kernel '%s': push constant %zu is no scalar argument in the block",
                   label, p->kernel, i);
    gs_plan_push q = {arg, (unsigned)off, (unsigned)bytes};
    PUSH(p->push, p->npush, q);
  }
  for (size_t s = 0; s < p->nsegments; s++) {
    gs_plan_segment *seg = &p->segments[s];
    const json_value *b = json_get(&segs->items[s], "bindings");
    if (!b || b->kind != JSON_ARRAY)
      return failf(err, n, "%s: segment %zu of '%s' lacks its bindings", label, s, p->kernel);
    for (size_t i = 0; i < b->count; i++) {
      const char *access = json_str(&b->items[i], "access");
      gs_plan_binding x = {json_int(&b->items[i], "binding"), json_int(&b->items[i], "arg"),
                           access && !strcmp(access, "read-write")};
      if (x.binding < 0 || x.arg < 0 || (size_t)x.arg >= nparams || !access ||
          (!x.writable && strcmp(access, "read-only")) ||
          ((size_t)x.arg < p->nargs && strcmp(p->args[x.arg].kind, "buffer")) ||
          ((size_t)x.arg >= p->nargs && x.arg != p->live_arg && x.arg != p->control_arg))
        return failf(err, n, "%s: segment %zu of '%s': binding %zu is no buffer of the kernel",
                     label, s, p->kernel, i);
      PUSH(seg->bindings, seg->nbindings, x);
    }
  }
  return 0;
}

static int read_kernel(const json_value *kern, const char *label, gs_host_plan *p, char *err,
                       size_t n) {
  p->kernel = xstrdup(json_str(kern, "name"));
  const json_value *segs = json_get(kern, "segments");
  if (!segs || segs->kind != JSON_ARRAY || !segs->count)
    return failf(err, n, "%s: kernel '%s' has no segments", label, p->kernel);
  if (read_segments(segs, label, p, err, n))
    return 1;
  const json_value *args = json_get(kern, "args");
  p->has_args = args && args->kind == JSON_ARRAY;
  for (size_t i = 0; p->has_args && i < args->count; i++) {
    const char *name = json_str(&args->items[i], "name"), *kind = json_str(&args->items[i], "kind");
    const char *type = json_str(&args->items[i], "type");
    int bytes = json_int(&args->items[i], "bytes");
    if (!name || !kind || !type || bytes < 0)
      return failf(err, n, "%s: kernel '%s': argument %zu lacks its name, kind, type or bytes",
                   label, p->kernel, i);
    gs_plan_arg a = {xstrdup(name), xstrdup(kind), xstrdup(type), (unsigned)bytes};
    PUSH(p->args, p->nargs, a);
  }
  const json_value *live = json_get(kern, "live_state");
  if (live && live->kind == JSON_OBJECT && read_live_state(live, label, p, err, n))
    return 1;
  const json_value *control = json_get(kern, "control"), *virt = json_get(kern, "virtual_groups");
  p->control_arg = json_int(control, "arg");
  p->control_words = json_int(control, "words") > 0 ? json_int(control, "words") : 0;
  p->path_from_arguments = json_true(control, "path_from_arguments");
  const char *step = json_str(control, "step");
  p->steps_in_segments = !step ? 0 : !strcmp(step, "segments") ? 1 : -1;
  p->virtual_arg = json_int(virt, "arg");
  if (p->steps_in_segments > 0 && p->virtual_arg < 0)
    return failf(err, n, "%s: kernel '%s': \"step\": \"segments\" needs virtual workgroups", label,
                 p->kernel);
  if (p->virtual_arg >= 0 && json_int(virt, "order_arg") != p->virtual_arg + GS_VIRTUAL_ORDER)
    return failf(err, n, "%s: kernel '%s': virtual_groups has no order_arg after its three counts",
                 label, p->kernel);
  if (p->virtual_arg >= 0 && json_int(virt, "range_arg") != p->virtual_arg + GS_VIRTUAL_FIRST)
    return failf(err, n,
                 "%s: kernel '%s': virtual_groups has no range_arg after its order (a plan "
                 "of a gridsplit older than 2026-12-04, whose segments take no range)",
                 label, p->kernel);
  const json_value *vals = json_get(kern, "values");
  for (size_t i = 0; vals && vals->kind == JSON_ARRAY && i < vals->count; i++) {
    int arg = json_int(&vals->items[i], "arg"), bytes = json_int(&vals->items[i], "bytes");
    if (arg < 0 || bytes <= 0)
      return failf(err, n, "%s: kernel '%s': a value lacks its argument index or size", label,
                   p->kernel);
    gs_plan_value v = {arg, (unsigned)bytes};
    PUSH(p->values, p->nvalues, v);
  }
  p->distinct = json_true(kern, "distinct_buffers");
  read_buffers(kern, segs, p);
  if (p->vulkan)
    return read_vulkan(kern, segs, label, p, err, n);
  return 0;
}

int gs_host_plan_parse(const char *text, const char *label, const char *want, gs_host_plan *p,
                       char *err, size_t n) {
  memset(p, 0, sizeof *p);
  p->live_arg = p->control_arg = p->virtual_arg = -1;
  char why[256];
  json_value *root = json_parse(text, why, sizeof why);
  if (!root)
    return failf(err, n, "%s: not a valid plan: %s", label, why);
  const json_value *fmt = json_get(root, "format"), *ver = json_get(root, "version");
  const json_value *kernels = json_get(root, "kernels"), *kern = NULL;
  int rc = 0;
  if (!fmt || fmt->kind != JSON_STRING || strcmp(fmt->string, "gridsplit-plan") || !ver ||
      ver->kind != JSON_NUMBER || ver->number != 1 || !kernels || kernels->kind != JSON_ARRAY) {
    rc = failf(err, n, "%s: not a gridsplit plan of version 1", label);
    goto done;
  }
  for (size_t i = 0; i < kernels->count; i++) {
    const char *name = json_str(&kernels->items[i], "name");
    if (name && (want ? !strcmp(name, want) : kernels->count == 1))
      kern = &kernels->items[i];
  }
  if (!kern)
    rc = want ? failf(err, n, "%s: the plan has no kernel named '%s'", label, want)
              : failf(err, n, "%s: the plan has several kernels: choose one with --kernel", label);
  else {
    const char *target = json_str(root, "target");
    p->vulkan = target && !strncmp(target, "spirv", 5) && strstr(target, "vulkan");
    rc = read_kernel(kern, label, p, err, n);
  }
done:
  json_free(root);
  if (rc)
    gs_host_plan_free(p);
  return rc;
}

int gs_host_plan_read(const char *path, const char *want, gs_host_plan *p, char *err, size_t n) {
  unsigned char *text;
  size_t size;
  memset(p, 0, sizeof *p);
  p->live_arg = p->control_arg = p->virtual_arg = -1;
  if (gs_bind_read_file(path, &text, &size, err, n))
    return 1;
  int rc = gs_host_plan_parse((const char *)text, path, want, p, err, n);
  free(text);
  return rc;
}

/* ---- arguments */

const char *gs_bind_split(const char *arg, size_t *name_len) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg)
    return NULL;
  *name_len = (size_t)(eq - arg);
  return eq + 1;
}

int gs_bind_size(const char *s, size_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || end == s || *end || s[0] == '-')
    return 0;
  *out = (size_t)v;
  return 1;
}

static int bind_float(const char *s, unsigned bits, unsigned char out[8], size_t *size) {
  char *end;
  errno = 0;
  double d = strtod(s, &end);
  if (errno || end == s || *end)
    return GS_BIND_NOT_A_NUMBER;
  if (bits == 32) {
    float f = (float)d;
    memcpy(out, &f, 4);
    *size = 4;
  } else {
    memcpy(out, &d, 8);
    *size = 8;
  }
  return 0;
}

/* Any value that fits in BITS bits, negative or not (an LLVM integer has
 * no sign) */
static int bind_signless(const char *s, unsigned bits, unsigned char out[8], size_t *size) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 0);
  unsigned long long uv = (unsigned long long)v;
  if (errno == ERANGE && s[0] != '-') {
    errno = 0;
    uv = strtoull(s, &end, 0);
  }
  if (errno || end == s || *end)
    return GS_BIND_NOT_A_NUMBER;
  if (bits < 64) {
    long long lo = -(1LL << (bits - 1));
    unsigned long long hi = (1ULL << bits) - 1;
    if ((s[0] == '-' && v < lo) || (s[0] != '-' && uv > hi))
      return GS_BIND_DOES_NOT_FIT;
  }
  *size = bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
  memcpy(out, &uv, *size); /* little-endian host and device */
  return 0;
}

static int bind_signed_or_not(const char *s, gs_number_type t, unsigned char out[8], size_t *size) {
  char *end;
  errno = 0;
  int is_signed = t.kind == GS_NUMBER_SIGNED;
  unsigned long long u;
  if (s[0] == '-') {
    long long v = strtoll(s, &end, 0);
    if (errno || end == s || *end)
      return GS_BIND_NOT_A_NUMBER;
    if (!is_signed || (t.bits < 64 && v < -(1LL << (t.bits - 1))))
      return GS_BIND_DOES_NOT_FIT;
    u = (unsigned long long)v;
  } else {
    u = strtoull(s, &end, 0);
    if (errno || end == s || *end)
      return errno == ERANGE ? GS_BIND_DOES_NOT_FIT : GS_BIND_NOT_A_NUMBER;
    unsigned long long max = t.bits >= 64 ? ~0ULL : (1ULL << t.bits) - 1;
    if (is_signed)
      max >>= 1;
    if (u > max)
      return GS_BIND_DOES_NOT_FIT;
  }
  *size = t.bits / 8;
  memcpy(out, &u, *size); /* little-endian host and device */
  return 0;
}

int gs_bind_number(const char *text, gs_number_type t, unsigned char out[8], size_t *size) {
  if (t.kind == GS_NUMBER_FLOAT)
    return bind_float(text, t.bits, out, size);
  if (t.kind == GS_NUMBER_SIGNLESS)
    return bind_signless(text, t.bits, out, size);
  return bind_signed_or_not(text, t, out, size);
}

int gs_bind_read_file(const char *path, unsigned char **data, size_t *size, char *err, size_t n) {
  *data = NULL;
  *size = 0;
  FILE *f = fopen(path, "rb");
  if (!f) {
    int e = errno;
    failf(err, n, "cannot read '%s': %s", path, strerror(e));
    return e;
  }
  /* read to the end, so that a pipe or a file that grows reads whole */
  size_t cap = 1 << 16, len = 0;
  unsigned char *buf = malloc(cap + 1);
  for (;;) {
    if (!buf)
      abort();
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0)
      break;
    if (len == cap)
      buf = realloc(buf, (cap *= 2) + 1);
  }
  int e = ferror(f) ? (errno ? errno : EIO) : 0;
  fclose(f);
  if (e) {
    free(buf);
    failf(err, n, "cannot read '%s': %s", path, strerror(e));
    return e;
  }
  buf[len] = 0;
  *data = buf;
  *size = len;
  return 0;
}

static int find_arg(const gs_host_arg *args, size_t nargs, const char *name, size_t len) {
  for (size_t k = 0; k < nargs; k++)
    if (strlen(args[k].name) == len && !strncmp(args[k].name, name, len))
      return (int)k;
  return -1;
}

static int bind_scalar(gs_host_arg *p, gs_number_type t, const char *kernel, char *err, size_t n) {
  if (!t.bits)
    return failf(err, n, "kernel '%s': argument '%s' has a type gridsplit run cannot pass", kernel,
                 p->name);
  int rc = gs_bind_number(p->spec, t, p->scalar, &p->scalar_size);
  if (rc == GS_BIND_DOES_NOT_FIT)
    return failf(err, n, "kernel '%s': argument '%s' = %s does not fit in %u bits", kernel, p->name,
                 p->spec, t.bits);
  if (rc && t.kind == GS_NUMBER_FLOAT)
    return failf(err, n, "kernel '%s': argument '%s' is a floating-point number, not '%s'", kernel,
                 p->name, p->spec);
  if (rc)
    return failf(err, n, "kernel '%s': argument '%s' is a %u-bit integer, not '%s'", kernel,
                 p->name, t.bits, p->spec);
  return 0;
}

/* A struct passed by value (SPEC 4, "values"): the file's bytes, laid out
 * as the kernel's data layout says, padding included */
static int bind_value(gs_host_arg *p, const char *kernel, char *err, size_t n) {
  const char *v = p->spec;
  if (v[0] != '@')
    return failf(err, n,
                 "kernel '%s': argument '%s' is a %s passed by value (%u bytes): give its bytes "
                 "as %s=@FILE",
                 kernel, p->name, p->value_what, p->value_bytes, p->name);
  if (gs_bind_read_file(v + 1, &p->data, &p->bytes, err, n))
    return 1;
  if (p->bytes != p->value_bytes)
    return failf(err, n, "kernel '%s': argument '%s' is a %s of %u bytes, but '%s' holds %zu bytes",
                 kernel, p->name, p->value_what, p->value_bytes, v + 1, p->bytes);
  p->form = GS_BOUND_VALUE;
  return 0;
}

static int bind_buffer(gs_host_arg *p, const char *kernel, char *err, size_t n) {
  const char *v = p->spec;
  if (p->one_element.bits && v[0] != '@' && strncmp(v, "zeros:", 6) && strncmp(v, "same:", 5)) {
    unsigned char one[8];
    size_t size;
    int rc = bind_scalar(p, p->one_element, kernel, err, n);
    if (rc)
      return rc;
    memcpy(one, p->scalar, 8);
    size = p->scalar_size;
    p->scalar_size = 0;
    p->data = xcalloc(size, 1);
    memcpy(p->data, one, size);
    p->bytes = size;
    p->form = GS_BOUND_FILE;
  } else if (v[0] == '@') {
    if (gs_bind_read_file(v + 1, &p->data, &p->bytes, err, n))
      return 1;
    p->form = GS_BOUND_FILE;
  } else if (!strncmp(v, "zeros:", 6)) {
    if (!gs_bind_size(v + 6, &p->bytes))
      return failf(err, n, "argument '%s': '%s' is not a byte count", p->name, v + 6);
    p->form = GS_BOUND_ZEROS;
  } else if (!strncmp(v, "same:", 5)) {
    p->form = GS_BOUND_SAME;
    return 0;
  } else {
    return failf(err, n,
                 "kernel '%s': argument '%s' is a buffer: give it as %s=@FILE, %s=zeros:BYTES or "
                 "%s=same:OTHER",
                 kernel, p->name, p->name, p->name, p->name);
  }
  if (!p->bytes)
    return failf(err, n, "kernel '%s': buffer '%s' is empty", kernel, p->name);
  if (p->elem_size && p->bytes % p->elem_size)
    return failf(err, n,
                 "kernel '%s': buffer '%s' has %zu bytes, not a whole number of '%s' elements (%u "
                 "bytes each)",
                 kernel, p->name, p->bytes, p->elem_name, p->elem_size);
  return 0;
}

static int bind_one(gs_host_arg *args, size_t nargs, const char *a, const char *kernel, char *err,
                    size_t n) {
  size_t len;
  const char *v = gs_bind_split(a, &len);
  if (!v)
    return failf(err, n,
                 "argument '%s': expected NAME=@FILE, NAME=zeros:BYTES, NAME=local:BYTES, "
                 "NAME=same:OTHER or NAME=VALUE",
                 a);
  int k = find_arg(args, nargs, a, len);
  if (k < 0) {
    char names[1024] = "";
    for (size_t i = 0; i < nargs; i++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
               args[i].name);
    return failf(err, n, "kernel '%s' has no argument '%.*s' (its arguments: %s)", kernel, (int)len,
                 a, names);
  }
  gs_host_arg *p = &args[k];
  if (p->form != GS_BOUND_NONE)
    return failf(err, n, "argument '%s' is given twice", p->name);
  p->spec = v;
  switch (p->kind) {
  case GS_HOST_VALUE:
    return bind_value(p, kernel, err, n);
  case GS_HOST_SCALAR:
    if (v[0] == '@' || !strncmp(v, "zeros:", 6) || !strncmp(v, "local:", 6) ||
        !strncmp(v, "same:", 5))
      return failf(err, n, "kernel '%s': argument '%s' is a scalar, not a buffer ('%s')", kernel,
                   p->name, a);
    p->form = GS_BOUND_SCALAR;
    return bind_scalar(p, p->scalar_type, kernel, err, n);
  case GS_HOST_LOCAL:
    if (strncmp(v, "local:", 6) || !gs_bind_size(v + 6, &p->bytes) || !p->bytes)
      return failf(err, n,
                   "kernel '%s': argument '%s' is workgroup memory: give its size as "
                   "%s=local:BYTES",
                   kernel, p->name, p->name);
    p->form = GS_BOUND_LOCAL;
    return 0;
  case GS_HOST_BUFFER:
    break;
  }
  return bind_buffer(p, kernel, err, n);
}

/* The argument a same:OTHER argument K names, or -1 */
static int same_target(const gs_host_arg *args, size_t nargs, size_t k) {
  int t = -1;
  for (size_t j = 0; j < nargs; j++)
    if (!strcmp(args[j].name, args[k].spec + 5) && j != k &&
        (args[j].form == GS_BOUND_FILE || args[j].form == GS_BOUND_ZEROS))
      t = (int)j;
  return t;
}

int gs_bind_specs(gs_host_arg *args, size_t nargs, const char *const *specs, size_t nspecs,
                  const char *kernel, char *err, size_t n) {
  for (size_t i = 0; i < nspecs; i++)
    if (bind_one(args, nargs, specs[i], kernel, err, n))
      return 1;
  /* a same:OTHER argument's size, for what is bound from sizes before
   * gs_bind_finish (the runner's program lengths) */
  for (size_t k = 0; k < nargs; k++)
    for (size_t j = 0; args[k].form == GS_BOUND_SAME && j < nargs; j++)
      if (!strcmp(args[j].name, args[k].spec + 5) && j != k)
        args[k].bytes = args[j].bytes;
  return 0;
}

int gs_bind_finish(gs_host_arg *args, size_t nargs, int distinct, const char *kernel, char *err,
                   size_t n) {
  for (size_t k = 0; k < nargs; k++) {
    gs_host_arg *p = &args[k];
    if (p->form == GS_BOUND_NONE)
      return failf(err, n, "kernel '%s': argument '%s' is not given", kernel, p->name);
    if (p->form == GS_BOUND_SAME) {
      p->same_as = same_target(args, nargs, k);
      if (p->same_as < 0)
        return failf(err, n, "argument '%s': same:%s names no other buffer argument", p->name,
                     p->spec + 5);
      p->bytes = args[p->same_as].bytes;
    }
  }
  /* distinct buffers are a promise about the run: check it (SPEC 6) */
  for (size_t k = 0; distinct && k < nargs; k++)
    if (args[k].form == GS_BOUND_SAME)
      return failf(err, n,
                   "kernel '%s': buffers were declared distinct, but '%s' is the same buffer as "
                   "'%s'",
                   kernel, args[k].name, args[args[k].same_as].name);
  return 0;
}

void gs_bind_free(gs_host_arg *args, size_t nargs) {
  for (size_t k = 0; k < nargs; k++) {
    free(args[k].data);
    args[k].data = NULL;
  }
}

gs_number_type gs_plan_number_type(const char *type) {
  gs_number_type t = {GS_NUMBER_SIGNLESS, 0};
  if (type[0] == 'i')
    t.bits = (unsigned)atoi(type + 1);
  else if (!strcmp(type, "f32") || !strcmp(type, "f64"))
    t = (gs_number_type){GS_NUMBER_FLOAT, (unsigned)atoi(type + 1)};
  if (t.kind != GS_NUMBER_FLOAT && (t.bits < 1 || t.bits > 64))
    t.bits = 0;
  return t;
}

gs_host_arg *gs_plan_args(const gs_host_plan *p) {
  gs_host_arg *args = xcalloc(p->nargs + 1, sizeof *args);
  for (size_t i = 0; i < p->nargs; i++) {
    const gs_plan_arg *pa = &p->args[i];
    gs_host_arg *a = &args[i];
    a->name = pa->name;
    a->kind = !strcmp(pa->kind, "workgroup") ? GS_HOST_LOCAL
              : !strcmp(pa->kind, "scalar")  ? GS_HOST_SCALAR
              : !strcmp(pa->kind, "value")   ? GS_HOST_VALUE
                                             : GS_HOST_BUFFER;
    a->scalar_type = gs_plan_number_type(pa->type);
    a->value_bytes = pa->bytes;
    a->value_what = pa->type;
    a->elem_name = "";
  }
  return args;
}

int gs_bind_plan_args(const gs_host_plan *p, const char *const *specs, size_t nspecs,
                      gs_host_arg **out, char *err, size_t n) {
  gs_host_arg *args = *out = gs_plan_args(p);
  return gs_bind_specs(args, p->nargs, specs, nspecs, p->kernel, err, n) ||
         gs_bind_finish(args, p->nargs, p->distinct, p->kernel, err, n);
}

const char *gs_plan_replay_refusal(const gs_host_plan *plan) {
  return plan->control_arg < 0   ? "its schedule is static: there is no path to learn"
         : plan->virtual_arg < 0 ? "its segments have no virtual workgroups, whose order argument "
                                   "carries a replay (--virtual-workgroups)"
         : !plan->path_from_arguments ? "its path may depend on data, not only on the scalar "
                                        "arguments and the grid (the plan's "
                                        "control.path_from_arguments is false)"
                                      : NULL;
}
