/* Kernels whose invocations read what other workgroups wrote before a grid
 * barrier, and write what others read before it, so that a grid spread over
 * devices (gridsplit run --devices N: each device a contiguous range of the
 * virtual workgroups) gives other bytes wherever a launch does not wait for
 * the launches on other devices it conflicts with (lit/Run_devices.ll; a
 * kernel that takes a struct, which gs-reference cannot run, is in
 * devices_struct.cl). */
void gridsplit_grid_sync(void);

/* phases that touch different buffers: the second reads only what it
 * wrote itself and needs no other device; the third reads the first's */
kernel void apart(global int *a, global int *b, global int *c, uint n) {
  uint i = get_global_id(0);
  if (i < n)
    a[i] = (int)(i * 3u) - 7;
  gridsplit_grid_sync();
  if (i < n)
    b[i] = (int)(i ^ 5u);
  gridsplit_grid_sync();
  if (i < n)
    c[i] = a[n - 1 - i] + b[i];
}

/* a helper the split cannot see into at -O0 (and not inlined at -O2): a
 * cell and its neighbours, which other devices may hold */
__attribute__((noinline)) static int around(global const int *src, uint i, uint n) {
  return src[i] + (i > 0 ? src[i - 1] : 0) + (i + 1 < n ? src[i + 1] : 0);
}

/* sweeps of a stencil until a count the arguments give, with the sum of
 * the array's cells in a grid-wide accumulator each sweep (atomics from every
 * device) and a scalar in private memory carried across the barriers */
kernel void sweeps(global int *a, global int *b, global int *sums, uint n, int count) {
  uint i = get_global_id(0);
  int seen = 0;
  for (int it = 0; it < count; it++) {
    global int *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    if (i < n) {
      int v = around(src, i, n);
      dst[i] = v % 1000 + seen;
      atomic_add(&sums[it], v % 1000);
    }
    gridsplit_grid_sync();
    seen += sums[it] & 3;
    gridsplit_grid_sync();
  }
}

/* no grid barrier: an ordinary kernel, which --devices runs whole on the
 * first device */
kernel void plain(global int *a, uint n) {
  uint i = get_global_id(0);
  if (i < n)
    a[i] = (int)(i * i) - 3;
}
