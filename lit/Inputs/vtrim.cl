// Phases that only some workgroups run, their guards written as users
// write them (lit/Run_virtual_trim.ll): an unsigned bound from a struct
// argument, the first workgroup alone, a signed bound that may be
// negative, an early return, and two guards the loop must not be cut by.
void gridsplit_grid_sync(void);

__attribute__((noinline)) static uint mix(global const uint *a, uint i) {
  return a[i] * 2654435761u + (i >> 3);
}

// Phase by phase: every invocation mixes its element; the first M
// workgroups sum theirs; the first workgroup sums those; workgroups below
// the signed K write theirs; workgroups past M leave.
#define TRIM_BODY(M, K) \
  local uint s[64], z[64]; \
  uint i = get_global_id(0), g = get_group_id(0), l = get_local_id(0); \
  uint v = i < n ? mix(a, i) : 0u; \
  gridsplit_grid_sync(); \
  if (i < n) \
    a[i] = v; \
  gridsplit_grid_sync(); \
  if (g < M) { \
    s[l] = i < n ? a[i] : 0u; \
    barrier(CLK_LOCAL_MEM_FENCE); \
    for (uint k = 32; k > 0; k >>= 1) { \
      if (l < k) \
        s[l] += s[l + k]; \
      barrier(CLK_LOCAL_MEM_FENCE); \
    } \
    if (l == 0) \
      part[g] = s[0]; \
  } \
  gridsplit_grid_sync(); \
  if (g == 0) { \
    uint t = 0; \
    for (uint k = l; k < M && k < get_num_groups(0); k += 64) \
      t += part[k]; \
    z[l] = t; \
    barrier(CLK_LOCAL_MEM_FENCE); \
    if (l == 0) { \
      uint u = 0; \
      for (uint k = 0; k < 64; k++) \
        u += z[k]; \
      out[0] = u; \
    } \
  } \
  gridsplit_grid_sync(); \
  int gi = (int)get_group_id(0); \
  if (gi < K) \
    sg[gi * 64 + (int)l] = gi - (int)l; \
  gridsplit_grid_sync(); \
  if (g >= M + 1) \
    return; \
  out[1 + i] = v ^ g;

kernel void trim(global uint *a, global uint *part, global uint *out, global int *sg, uint n,
                 uint m, int k) {
  TRIM_BODY(m, k)
}

// Guards the loop over virtual workgroups must not end on: a bound that
// depends on the invocation, and a skipped side that writes.
kernel void keep(global uint *out, uint m) {
  uint g = get_group_id(0), l = get_local_id(0), i = get_global_id(0);
  out[i] = 1u;
  gridsplit_grid_sync();
  if (g + l < m)
    out[i] += 2u;
  gridsplit_grid_sync();
  if (g < m)
    out[i] += 4u;
  else
    out[i] += 8u;
}
