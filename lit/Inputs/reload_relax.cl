// A relaxation as a gridsplit user writes it (lit/Run_reload.ll): the
// parameters in a struct passed by value, a helper that is not inlined,
// every buffer distinct. After the first barrier u[i] is still what the
// invocation read, and after the second v[i] what it stored, so the split
// may read them again instead of carrying them (docs/split.md, "Reading a
// value again"); u[i - 1] and u[i + 1] are others' and are not. No
// contraction, so that reload_relax.py's float arithmetic is the kernel's.
void gridsplit_grid_sync(void);
#pragma OPENCL FP_CONTRACT OFF

typedef struct {
  float w;
  int iters;
} params;

__attribute__((noinline)) float blend(float a, float b, float w) { return a + w * (b - a); }

kernel void relax(global float *u, global float *v, global float *res, params pr, uint n) {
  uint i = get_global_id(0);
  for (int t = 0; t < pr.iters; t++) {
    float ui = 0.0f, nb = 0.0f;
    if (i < n) {
      ui = u[i];
      if (i > 0)
        nb += u[i - 1];
      if (i + 1 < n)
        nb += u[i + 1];
    }
    gridsplit_grid_sync();
    float vi = 0.0f;
    if (i < n) {
      vi = blend(ui, 0.5f * nb, pr.w);
      v[i] = vi;
    }
    gridsplit_grid_sync();
    if (i < n) {
      u[i] = vi + 0.25f * (v[i > 0 ? i - 1 : i] - ui);
      res[i] += vi - ui;
    }
    gridsplit_grid_sync();
  }
}
