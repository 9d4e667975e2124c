// lit/Error_divergent_sync_dependence.ll
void gridsplit_grid_sync(void);
kernel void d1(global int *a) {
  int gid = get_global_id(0);
  int x;
  if (gid < 5) x = 1; else x = 2;
  a[gid] = x;
  if (x == 1) { gridsplit_grid_sync(); a[gid] += 1; } else { a[gid] += 2; gridsplit_grid_sync(); }
}
