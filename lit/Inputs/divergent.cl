// A barrier whose site depends on the invocation id (lit/Error_divergent_opencl.ll).
void gridsplit_grid_sync(void);

kernel void bad(global int *flags) {
  size_t i = get_global_id(0);
  if (i < 64) {
    flags[i] = 1;
    gridsplit_grid_sync();
  } else {
    gridsplit_grid_sync();
  }
  flags[i] += 2;
}
