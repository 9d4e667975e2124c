/* The order in which a launch of a segment runs its virtual workgroups
 * (docs/split.md, "virtual_groups.order_arg"). Both runners choose it the
 * same way, at each launch: the reverse of the order of the launch that last
 * touched the largest buffer this segment reads. A segment then starts on
 * what the one before it touched last, which is still in the cache (the
 * L2 of a GPU holds tens of megabytes), instead of on what it touched first.
 * Any order computes the same result: workgroups of a segment are unordered. */
#ifndef GS_ORDER_H
#define GS_ORDER_H

#include <stddef.h>

enum { GS_ORDER_NONE = 0, GS_ORDER_TOUCHES = 1, GS_ORDER_READS = 2 };

typedef struct {
  size_t nsegments, nbuffers;
  unsigned char *access; /* nsegments * nbuffers: GS_ORDER_NONE, _TOUCHES or _READS */
  size_t *bytes;         /* per buffer */
  signed char *last;     /* per buffer: the order of the last launch that touched it, or -1 */
} gs_order;

/* NSEGMENTS segments over NBUFFERS buffers, every access GS_ORDER_NONE;
 * the caller notes the accesses (gs_order_note) and fills bytes[b]. */
void gs_order_init(gs_order *o, size_t nsegments, size_t nbuffers);
void gs_order_free(gs_order *o);
/* Segment S does ACCESS to buffer B: the strongest access noted is kept
 * (GS_ORDER_READS over _TOUCHES); S or B out of range is ignored. */
void gs_order_note(gs_order *o, size_t s, size_t b, unsigned char access);
/* GS_ORDER_READS for the roles that read what is there ("read",
 * "readwrite", "accumulate"), GS_ORDER_TOUCHES for "write" */
unsigned char gs_order_access(const char *role);
/* The order of the next launch, of segment S: 0 from the first virtual
 * workgroup to the last, 1 from the last to the first. */
unsigned gs_order_next(gs_order *o, size_t s);

#endif
