program t;
workgroup_size 1;
buffer a: read u32[4] @0;
buffer b: write u32[4] @0;
kernel {}