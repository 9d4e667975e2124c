// Helpers the way users write them (issue 11, classes 1 and 3): noinline
// helpers that read the grid in two dimensions, called from several sites
// in several segments and in a loop; a helper holding the barrier that is
// not static; a kernel that another kernel calls. With virtual workgroups
// every query in a helper must read the virtual workgroup; whatever holds a
// barrier must leave the module the device builds.
void gridsplit_grid_sync(void);

__attribute__((noinline)) size_t flat(void) {
  return get_global_id(1) * get_global_size(0) + get_global_id(0);
}

__attribute__((noinline)) int tag(void) {
  return (int)(get_group_id(0) + 10 * get_group_id(1) + 100 * get_num_groups(0) +
               1000 * get_num_groups(1) + get_local_id(0) % 3);
}

__attribute__((noinline)) int neighbour(global const int *b, int dx, int dy) {
  int w = (int)get_global_size(0), h = (int)get_global_size(1);
  int x = ((int)get_global_id(0) + dx + w) % w, y = ((int)get_global_id(1) + dy + h) % h;
  return b[y * w + x];
}

void sync_all(void) { gridsplit_grid_sync(); }

kernel void stamp(global int *b) {
  b[flat()] += tag();
  gridsplit_grid_sync();
}

kernel void helper_rounds(global const int *a, global int *b, global int *out, int rounds) {
  size_t i = flat();
  b[i] = a[i];
  sync_all();
  for (int r = 0; r < rounds; r++) {
    int s = neighbour(b, 1, 0) + neighbour(b, 0, 1) + neighbour(b, -1, -1);
    sync_all();
    b[i] = s % 9973 + tag();
    sync_all();
  }
  stamp(b);
  out[i] = neighbour(b, 1, 1) + tag();
}
