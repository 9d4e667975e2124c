program t;
workgroup_size 64;
kernel {
  let x = 1;
