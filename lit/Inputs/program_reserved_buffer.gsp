// Program_error_names.gsp: a workgroup buffer named as an OpenCL builtin.
program k;
workgroup_size 8;
buffer _Z13get_global_idj: workgroup u32[8];
buffer o: write u32[8] @0 output;
kernel {
  o[global_id(0)] = 1;
}
