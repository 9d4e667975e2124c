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
