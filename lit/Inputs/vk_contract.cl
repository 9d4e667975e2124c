// a * b + c as OpenCL C contracts it (llvm.fmuladd), beside divisions
// (lit/Run_vulkan_check_contraction.ll)
void gridsplit_grid_sync(void);

kernel void contract(global float *x, global float *y) {
  size_t i = get_global_id(0);
  y[i] = x[i] / 3.0f + (float)i * 0.1f;
  gridsplit_grid_sync();
  x[i] = y[(i + 1) % get_global_size(0)] / y[i];
}
