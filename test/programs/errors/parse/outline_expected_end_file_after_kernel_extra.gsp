program t;
workgroup_size 64;
kernel {
}
extra