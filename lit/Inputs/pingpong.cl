// A uniform choice between barriers inside a loop (lit/Segments_uniform_branch_after_return.ll).
void gridsplit_grid_sync(void);
__kernel void pingpong(__global float *a, __global float *b, int n, int iters) {
  int i = get_global_id(0);

  for (int it = 0; it < iters; it++) {
    if (it & 1) {
      b[i] = a[(i + 1) % n] + 1.0f;
      gridsplit_grid_sync();
      a[i] += b[(i + 2) % n];
      gridsplit_grid_sync();
    } else {
      a[i] = b[(i + 1) % n] * 2.0f;
      gridsplit_grid_sync();
    }
  }
}
