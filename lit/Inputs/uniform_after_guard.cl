// lit/Error_divergent_sync_dependence.ll
void gridsplit_grid_sync(void);
kernel void u3(global int *a, int n) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  a[gid] = s;
  if (s > 10) { gridsplit_grid_sync(); a[gid] += 1; } else { a[gid] += 2; gridsplit_grid_sync(); }
}
