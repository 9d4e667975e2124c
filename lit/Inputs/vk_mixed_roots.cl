// A generic pointer that chooses, per invocation, between a workgroup
// array and a buffer (lit/Run_vulkan_mixed_roots.ll)
kernel void mixed(global int *g, global int *out) {
  local int l[64];
  size_t i = get_local_id(0), gi = get_global_id(0);
  l[i] = (int)i * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p = (i & 1) ? (int *)l : (int *)(g + get_group_id(0) * 64);
  out[gi] = p[i] + 1;
  p[i] = 5 + (int)gi;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gi + 128] = l[i];
}
