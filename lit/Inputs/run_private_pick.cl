// Private memory written through a pointer that picks one of two arrays
// (lit/Run_private_pick.ll): the invocation's input lands in 'a' or 'b'
// through the select, so what is read back from them differs between
// invocations, though the index and the pick are uniform.
void gridsplit_grid_sync(void);

kernel void pick(global const int *in, global int *out, int n) {
  size_t g = get_global_id(0);
  int a[4], b[4];
  for (int j = 0; j < 4; j++) {
    a[j] = n + j;
    b[j] = n - j;
  }
  int *p = (n & 1) ? a : b;
  p[(n >> 1) & 3] = in[g];
  int v = a[(n >> 1) & 3] + b[(n >> 2) & 3];
  gridsplit_grid_sync();
  out[g] = v;
}
