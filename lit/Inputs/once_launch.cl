/* Counters carried once across the grid barrier of a loop, of the shapes
 * lib/once_launch.c computes from the launch's number and of those it must
 * leave to the live state (lit/Run_once_launch.ll). Every output depends on
 * every counter's value in every sweep, so a wrong value gives other
 * bytes. */
void gridsplit_grid_sync(void);

/* a helper the split cannot see into at -O0 (and not inlined at -O2) */
__attribute__((noinline)) static int mix(int v, int it) { return v * 3 + it * 7 + 1; }

/* from 0 up by one, one barrier a sweep: c + d (L - 1) with c = 0, d = 1;
 * the parity picks the ping-pong buffer */
kernel void count_up(global int *a, global int *b, uint n, int rounds) {
  uint i = get_global_id(0);
  for (int it = 0; it < rounds; it++) {
    global int *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    if (i < n)
      dst[i] = mix(src[i], it) + (i + 1 < n ? src[i + 1] : 0);
    gridsplit_grid_sync();
  }
}

/* a byte counter that wraps (250 + 3 per sweep), beside the loop's own
 * counter, and a long one going down by 5: d modulo the width */
kernel void wrap_down(global uint *out, uint n, int rounds) {
  uint i = get_global_id(0);
  uchar k = 250;
  long v = 1000;
  for (int r = 0; r < rounds; r++) {
    if (i < n)
      out[i] = out[i] * 31u + k + (uint)(v & 0xffff) + (uint)r;
    gridsplit_grid_sync();
    k += 3;
    v -= 5;
  }
}

/* from an argument: not the launch's number alone (read from the live
 * state) */
kernel void from_arg(global int *out, uint n, int first, int last) {
  uint i = get_global_id(0);
  for (int it = first; it < last; it++) {
    if (i < n)
      out[i] = mix(out[i], it);
    gridsplit_grid_sync();
  }
}

/* two barriers a sweep: one segment adds to the counter, the other carries
 * it through, so a launch's number does not give it */
kernel void two_barriers(global int *x, global int *y, uint n, int rounds) {
  uint i = get_global_id(0);
  for (int it = 0; it < rounds; it++) {
    if (i < n)
      x[i] = mix(x[i], it) + (i > 0 ? y[i - 1] : 0);
    gridsplit_grid_sync();
    if (i < n)
      y[i] = y[i] + x[(i + 1) % n] * it;
    gridsplit_grid_sync();
  }
}

/* a float counter: repeated adds are no product, left alone */
kernel void float_step(global float *out, uint n, int rounds) {
  uint i = get_global_id(0);
  float t = 0.1f;
  for (int r = 0; r < rounds; r++) {
    if (i < n)
      out[i] = out[i] * 0.5f + t;
    gridsplit_grid_sync();
    t += 0.1f;
  }
}

/* several counters of other widths and steps in one loop: a short going
 * down by 1000, a long up by 0x123456789, an unsigned long that wraps */
kernel void widths(global uint *out, uint n, int rounds) {
  uint i = get_global_id(0);
  short s = -7;
  long v = 1L << 40;
  ulong u = 3;
  for (int it = 0; it < rounds; it++) {
    if (i < n)
      out[i] = out[i] * 31u + (uint)(v >> 20) + (uint)it + (uint)s * 5u + (uint)(u >> 3);
    gridsplit_grid_sync();
    s -= 1000;
    v += 0x123456789L;
    u += 0x9000000000000000UL;
  }
}

/* the counter read after the loop, behind another barrier: that segment
 * reads it and stores nothing */
kernel void after(global int *out, uint n, int rounds) {
  uint i = get_global_id(0);
  int it = 3;
  for (; it < rounds; it += 2) {
    if (i < n)
      out[i] += it;
    gridsplit_grid_sync();
  }
  gridsplit_grid_sync();
  if (i < n)
    out[i] = out[i] * 7 + it;
}

/* invocations past n return before the loop (a status word) */
kernel void status(global int *out, uint n, int rounds) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  for (int it = 1; it <= rounds; it++) {
    out[i] = out[i] * 3 + it;
    gridsplit_grid_sync();
  }
}

/* nested loops: the inner counter starts again every outer round (read
 * from the live state) */
kernel void nested(global int *out, uint n, int outer, int inner) {
  uint i = get_global_id(0);
  for (int o = 0; o < outer; o++)
    for (int it = 0; it < inner; it++) {
      if (i < n)
        out[i] = out[i] * 5 + it * 11 + o;
      gridsplit_grid_sync();
    }
}

/* a 2-D grid: the three-dimensional loop over virtual workgroups */
kernel void grid2d(global int *out, uint w, uint h, int rounds) {
  uint x = get_global_id(0), y = get_global_id(1);
  uint i = y * get_global_size(0) + x;
  short k = 7;
  for (int it = 0; it < rounds; it++) {
    if (x < w && y < h)
      out[i] = out[i] * 3 + it * 5 + k;
    gridsplit_grid_sync();
    k -= 11;
  }
}
