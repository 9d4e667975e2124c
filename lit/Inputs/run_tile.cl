// Workgroup memory live across a grid barrier, as a kernel-scope local array
// and as a local argument (lit/Run_workgroup_memory.ll).
void gridsplit_grid_sync(void);

kernel void tile_scope(global const int *in, global int *out) {
  local int tile[4];
  size_t l = get_local_id(0), g = get_global_id(0);
  tile[l] = in[g];
  gridsplit_grid_sync();
  out[g] = tile[3 - l];
}

kernel void tile_arg(global const int *in, global int *out, local int *tile) {
  size_t l = get_local_id(0), g = get_global_id(0);
  tile[l] = in[g];
  gridsplit_grid_sync();
  out[g] = tile[3 - l];
}
