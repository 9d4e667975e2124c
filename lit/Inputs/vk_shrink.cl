// lit Run_vulkan_steps_in_segments.ll: a loop of grid barriers whose trip
// count the data decides, as a user writes one: every element above BOUND
// is halved each round (by a helper that is not inlined at -O0), any change
// raises a round's flag (three flags in turn: one set, one read, one
// cleared for the round after next), and the loop ends in the round after
// the last change; ROUNDS, a private counter, goes to out[0] and each
// element's halvings to out[1 + i]. An odd size (N of a larger grid).
void gridsplit_grid_sync(void);

__attribute__((noinline)) int halved_above(int x, int bound) { return x > bound ? x / 2 : x; }

kernel void shrink(global int *a, volatile global int *flag, global int *out, uint n, int bound) {
  uint i = get_global_id(0);
  int rounds = 0, mine = 0;
  for (;;) {
    int changed = 0;
    if (i < n) {
      int x = a[i], y = halved_above(x, bound);
      changed = y != x;
      a[i] = y;
    }
    mine += changed;
    if (changed)
      atomic_or(&flag[rounds % 3], 1);
    if (i == 0)
      flag[(rounds + 1) % 3] = 0;
    gridsplit_grid_sync();
    int go = flag[rounds % 3];
    rounds++;
    if (!go)
      break;
  }
  if (i == 0)
    out[0] = rounds;
  if (i < n)
    out[1 + i] = mine;
}
