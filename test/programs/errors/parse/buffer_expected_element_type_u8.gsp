program t;
workgroup_size 1;
buffer a: read u8[4] @0;
kernel {}