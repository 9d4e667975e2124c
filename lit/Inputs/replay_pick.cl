// Two loops of grid barriers, one taken by an argument (lit/Run_vulkan_replay.ll):
// with mode 0 the path leaves segment 0's first successor, so the Vulkan
// runner's batches, recorded along first successors, skip launches, and
// it learns the path launch by launch instead.
void gridsplit_grid_sync(void);

kernel void pick(global int *out, int mode, int count) {
  uint i = get_global_id(0);
  if (mode) {
    for (int it = 0; it < count; it++) {
      out[i] += it;
      gridsplit_grid_sync();
    }
  } else {
    for (int it = 0; it < count; it++) {
      out[i] += 2 * it + (int)i;
      gridsplit_grid_sync();
    }
  }
}
