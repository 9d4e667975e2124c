// Dynamic schedule: two grid barriers inside a loop whose trip count is a
// kernel argument (lit/Run_dynamic_steps.ll).
void gridsplit_grid_sync(void);

kernel void steps(global int *a, global int *b, int n, int count) {
  size_t i = get_global_id(0);
  for (int s = 0; s < count; s++) {
    b[i] = a[i] + a[(i + 1) % n] + s;
    gridsplit_grid_sync();
    a[i] = b[i];
    gridsplit_grid_sync();
  }
}
