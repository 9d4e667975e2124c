// Program_error_names.gsp: a kernel named as the canonical grid barrier.
program gridsplit_grid_sync;
workgroup_size 8;
buffer o: write u32[8] @0 output;
kernel {
  o[global_id(0)] = 1;
  grid_barrier;
}
