// A value carried through a segment that does not use it: KEEP is made in
// segment 0, used in segment 2 (and after the loop), and only carried
// through segment 1, which redefines ACC; STEPS is carried into segment 2
// and redefined there, around the loop, before it is carried out again.
// ROUNDS comes from an argument, so the schedule is dynamic; the sum reads
// a neighbour, so the barriers matter.
void gridsplit_grid_sync(void);

static int neighbour(global const int *b, int i, int n) {
  return b[(i + 1) % n];
}

kernel void pass_through(global int *a, global int *b, global int *c, int n, int rounds) {
  int i = get_global_id(0);
  int keep = 0, acc = 0, steps = i;
  if (i < n) {
    keep = a[i] * 7 + 1;
    a[i] = -keep;
  }
  for (int r = 0; r < rounds; r++) {
    steps = steps * 3 + r;
    if (i < n)
      b[i] = keep + r;
    gridsplit_grid_sync();
    if (i < n)
      acc += neighbour(b, i, n);
    gridsplit_grid_sync();
  }
  if (i < n)
    c[i] = acc + keep + steps;
}
