/* Occupancy of an NVIDIA multiprocessor (occupancy.h), from the limits
 * NVIDIA documents for compute capability 9.0 */
#include "occupancy.h"

enum {
  REGISTERS_PER_SM = 65536,
  REGISTER_UNIT = 256, /* registers are allocated per warp in these */
  SHARED_PER_SM = 233472,
  SHARED_RESERVED = 1024, /* per workgroup, by the system */
  SHARED_UNIT = 128,
  GROUPS_PER_SM = 32,
  WARP = 32
};

static unsigned round_up(unsigned x, unsigned unit) { return (x + unit - 1) / unit * unit; }

unsigned gs_nv_groups_per_sm(unsigned registers, unsigned shared, unsigned invocations,
                             unsigned warps_per_sm) {
  if (!registers || !invocations || !warps_per_sm || registers > 255 || invocations > 1024)
    return 0;
  unsigned warps = (invocations + WARP - 1) / WARP;
  unsigned by_threads = warps_per_sm / warps;
  /* a multiprocessor's registers are four partitions', and a warp's come
   * from one: whole warps a partition, times four; and a workgroup's warps,
   * rounded up to four, must fit at all */
  unsigned per_warp = round_up(registers * WARP, REGISTER_UNIT);
  if (per_warp * round_up(warps, 4) > REGISTERS_PER_SM)
    return 0;
  unsigned by_registers = REGISTERS_PER_SM / 4 / per_warp * 4 / warps;
  unsigned by_shared = SHARED_PER_SM / (round_up(shared, SHARED_UNIT) + SHARED_RESERVED);
  unsigned n = by_threads < by_registers ? by_threads : by_registers;
  n = n < by_shared ? n : by_shared;
  return n < GROUPS_PER_SM ? n : GROUPS_PER_SM;
}
