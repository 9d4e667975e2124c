// REQUIRES: llvm15
// gridsplit run with a program (SPEC section 5, docs/programs.md): the
// workgroup size comes from the program (--workgroup may repeat it), a
// one-element read or uniform buffer takes NAME=VALUE as its element type,
// and the count of a buffer sized at run time (src_len) comes from the bytes
// bound to it unless it is given.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/gs_data.py write %t/src.bin f32 0:16
// RUN: %python %S/Inputs/gs_data.py write %t/factor.bin f32 2.5
// RUN: %gridsplit run --grid 4,4 --out %t/a %s src=@%t/src.bin factor=2.5 dst=zeros:64
// RUN: %gridsplit run --grid 4,4 --workgroup 4,2 --out %t/b %s src=@%t/src.bin factor=@%t/factor.bin dst=zeros:64
// RUN: %gridsplit interpret --grid 4,4 --out %t/ref %s src=@%t/src.bin factor=2.5 dst=zeros:64
// RUN: cmp %t/a/dst.bin %t/ref/dst.bin
// RUN: cmp %t/b/dst.bin %t/ref/dst.bin
// RUN: %python %S/Inputs/gs_data.py dump f32 %t/a/dst.bin | FileCheck %s
// RUN: %gridsplit run --grid 4,4 --out %t/c %s src=@%t/src.bin factor=2.5 dst=zeros:64 src_len=5
// RUN: %python %S/Inputs/gs_data.py dump f32 %t/c/dst.bin | FileCheck %s --check-prefix=LEN5

// CHECK: {{^}}0 2.5 5 7.5 10 12.5 15 17.5 20 22.5 25 27.5 30 32.5 35 37.5{{$}}
// LEN5:  {{^}}0 2.5 5 7.5 10 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1{{$}}

program scale;
workgroup_size 4, 2;

buffer src:    read f32[?] @0;
buffer factor: uniform f32[1] @1;
buffer dst:    write f32[16] @2 output;

kernel {
  let i = global_id(1) * global_size(0) + global_id(0);
  dst[i] = select(i < len(src), src[select(i < len(src), i, 0)] * factor[0], -1.0);
}
