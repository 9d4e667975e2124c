// Static schedule: each invocation reads its neighbour's value written before
// the grid barrier (lit/Run_static_neighbor.ll).
void gridsplit_grid_sync(void);

kernel void neighbor(global const int *in, global int *tmp, global int *out, int n) {
  size_t i = get_global_id(0);
  tmp[i] = in[i] * 2;
  gridsplit_grid_sync();
  out[i] = tmp[(i + 1) % n] + tmp[i];
}
