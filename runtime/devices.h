/* One grid over several devices (docs/split.md, "Ranges of virtual
 * workgroups"): every segment is launched once a device, each launch
 * running a contiguous range of the virtual workgroups, the same range on
 * that device in every segment; a launch waits for the launches on the
 * other devices that it conflicts with. Both the OpenCL runner (logical
 * devices: command queues of one device) and gs-cuda-run use it. No LLVM. */
#ifndef GS_DEVICES_H
#define GS_DEVICES_H

#include <stddef.h>
#include <stdint.h>

#include "hostplan.h"

/* the most devices a grid spreads over */
#define GS_DEVICES_MAX 64

/* The range [*FIRST, *END) of TOTAL virtual workgroups that device D of N
 * runs: the N ranges are contiguous, in device order, cover [0, TOTAL), and
 * differ in length by one at most (a device past TOTAL has an empty one). */
void gs_device_range(size_t total, size_t n, size_t d, uint32_t *first, uint32_t *end);

/* Which launches of segments wait for which: CONFLICT[i * NSEG + j] when a
 * launch of segment j on one device must wait for an earlier launch of
 * segment i on another one to end. */
typedef struct {
  size_t nseg;
  unsigned char *conflict;
} gs_device_waits;

/* From the plan's roles, for the arguments bound as ARGS: two segments
 * conflict where one writes (any role but read) a buffer the other touches;
 * a buffer given as same:OTHER is OTHER; without "distinct_buffers" any two
 * buffers may be one. The live state and the control word are every
 * segment's, read and written (values carried once, program-scope
 * variables and choices cross devices), so a kernel with either has every
 * pair of segments conflict. */
void gs_device_waits_init(gs_device_waits *w, const gs_host_plan *p, const gs_host_arg *args,
                          size_t nargs);
void gs_device_waits_free(gs_device_waits *w);

/* The launches so far, per device, and which of them a new launch waits
 * for: gs_device_log_waits lists in WAIT (at most N - 1 entries, *NWAIT
 * of them) for each other device its latest launch that conflicts with a
 * launch of SEGMENT and that no earlier launch of DEVICE has waited for
 * already (the streams are in order, so an earlier one's end is implied);
 * each entry is device * CAP + the device's launch index (CAP: the log's
 * capacity a device); gs_device_log_add notes DEVICE's launch of SEGMENT. */
typedef struct {
  size_t n, cap;
  int *seg;     /* n * cap: the segment of each device's launch */
  size_t *len;  /* per device: its launches */
  size_t *seen; /* n * n: seen[d * n + e], launches of e that d has waited for */
} gs_device_log;

void gs_device_log_init(gs_device_log *l, size_t n, size_t cap);
void gs_device_log_free(gs_device_log *l);
/* forget every launch (after the host waited for all of them) */
void gs_device_log_clear(gs_device_log *l);
/* 0, or -1 where DEVICE's log is full (the caller waits for everything and clears) */
int gs_device_log_waits(gs_device_log *l, const gs_device_waits *w, size_t device, size_t segment,
                        size_t *wait, size_t *nwait);
void gs_device_log_add(gs_device_log *l, size_t device, size_t segment);
/* The waits of a launch of SEGMENT on each of the log's devices, into
 * WAIT[d] and NWAIT[d] (gs_device_log_waits), all taken before any is
 * added: the launches of one segment are one grid's workgroups, unordered,
 * and wait for none of each other. 0, or -1 where the log is full: the
 * caller waits for every device, clears the log and asks again. */
int gs_device_log_group_waits(gs_device_log *l, const gs_device_waits *w, size_t segment,
                              size_t (*wait)[GS_DEVICES_MAX], size_t *nwait);

/* An instruction of PTX text [AT, END) that is not atomic, or not
 * ordered, between two GPUs sharing a buffer, or NULL: an atomic on global
 * or generic addresses of a scope narrower than the system's (atom and red
 * without .sys: the GPU's), a load or store on them or a fence of the
 * GPU's or a cluster's scope (.gpu, .cluster, membar.gl), a bulk reduction
 * into global memory, any multimem access. Workgroup memory (.shared) is
 * one workgroup's, on one GPU. gs-cuda-run refuses such segments across
 * GPUs. */
const char *gs_device_ptx_gpu_scope(const char *at, const char *end);

#endif
