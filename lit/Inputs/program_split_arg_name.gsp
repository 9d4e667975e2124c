// Program_error_names.gsp: a buffer named as the split's live-state argument.
program k;
workgroup_size 8;
buffer gs_live_state: write u32[8] @0 output;
kernel {
  gs_live_state[global_id(0)] = 1;
}
