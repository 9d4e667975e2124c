program t;
workgroup_size 1;
buffer a: read u32[4294967296] @0;
kernel {}