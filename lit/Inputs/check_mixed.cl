// Run_check*.ll: a float and an int output, a scalar, a helper left a call.
void gridsplit_grid_sync(void);

__attribute__((noinline)) float half_of(float x) { return x * 0.5f; }

kernel void mixed(global const float *a, global float *f, global int *i, int n) {
  size_t g = get_global_id(0);
  float x = half_of(a[g]);
  gridsplit_grid_sync();
  f[g] = x + a[(g + 1) % get_global_size(0)];
  i[g] = (int)g - n;
}
