// Calibration for run_e2e.py: OpenCL C allows a*b+c to be contracted into
// one fused multiply-add (FP_CONTRACT is on by default, OpenCL C 2.0 section
// 6.12.2), and whether it is depends on the device. The driver runs this
// kernel through `gridsplit run` and compiles the reference the same way.
void gridsplit_grid_sync(void);

kernel void fp_contract_probe(global const float *a, global const float *b,
                              global const float *c, global float *out) {
  int i = get_global_id(0);
  float v = a[i] * b[i] + c[i];
  gridsplit_grid_sync();
  out[i] = v;
}
