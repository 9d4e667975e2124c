program t;
workgroup_size 64;
buffer a: readwrite u32[?] @0;
buffer f: read f32[16] @1;
buffer w: write u32[16] @2;
buffer tile: workgroup u32[64];
buffer u: uniform i32[1] @3;
buffer g: readwrite f32[8] @4;
kernel {
  a[0] = 1.5;
}
