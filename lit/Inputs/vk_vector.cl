// lit/Run_vulkan_vector_builtins.ll: OpenCL C's dot, vload4/vstore4 and
// copysign through Vulkan, with a grid barrier between a segment that
// writes with vstore4 and one that reads with vload4 and dot.
void gridsplit_grid_sync(void);

kernel void vec(global const float *in, global float *tmp, global float *out,
                global const float *signs, int n) {
  int i = get_global_id(0);
  if (i < n) {
    float4 a = vload4(i, in);
    vstore4(a * 1.5f - (float4)(0.25f), i, tmp);
  }
  gridsplit_grid_sync();
  if (i < n) {
    float4 b = vload4(n - 1 - i, tmp);
    float2 c = vload2(i, tmp + 1);
    out[i] = copysign(dot(b, vload4(i, in)) + dot(c, c), signs[i]);
  }
}
