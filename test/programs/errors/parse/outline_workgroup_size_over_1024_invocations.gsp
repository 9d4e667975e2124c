program t;
workgroup_size 64, 32;
kernel {}