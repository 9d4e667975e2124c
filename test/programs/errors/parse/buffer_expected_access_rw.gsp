program t;
workgroup_size 1;
buffer a: rw u32[4] @0;
kernel {}