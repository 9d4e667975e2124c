program t;
workgroup_size 1;
buffer s: workgroup u32[4] output;
kernel {}