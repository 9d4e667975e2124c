// Carried values of every size and alignment, a private array and a pointer
// into it (Run_live_columns.ll): each has a column of its own in the live
// state (docs/split.md). io is written after the barrier, so nothing read
// from it before can be recomputed there: everything is carried.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
void gridsplit_grid_sync(void);

__attribute__((noinline)) static int pick(private int *a, int k) { return a[k % 5]; }

kernel void columns(global int *io, global int *out, global double *dout, uint n) {
  uint i = get_global_id(0);
  int x = i < n ? io[i] : 7;
  char c = (char)(x * 3);
  short h = (short)(x * 1001);
  float3 v = (float3)((float)x, (float)(x + 1), (float)(2 * x));
  double d = (double)x * 0.5;
  long l = (long)x * 100000007L;
  int arr[5];
  for (int k = 0; k < 5; k++)
    arr[k] = x + k * k;
  private int *p = &arr[x & 3];
  gridsplit_grid_sync();
  if (i < n) {
    io[i] = -1;
    out[4 * i + 0] = c + h;
    out[4 * i + 1] = (int)(v.x + v.y * 2.0f + v.z * 4.0f);
    out[4 * i + 2] = (int)(l % 1000003) + pick(arr, x) + *p;
    out[4 * i + 3] = (int)(l >> 32);
    dout[i] = d + 0.25;
  }
}
