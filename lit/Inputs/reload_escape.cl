// A buffer whose address escapes (lit/Run_reload.ll): the first invocation
// stores p's address in tab, and after the second barrier every invocation
// writes its neighbour's p[i + 1] through the pointer it reads back. No
// fact ties that store to p, so p[i] must be carried across the second
// barrier, not read again (docs/split.md, "Reading a value again").
void gridsplit_grid_sync(void);

kernel void escape(global float *p, global ulong *tab, global float *out, uint n) {
  uint i = get_global_id(0);
  if (i == 0)
    tab[0] = (ulong)p;
  gridsplit_grid_sync();
  float x = p[i];
  gridsplit_grid_sync();
  global float *q = (global float *)tab[0];
  if (i + 1 < n)
    q[i + 1] = -1.0f;
  out[i] = x;
  gridsplit_grid_sync();
  if (i == 0)
    tab[0] = 0; // the address differs between runs: not compared
}
