// floats and doubles over four segments (lit/Run_vulkan_float_controls.ll)
void gridsplit_grid_sync(void);
kernel void fd(global float *a, global double *b, int n) {
  size_t i = get_global_id(0);
  a[i] = a[i] * 1.5f;
  gridsplit_grid_sync();
  b[i] = b[i] + (double)a[(i + 1) % n];
  gridsplit_grid_sync();
  a[i] = a[i] + 1.0f;
  gridsplit_grid_sync();
  b[i] = b[i] * 2.0;
}
