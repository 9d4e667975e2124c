// A char carried across a grid barrier (bytes_per_invocation 1: the columns
// end at an odd address for an odd grid) and workgroup memory of doubles
// live across it, saved per workgroup in 8-byte units
// (lit/Run_workgroup_area_align.ll). The char comes from a neighbour's
// element, which the next segment's writes change: it cannot be read again.
void gridsplit_grid_sync(void);

static double shifted(local const double *t, uint l) {
  return t[(l + 1) % get_local_size(0)];
}

kernel void wgalign(global double *data, uint n) {
  local double t[7];
  uint l = get_local_id(0), g = get_global_id(0);
  uchar big = data[(g + 1) % n] > 0.5;
  t[l] = data[g] * 2.0;
  gridsplit_grid_sync();
  data[g] = shifted(t, l) + (big ? 1.0 : 0.0);
}
