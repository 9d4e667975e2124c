// A loop of grid barriers that ends when a[0] reaches UNTIL: invocation 0
// adds one to a[0] each time round, so an UNTIL below a[0]'s start never
// comes (lit/Run_max_launches.ll).
void gridsplit_grid_sync(void);

kernel void forever(global int *a, int until) {
  while (a[0] != until) {
    gridsplit_grid_sync();
    if (get_global_id(0) == 0)
      a[0] += 1;
    gridsplit_grid_sync();
  }
}
