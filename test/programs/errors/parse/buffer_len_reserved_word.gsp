program t;
workgroup_size 1;
buffer len: read u32[4] @0;
kernel {}