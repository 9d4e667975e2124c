program t;
workgroup_size 1;
buffer a: read bool[4] @0;
kernel {}