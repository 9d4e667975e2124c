program t;
workgroup_size 64u32;
kernel {}