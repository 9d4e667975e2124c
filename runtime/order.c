/* The order of a segment's virtual workgroups at each launch (order.h). */
#include "order.h"

#include <stdlib.h>
#include <string.h>

void gs_order_init(gs_order *o, size_t nsegments, size_t nbuffers) {
  o->nsegments = nsegments;
  o->nbuffers = nbuffers;
  o->access = calloc(nsegments * nbuffers + 1, 1);
  o->bytes = calloc(nbuffers + 1, sizeof *o->bytes);
  o->last = malloc(nbuffers + 1);
  if (!o->access || !o->bytes || !o->last)
    abort();
  memset(o->last, -1, nbuffers + 1);
}

void gs_order_free(gs_order *o) {
  free(o->access);
  free(o->bytes);
  free(o->last);
  memset(o, 0, sizeof *o);
}

void gs_order_note(gs_order *o, size_t s, size_t b, unsigned char access) {
  if (s >= o->nsegments || b >= o->nbuffers)
    return;
  unsigned char *slot = &o->access[s * o->nbuffers + b];
  if (access > *slot)
    *slot = access;
}

unsigned char gs_order_access(const char *role) {
  if (!role || !strcmp(role, "none"))
    return GS_ORDER_NONE;
  /* an accumulating segment merges into what is there: a read too */
  return strcmp(role, "write") ? GS_ORDER_READS : GS_ORDER_TOUCHES;
}

unsigned gs_order_next(gs_order *o, size_t s) {
  if (s >= o->nsegments)
    return 0;
  const unsigned char *acc = o->access + s * o->nbuffers;
  size_t best = o->nbuffers;
  for (size_t b = 0; b < o->nbuffers; b++)
    if (acc[b] == GS_ORDER_READS && o->last[b] >= 0 &&
        (best == o->nbuffers || o->bytes[b] > o->bytes[best]))
      best = b;
  unsigned order = best < o->nbuffers ? (unsigned)!o->last[best] : 0;
  for (size_t b = 0; b < o->nbuffers; b++)
    if (acc[b] != GS_ORDER_NONE)
      o->last[b] = (signed char)order;
  return order;
}
