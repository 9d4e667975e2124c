/* gridsplit: running split kernels on an OpenCL device (SPEC section 5). */
#ifndef GRIDSPLIT_RUN_H
#define GRIDSPLIT_RUN_H

#include <stddef.h>

#include "gridsplit/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* where the segments run */
typedef enum {
  GS_RUNTIME_OPENCL, /* the OpenCL device (POCL on a CPU), from SPIR bitcode; LLVM 15 */
  GS_RUNTIME_VULKAN  /* a Vulkan device, from --target vulkan shaders (emitted with LLVM 22,
                        or given with PLAN: then no LLVM is needed) */
} gs_runtime;

typedef struct {
  const char *input;     /* .ll, .bc or .cl holding the original kernel, or,
                            with PLAN, the module the split wrote */
  const char *plan;      /* run this plan (a file) on INPUT as it is: no split */
  const char *kernel;    /* NULL: the only kernel with grid barriers */
  size_t grid[3];        /* invocations per dimension (0 = unused) */
  size_t workgroup[3];   /* workgroup size per dimension */
  const char *out_dir;   /* where host outputs go as NAME.bin */
  const char *const *args; /* NAME=@FILE, NAME=zeros:BYTES, NAME=local:BYTES,
                              NAME=same:OTHER, NAME=VALUE */
  size_t nargs;
  int opt_level;         /* for .cl inputs */
  int distinct_buffers;  /* declare (and have checked) that no buffers overlap */
  const char *const *barriers; /* extra barrier names */
  size_t nbarriers;
  int verbose;           /* print each launch on stderr */
  int virtual_workgroups; /* 1 on, -1 off, 0 the target's default (off for SPIR) */
  size_t physical_groups; /* with virtual workgroups: physical workgroups to
                             launch (0: the runner's choice, four per compute
                             unit, at most the virtual grid's) */
  int check_guards;      /* dynamic schedules: after every launch, launch each
                            other segment too, which must do nothing (the
                            schedule has not reached it: docs/split.md) */
  int check;             /* also run the original kernel (INPUT, OpenCL C) with
                            true grid barriers on the CPU (gs-reference) and
                            compare every host-output buffer with the split's:
                            the first difference is the error */
  unsigned check_ulp;    /* with CHECK: 0 compares bit for bit; N > 0 lets
                            float and double elements (element type from the
                            kernel signature) differ by up to N units in the
                            last place, NaN matching NaN */
  gs_runtime runtime;    /* GS_RUNTIME_OPENCL (0) unless set */
  unsigned device;       /* Vulkan: the loader's device N */
  size_t max_launches;   /* dynamic schedules: an error, not a launch, once
                            this many segments ran and the schedule has not
                            ended (0: no limit) */
  int replay;            /* OpenCL, a dynamic schedule with virtual workgroups
                            whose plan has "path_from_arguments": after the
                            run, the inputs written again and the path it
                            took replayed (docs/split.md, "Replaying a path");
                            the outputs are the replay's */
  size_t devices;        /* OpenCL, 0 or 1: one device; N: the grid spread over N
                            logical devices, each an in-order command queue of the
                            one device that runs a contiguous range of the virtual
                            workgroups in every segment, after the launches on the
                            others that it conflicts with (docs/split.md, "Ranges
                            of virtual workgroups"); turns virtual workgroups on */
} gs_run_request;

/* Splits the kernel and runs its segments on the first OpenCL device (with
 * GS_RUNTIME_VULKAN: emits them as Vulkan compute shaders, the workgroup
 * size WORKGROUP or the kernel's, and runs them on Vulkan device DEVICE,
 * runtime/vk_host.h),
 * buffers staying on the device between segments; dynamic schedules follow
 * the control word. Every host-output buffer is written to OUT_DIR/NAME.bin.
 * A divergent barrier found at run time is an error, not a hang. With CHECK
 * the reference's outputs go to OUT_DIR/reference/NAME.bin, and a buffer
 * that differs is an error naming it, the offset and both values. */
gs_error *gs_run(const gs_run_request *req);

#ifdef __cplusplus
}
#endif
#endif
