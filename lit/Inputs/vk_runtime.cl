// lit/Run_vulkan_runtime.ll: a kernel as users write them, run through
// Vulkan (gridsplit run --runtime vulkan). A helper that is not inlined, a
// switch on data (Vulkan wants structured control flow: a switch must be
// lowered before LLVM's structurizer, which otherwise turns it into a branch
// on undef), scalars of three sizes in the push constants (char, long, int:
// offsets 0, 8, 16), a buffer only read, one only written in a segment, a
// value carried across each of two grid barriers, and a grid that is no
// power of two.
void gridsplit_grid_sync(void);

__attribute__((noinline)) int mix(int x, char k) {
  switch (x & 3) {
  case 0: return x * 3 + k;
  case 1: return x ^ 0x55;
  case 2: return x - 7 * k;
  default: return x + 1000;
  }
}

kernel void stages(global const int *in, global int *tmp, global int *out, char k, long bias,
                   int n) {
  int i = get_global_id(0);
  int m = i < n ? mix(in[i], k) : 0;
  tmp[i] = m;
  gridsplit_grid_sync();
  int left = tmp[i == 0 ? get_global_size(0) - 1 : i - 1];
  gridsplit_grid_sync();
  out[i] = (int)(left + m + bias);
}
