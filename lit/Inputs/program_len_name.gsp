// Program_error_names.gsp: a buffer named as another's run-time count.
program k;
workgroup_size 8;
buffer a: read u32[?] @0;
buffer a_len: uniform u32[1] @1;
buffer o: write u32[8] @2 output;
kernel {
  o[global_id(0)] = a[0] + a_len[0];
}
