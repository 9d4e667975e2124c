// Atomics in two segments on the same buffer (accumulate), a total written
// by one invocation between them (lit/Run_accumulate.ll).
void gridsplit_grid_sync(void);

kernel void count(global const int *in, global int *bins, global int *total) {
  size_t i = get_global_id(0);
  atomic_add(&bins[in[i] & 3], 1);
  gridsplit_grid_sync();
  if (i == 0) {
    int s = 0;
    for (int k = 0; k < 4; k++)
      s += bins[k] * (k + 1);
    total[0] = s;
  }
  gridsplit_grid_sync();
  atomic_add(&bins[in[i] & 3], 10);
}
