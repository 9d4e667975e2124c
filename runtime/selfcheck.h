/* gridsplit run --check: the original kernel on the threaded reference
 * (runtime/reference), compared with the split's outputs (SPEC section 5). */
#ifndef GRIDSPLIT_RUNTIME_SELFCHECK_H
#define GRIDSPLIT_RUNTIME_SELFCHECK_H

#include <stddef.h>

#include "gridsplit/run.h"

/* One host-output buffer: its name (the file NAME.bin both runs write) and
 * its element type as the kernel declares it ("float", "uint4", "i32";
 * "" when unknown, e.g. a struct), which decides how --check-ulp compares. */
typedef struct {
  const char *name;
  const char *element;
} check_output;

/* What the reference cannot do, found before anything runs: an input that is
 * not OpenCL C, a plan file, an argument form the reference has no way to
 * bind. NULL when the request can be checked. */
gs_error *check_request(const gs_run_request *req);

/* Runs KERNEL of REQ->input on the reference into SPLIT_DIR/reference and
 * compares each of OUTPUTS with SPLIT_DIR/NAME.bin, which the split's run
 * wrote. The first difference is the error. */
gs_error *check_against_reference(const gs_run_request *req, const char *kernel,
                                  const check_output *outputs, size_t noutputs,
                                  const char *split_dir);

#endif
