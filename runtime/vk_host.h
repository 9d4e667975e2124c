/* The Vulkan host of a split kernel (issue 13, docs/targets.md "Vulkan"):
 * runs the segments of a --target vulkan module as its plan says, on a
 * Vulkan device, with no LLVM. Behind `gridsplit run --runtime vulkan`
 * (runtime/runner.c) and gs-vk-run (vk_run_main.c). */
#ifndef GS_VK_HOST_H
#define GS_VK_HOST_H

#include <stddef.h>

#include "hostplan.h"

/* Physical workgroups a dispatch of virtual workgroups launches unless
 * asked, where the device does not say what it holds (NVIDIA's does:
 * each segment then launches what its multiprocessors hold, occupancy.h):
 * about as many as an H200 holds at once in workgroups of 256 (132
 * multiprocessors, 8 each); a device that holds fewer runs them in turn. */
#define GS_VK_PHYSICAL_GROUPS 1056

typedef struct {
  const unsigned char *spirv; /* the module gridsplit --target vulkan wrote */
  size_t spirv_size;
  const char *plan_text;   /* its plan (SPEC section 4) */
  const char *plan_label;  /* what errors call the plan */
  const char *kernel;      /* NULL: the plan's only kernel */
  size_t grid[3];          /* invocations per dimension (0: unused) */
  size_t workgroup[3];     /* all 0: the plan's workgroup_size; else it must be that */
  const char *const *args; /* NAME=@FILE, NAME=zeros:BYTES, NAME=same:OTHER, NAME=VALUE */
  size_t nargs;
  const char *out_dir; /* host outputs go to OUT_DIR/NAME.bin; NULL: nowhere */
  unsigned device;     /* the loader's device N */
  int verbose;         /* each step on stderr */
  int profile; /* each segment's device time (timestamps around its dispatches) summed over the
                  runs after the first and the warm-up, printed on stderr after them */
  unsigned runs;       /* run the schedule this often (0: once); outputs are the first run's */
  double *seconds;     /* if not NULL: each run's device time (timestamps), RUNS of them */
  size_t physical_groups; /* with virtual workgroups: the workgroups each dispatch launches
                             (0: what the device holds of each segment, or
                             GS_VK_PHYSICAL_GROUPS; at most the grid's) */
  unsigned batch;         /* dynamic schedules: segments recorded ahead at first (0: 16, or as
                           * many as the last run took) */
  int no_replay;          /* dynamic schedules: step every run, never replay a known path */
  int replay; /* gridsplit run --replay: the kernel must be replayable (else an error before
                 anything runs) and a run must replay (RUNS at least 3: two to learn) */
  size_t max_launches; /* dynamic schedules: an error once this many segments ran and
                          the schedule has not ended (0: no limit) */
  /* a caller's own argument conventions (a .gsp program's, runtime/
   * program_args.h): DESCRIBE before ARGS are bound to the plan's
   * arguments, COMPLETE after, before they are checked; 0 or an error in ERR */
  void (*describe)(void *ctx, gs_host_arg *args, size_t nargs);
  int (*complete)(void *ctx, gs_host_arg *args, size_t nargs, char *err, size_t err_size);
  void *hook_ctx;
} gs_vk_request;

/* Runs R: the plan read and checked against the module, the arguments bound
 * and checked before the device does anything, buffers device-local for
 * the whole run. A static schedule is one command buffer; a dynamic one is
 * recorded ahead in batches of indirect dispatches (the step shader picks
 * which gets workgroups), the host reading the control word once a batch.
 * 0 on success; else 1 and "what and where" in ERR (a divergent barrier
 * at run time is such an error). */
int gs_vk_run(const gs_vk_request *r, char *err, size_t err_size);

#endif
