// PolyBench's bicg with the accumulators in the output buffers (each
// invocation writes s[g] and q[g] and reads them back in the same segment:
// roles `write`, no host input, docs/analysis.md "Own writes"), and
// workgroup variables of one word and of three bytes live across the grid
// barrier (the save and restore of docs/split.md). Work-items past nx or ny
// take part in the barrier.
void gridsplit_grid_sync(void);

kernel void bicg_local(global const float *A, global const float *r, global float *s,
                       global float *q, global uint *tags, int nx, int ny) {
  local uint total;
  local uchar mark[3];
  int g = get_global_id(0), l = get_local_id(0);
  if (l == 0) {
    total = 3 * get_group_id(0) + 1;
    for (int k = 0; k < 3; k++)
      mark[k] = (uchar)(get_group_id(0) + 10 * k);
  }
  if (g < ny) {
    s[g] = 0.0f;
    for (int i = 0; i < nx; i++)
      s[g] = s[g] + r[i] * A[i * ny + g];
  }
  gridsplit_grid_sync();
  if (g < nx) {
    q[g] = 0.0f;
    for (int j = 0; j < ny; j++)
      q[g] = q[g] + A[g * ny + j] * s[j];
  }
  tags[g] = total * 1000 + mark[l % 3];
}
