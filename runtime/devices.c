/* One grid over several devices (devices.h). */
#include "devices.h"

#include <stdlib.h>
#include <string.h>

void gs_device_range(size_t total, size_t n, size_t d, uint32_t *first, uint32_t *end) {
  /* device d from floor(total * d / n): in 64 bits, total < 2^32, n small */
  unsigned long long t = total;
  *first = (uint32_t)(t * d / n);
  *end = (uint32_t)(t * (d + 1) / n);
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    abort();
  return p;
}

void gs_device_waits_init(gs_device_waits *w, const gs_host_plan *p, const gs_host_arg *args,
                          size_t nargs) {
  size_t n = p->nsegments;
  w->nseg = n;
  w->conflict = xcalloc(n * n, 1);
  /* per segment and buffer: 1 touched, 2 written */
  unsigned char *use = xcalloc(n * (nargs + 1), 1);
  for (size_t s = 0; s < n; s++)
    for (size_t j = 0; j < p->segments[s].nuses; j++) {
      const gs_plan_use *u = &p->segments[s].uses[j];
      if (u->arg < 0 || (size_t)u->arg >= nargs)
        continue;
      size_t b = (size_t)u->arg;
      if (args[b].form == GS_BOUND_SAME)
        b = (size_t)args[b].same_as;
      /* buffers that may overlap count as one */
      if (!p->distinct)
        b = 0;
      unsigned char a = u->writes ? 2 : 1;
      if (a > use[s * (nargs + 1) + b])
        use[s * (nargs + 1) + b] = a;
    }
  int shared = p->live_arg >= 0 || p->control_arg >= 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      int c = shared;
      for (size_t b = 0; !c && b <= nargs; b++) {
        unsigned char x = use[i * (nargs + 1) + b], y = use[j * (nargs + 1) + b];
        c = x && y && (x == 2 || y == 2);
      }
      w->conflict[i * n + j] = (unsigned char)c;
    }
  free(use);
}

void gs_device_waits_free(gs_device_waits *w) {
  free(w->conflict);
  memset(w, 0, sizeof *w);
}

void gs_device_log_init(gs_device_log *l, size_t n, size_t cap) {
  l->n = n;
  l->cap = cap;
  l->seg = xcalloc(n * cap, sizeof *l->seg);
  l->len = xcalloc(n, sizeof *l->len);
  l->seen = xcalloc(n * n, sizeof *l->seen);
}

void gs_device_log_free(gs_device_log *l) {
  free(l->seg);
  free(l->len);
  free(l->seen);
  memset(l, 0, sizeof *l);
}

void gs_device_log_clear(gs_device_log *l) {
  memset(l->len, 0, l->n * sizeof *l->len);
  memset(l->seen, 0, l->n * l->n * sizeof *l->seen);
}

int gs_device_log_waits(gs_device_log *l, const gs_device_waits *w, size_t device, size_t segment,
                        size_t *wait, size_t *nwait) {
  *nwait = 0;
  if (l->len[device] == l->cap)
    return -1;
  for (size_t e = 0; e < l->n; e++) {
    if (e == device)
      continue;
    size_t *seen = &l->seen[device * l->n + e];
    for (size_t k = l->len[e]; k > *seen; k--) {
      size_t i = (size_t)l->seg[e * l->cap + k - 1];
      if (w->conflict[i * w->nseg + segment]) {
        wait[(*nwait)++] = e * l->cap + k - 1;
        *seen = k;
        break;
      }
    }
  }
  return 0;
}

int gs_device_log_group_waits(gs_device_log *l, const gs_device_waits *w, size_t segment,
                              size_t (*wait)[GS_DEVICES_MAX], size_t *nwait) {
  for (size_t d = 0; d < l->n; d++)
    if (gs_device_log_waits(l, w, d, segment, wait[d], &nwait[d]))
      return -1;
  return 0;
}

void gs_device_log_add(gs_device_log *l, size_t device, size_t segment) {
  l->seg[device * l->cap + l->len[device]++] = (int)segment;
}

/* (devices.h) atom, red without .sys are the GPU's scope (PTX ISA "atom");
 * a bulk reduction is atomic at the GPU's scope at most, and multimem needs
 * multicast objects, which gs-cuda-run never makes */
const char *gs_device_ptx_gpu_scope(const char *at, const char *end) {
  enum { ATOM, RED, LD, ST, FENCE, MEMBAR_GL, BULK_REDUCE, MULTIMEM };
  static const char *const ops[] = {
      "atom.", "red.", "ld.", "st.", "fence.", "membar.gl", "cp.reduce.async.bulk", "multimem."};
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    for (const char *p = strstr(at, ops[k]); p && p < end; p = strstr(p + 1, ops[k])) {
      /* an instruction, after the line's indent or predicate */
      if (p == at || (p[-1] != ' ' && p[-1] != '\t'))
        continue;
      const char *stop = p + strcspn(p, " \t\n;");
#define HAS(s) (strstr(p, s) && strstr(p, s) < stop)
      int shared = HAS(".shared"), narrow = HAS(".gpu") || HAS(".cluster");
      switch (k) {
      case ATOM:
      case RED:
        if (!shared && !HAS(".sys"))
          return p;
        break;
      case LD:
      case ST:
        if (narrow && !shared)
          return p;
        break;
      case FENCE:
        if (narrow)
          return p;
        break;
      case BULK_REDUCE:
        if (HAS(".global"))
          return p;
        break;
      default:
        return p;
      }
#undef HAS
    }
  return NULL;
}
