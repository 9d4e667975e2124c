// Phases that only some workgroups run, their guards written as users
// write them (lit/Run_virtual_trim.ll, Split_virtual_trim.ll): unsigned
// bounds on the workgroup and on the global id, the first workgroup alone,
// signed bounds that may be negative, guards joined by && and ||, an early
// return; guards the loop must not be cut by (keep), other workgroup sizes
// (sized), a narrowed global id that wraps (narrow), a dynamic schedule
// (dyn). (trims in vtrim_struct.cl takes the bounds from a by-value struct,
// whose fields are loads: its loops are not cut, and its bytes are trim's.)
void gridsplit_grid_sync(void);

__attribute__((noinline)) static uint mix(global const uint *a, uint i) {
  return a[i] * 2654435761u + (i >> 3);
}

// Phase by phase: every invocation mixes its element; the first M
// workgroups sum theirs; the first workgroup sums those; workgroups below
// the signed K write theirs; global ids below M * 64 + 17 but for the first
// workgroup's add to them; signed global ids up to K * 64 + 5, and the first
// workgroup, count; workgroups past M leave.
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
  if (g >= 1 && i < M * 64u + 17u) \
    sg[i] += (int)(g * 3u); \
  gridsplit_grid_sync(); \
  int ii = (int)get_global_id(0); \
  if (ii <= K * 64 + 5 || g == 0) \
    atomic_add(&part[g], 1u); \
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

// A global id's bound at any workgroup size: trimmed where the size is a
// power of two, and not at others (48).
kernel void sized(global uint *out, uint n) {
  uint i = get_global_id(0);
  out[i] = i;
  gridsplit_grid_sync();
  if (i < n)
    out[i] += 3u * get_group_id(0) + 1u;
}

// A dynamic schedule (the loop's trip count from data): its segments keep
// every virtual workgroup, though the phase only the first m run comes
// first, as every workgroup records its choice (m = 0: none would).
kernel void dyn(global uint *a, global uint *out, uint m, uint n) {
  uint g = get_group_id(0), i = get_global_id(0);
  out[i] = i;
  for (;;) {
    gridsplit_grid_sync();
    if (g < m)
      out[i] += 1u;
    if (a[0] < n) {
      gridsplit_grid_sync();
      if (i == 0)
        a[0] += 1u;
    } else {
      break;
    }
  }
}

// A global id narrowed to a char wraps past 127: from 128 on `c < k` holds
// again for a negative k (a reviewer's kernel), so no workgroup is skipped
// where the id can wrap.
kernel void narrow(global int *out, char k, char le) {
  uint i = get_global_id(0);
  out[i] = 1;
  gridsplit_grid_sync();
  char c = (char)get_global_id(0);
  if (c < k)
    out[get_global_id(0)] += 10;
  gridsplit_grid_sync();
  if (c <= le)
    out[get_global_id(0)] += 100;
}

// Dynamic schedules whose segments have one successor (lib/vtrim.c): the
// loop over virtual workgroups of such a segment ends where the work does.
// first_m's middle phase runs for the first m workgroups only, m = 0 too:
// its segment still runs virtual workgroup 0, which records the choice
// (else the schedule would end there without the last phase) and whose
// first invocation stores t, carried once, for the next launch.
// A helper the split cannot see into at -O0 (not inlined at -O2), on the
// side that works.
__attribute__((noinline)) static uint step_of(int r, uint i) { return (uint)r + 1u + (i & 1u); }

kernel void first_m(global uint *out, uint m, int rounds) {
  uint g = get_group_id(0), i = get_global_id(0);
  float t = 0.25f;
  for (int r = 0; r < rounds; r++) {
    gridsplit_grid_sync();
    if (g < m)
      out[i] += step_of(r, i);
    gridsplit_grid_sync();
    t = t * 1.5f + 0.5f;
  }
  out[i] += 1000u + (uint)(t * 8.0f);
}

// Workgroup 0 sums the workgroups' partial sums in a workgroup array wider
// than the workgroup (so the segments copy it: lib/wg_cover.c), in a loop
// whose count is an argument: the sum's segment has one successor.
__attribute__((noinline)) static float weigh(float v, int r) { return v * (float)(r + 1); }

kernel void dyn_sum(global const float *x, global float *part, global float *out, uint n,
                    int rounds) {
  local float s[64];
  uint i = get_global_id(0), l = get_local_id(0), g = get_group_id(0);
  uint ls = get_local_size(0);
  for (int r = 0; r < rounds; r++) {
    s[l] = i < n ? weigh(x[i], r) : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = ls / 2; k > 0; k >>= 1) {
      if (l < k)
        s[l] += s[l + k];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
      part[g] = s[0];
    gridsplit_grid_sync();
    if (g == 0) {
      float t = 0.0f;
      for (uint k = l; k < get_num_groups(0); k += ls)
        t += part[k];
      s[l] = t;
      barrier(CLK_LOCAL_MEM_FENCE);
      if (l == 0) {
        float u = 0.0f;
        for (uint k = 0; k < ls; k++)
          u += s[k];
        out[r] = u;
      }
    }
    gridsplit_grid_sync();
  }
}
