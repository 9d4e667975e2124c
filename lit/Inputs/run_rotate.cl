// A value loaded before the barrier from a buffer that may be the same as
// the one written after it (lit/Run_same_buffer.ll): run with dst=same:src,
// the loaded value must be carried, not loaded again after the barrier.
void gridsplit_grid_sync(void);

kernel void rotate(global const int *src, global int *dst, int n) {
  size_t i = get_global_id(0);
  int x = src[i];
  gridsplit_grid_sync();
  dst[(i + 1) % n] = x;
}
