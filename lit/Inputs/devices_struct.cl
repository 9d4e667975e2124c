/* A kernel of lit/Run_devices.ll that takes a struct by value (which
 * gs-reference cannot run: devices.py models it). No value crosses a
 * barrier: each phase reads, across the whole array, what the phase before
 * wrote (y from x, x from y), and writes what the phase before read; only
 * the roles order the devices' launches. */
void gridsplit_grid_sync(void);

typedef struct {
  int left, right; /* the neighbours' weights, in sixteenths */
  uint shift;      /* how far the second phase reads */
} weights;

/* a helper the split cannot see into at -O0 (and not inlined at -O2) */
__attribute__((noinline)) static int blend(int l, int c, int r, weights w) {
  return (w.left * l + (16 - w.left - w.right) * c + w.right * r) / 16;
}

kernel void swap_phases(global int *x, global int *y, uint n, weights w) {
  uint i = get_global_id(0);
  if (i < n)
    y[i] = blend(x[(i + n - 1) % n], x[i], x[(i + 1) % n], w);
  gridsplit_grid_sync();
  if (i < n)
    x[i] = y[(i + w.shift) % n] * 3 + y[n - 1 - i];
  gridsplit_grid_sync();
  if (i < n)
    y[i] = x[n - 1 - i] - x[(i * 7u) % n];
}
