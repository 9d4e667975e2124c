// Early return before the barrier; a private array and a value loaded from a
// buffer the kernel overwrites, both live across the barrier
// (lit/Run_early_return.ll).
void gridsplit_grid_sync(void);

kernel void bounded(global const int *src, global int *data, global int *out, int n) {
  size_t i = get_global_id(0);
  if (i >= n)
    return;
  int priv[4];
  for (int k = 0; k < 4; k++)
    priv[k] = src[(i + k) % n] * 100;
  int old = data[i];
  data[i] = -1;
  gridsplit_grid_sync();
  out[i] = old * 10 + priv[i & 3] + data[(i + 1) % n];
}
