program t;
workgroup_size 0;
kernel {}