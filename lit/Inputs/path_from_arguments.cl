/* Kernels whose path through the segments does or does not follow from
 * their scalar arguments and grid (the plan's control.path_from_arguments;
 * lit/Plan_path_from_arguments.ll, lit/Run_replay.ll). */
void gridsplit_grid_sync(void);

/* the three-point average, left a call at -O0 and where noinline holds */
__attribute__((noinline)) static float relax(global const float *s, uint i, uint n) {
  float c = s[i];
  float l = i > 0 ? s[i - 1] : c, r = i + 1 < n ? s[i + 1] : c;
  return (l + c + r) * (1.0f / 3.0f);
}

/* The trip count an argument: the path follows from it. The branch on
 * i < n reads an id, but both ways reach the same barrier. */
kernel void sweeps(global float *a, global float *b, uint n, int count) {
  uint i = get_global_id(0);
  for (int it = 0; it < count; it++) {
    global float *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    if (i < n)
      dst[i] = relax(src, i, n);
    gridsplit_grid_sync();
  }
}

/* Until a flag in memory clears: the path follows from data. */
kernel void until_clear(global int *x, global int *flag, uint n) {
  uint i = get_global_id(0);
  do {
    if (i < n && x[i] > 0)
      x[i] -= 1;
    gridsplit_grid_sync();
    if (i == 0)
      flag[0] = 0;
    for (uint k = 0; k < n; k++)
      if (x[k] > 0 && i == 0)
        flag[0] = 1;
    gridsplit_grid_sync();
  } while (flag[0]);
}

/* Doubling up to the grid's workgroup count: a size query, as an argument. */
kernel void tree(global uint *v) {
  uint i = get_global_id(0);
  for (uint w = 1; w < get_num_groups(0); w *= 2) {
    uint g = get_group_id(0);
    if (get_local_id(0) == 0 && g % (2 * w) == 0 && g + w < get_num_groups(0))
      v[g] += v[g + w];
    gridsplit_grid_sync();
  }
  if (i == 0)
    v[0] += 1000;
}

/* The trip count picked from a private table by a word of a buffer: data. */
kernel void table_pick(global int *out, global const int *sel, int count) {
  int lim[2] = {count, count + 1};
  uint i = get_global_id(0);
  for (int it = 0; it < lim[sel[0] & 1]; it++) {
    out[i] += it;
    gridsplit_grid_sync();
  }
}

/* The counter reached through a pointer to it: at -O0 the pointer lives in
 * memory too, and the analysis no longer follows the counter. */
kernel void counter_pointer(global int *out, int count) {
  int it = 0;
  int *p = &it;
  uint i = get_global_id(0);
  while (*p < count) {
    out[i] += *p;
    gridsplit_grid_sync();
    (*p)++;
  }
}

/* Invocations past n return before the loop: the ids decide who returns,
 * the same ones in every run with the same grid. */
kernel void early_return(global int *out, uint n, int count) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  for (int it = 0; it < count; it++) {
    out[i] += it;
    gridsplit_grid_sync();
  }
}

/* A trip count through math builtins: as an argument. */
kernel void math_count(global float *out, int count) {
  uint i = get_global_id(0);
  int rounds = (int)ceil(log2((float)count));
  for (int r = 0; r < rounds; r++) {
    out[i] = out[i] * 0.5f + (float)r;
    gridsplit_grid_sync();
  }
}

typedef struct {
  int n, m;
} Pair;

/* A struct copied on one way of a branch on memory (a memcpy at -O0, a
 * select once optimized): the bound it holds is data. */
kernel void copy_pick(global int *out, global const int *sel, int count) {
  Pair a = {count, 1}, b = {count + 1, 2};
  if (sel[0] > 0)
    b = a;
  uint i = get_global_id(0);
  for (int it = 0; it < b.n; it++) {
    out[i] += it;
    gridsplit_grid_sync();
  }
}

/* Invocations whose element is negative return before the loop: memory
 * decides who returns, and whether all do. */
kernel void data_return(global int *x, int count) {
  uint i = get_global_id(0);
  if (x[i] < 0)
    return;
  for (int it = 0; it < count; it++) {
    x[i] += it;
    gridsplit_grid_sync();
  }
}
