// lit/Run_vulkan_O0_helper.ll: the scale kernel of Target_vulkan_shaders.ll as a
// user writes it, its work in a helper that is not inlined.
void gridsplit_grid_sync(void);
__attribute__((noinline)) float twice(float v) { return v * 2.0f; }
kernel void k(global float *in, global float *out, int n) {
  size_t i = get_global_id(0);
  float w = twice(in[i]);
  if ((int)i < n) out[i] = w;
  gridsplit_grid_sync();
  in[i] = out[i] + w;
}
