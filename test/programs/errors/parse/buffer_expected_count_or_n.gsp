program t;
workgroup_size 1;
buffer a: read u32[n] @0;
kernel {}