/* gridsplit: the reference interpreter of programs (docs/programs.md).
 *
 * It runs every invocation of a checked program over host memory with true
 * grid-barrier semantics: no invocation passes a grid barrier (or a
 * collective) before every live invocation of the grid has reached it, and
 * no invocation passes a workgroup barrier before every live invocation of
 * its workgroup has. It is the oracle that lowered, split programs are
 * compared with byte for byte, so its arithmetic is exactly the one
 * docs/programs.md defines ("Semantics of operations").
 *
 * Invocations run one at a time, workgroup by workgroup, each until it
 * reaches a barrier or returns; atomics are therefore sequential. Where the
 * text leaves a choice open the interpreter decides:
 *
 *  - an invocation that returned takes no part in later workgroup barriers,
 *    grid barriers or collectives (as SPEC section 1 says for grid barriers);
 *  - live invocations waiting at different grid barriers or collectives, or
 *    live invocations of one workgroup at different workgroup barriers (or
 *    some at a workgroup barrier and others at a grid barrier), are an error
 *    naming both sites and one invocation at each, not a hang;
 *  - workgroup buffers start zero-filled in every workgroup (on a device
 *    their contents are undefined until written) and live as long as the
 *    run, so each workgroup keeps its own across grid barriers;
 *  - loads, stores and atomics out of bounds, n/parts/root that differ
 *    between the invocations of a collective, and collectives whose elements
 *    lie outside their buffers are errors naming the buffer, the index and
 *    the invocation;
 *  - operands are evaluated left to right: a store evaluates its index
 *    before its value, an atomic its index, then its value, then desired.
 *
 * Messages read `FILE:LINE:COL: error: MESSAGE` (FILE: gs_program_file),
 * the position being that of the statement or expression at fault; errors
 * in the arguments read `FILE: error: MESSAGE`. */
#ifndef GRIDSPLIT_INTERP_H
#define GRIDSPLIT_INTERP_H

#include <stddef.h>

#include "gridsplit/error.h"
#include "gridsplit/program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One buffer of the program, in host memory. */
typedef struct {
  const char *name; /* a buffer of the program (not a workgroup buffer) */
  void *data;       /* its initial bytes, overwritten with the final ones */
  size_t bytes;     /* a buffer with a count: exactly count * element size;
                       a `?` buffer: a positive multiple of the element size,
                       at most 2^32 - 1 elements (len() is a u32) */
} gs_interp_buffer;

/* Runs program P (checked: gs_program_is_checked) on a grid of GRID[0] x
 * GRID[1] x GRID[2] invocations (0 counts as 1 in dimensions 1 and 2; each
 * a multiple of the program's workgroup size, the product at most 2^32 - 1)
 * over BUFFERS, which must name every non-workgroup buffer of P once. On
 * success the buffers hold the bytes the kernel leaves; on an error at run
 * time they hold what the run wrote before it (nothing is rolled back). */
gs_error *gs_interpret(const gs_program *p, const size_t grid[3], gs_interp_buffer *buffers,
                       size_t nbuffers);

#ifdef __cplusplus
}
#endif
#endif
