program t;
workgroup_size 1;
buffer a: read u32[0] @0;
kernel {}