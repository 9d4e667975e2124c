// Two-phase blur with a grid barrier between the phases (lit/Load_opencl_c.ll).
void gridsplit_grid_sync(void);

kernel void blur(global const float *src, global float *tmp, global float *dst, int n) {
  size_t i = get_global_id(0);
  if (i >= n) return;
  tmp[i] = src[i] * 0.5f;
  gridsplit_grid_sync();
  dst[i] = tmp[i] + tmp[i];
}
