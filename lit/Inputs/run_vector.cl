/* Vectors passed by value (lit/Run_struct_arg.ll): a float4 and an int3,
 * whose argument is 16 bytes (OpenCL C 6.1.5: a 3-component vector has the
 * size of a 4-component one). */
void gridsplit_grid_sync(void);

kernel void vectors(global float *o, float4 v, int3 w) {
  size_t i = get_global_id(0);
  o[i] = v.x + v.w * (float)i;
  gridsplit_grid_sync();
  o[i] += v.y + (float)w.z;
}
