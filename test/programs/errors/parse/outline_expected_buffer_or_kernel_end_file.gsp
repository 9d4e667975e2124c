program t;
workgroup_size 64;
