// Functions holding a grid barrier that outlive their callers' split
// unless removed (lit Run_barrier_functions): a helper that is not static,
// and a kernel that another kernel calls.
void gridsplit_grid_sync(void);

void sync_step(global int *o) {
  o[get_global_id(0)] += 1;
  gridsplit_grid_sync();
}

kernel void inner(global int *o) {
  o[get_global_id(0)] *= 2;
  gridsplit_grid_sync();
}

kernel void outer(global int *o, global int *o2) {
  size_t g = get_global_id(0);
  o[g] = (int)g;
  sync_step(o);
  inner(o);
  o2[g] = o[(g + 1) % get_global_size(0)];
}
