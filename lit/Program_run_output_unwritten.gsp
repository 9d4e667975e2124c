// REQUIRES: llvm15
// A buffer the program marks `output` is written back by gridsplit run even
// where no segment writes it (here `a`, only read): the host asked for it,
// and it holds what was given. `b` is written after the grid barrier. The
// interpreter writes the same bytes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/gs_data.py write %t/a.bin i32 5:13
// RUN: %gridsplit run --grid 8 --out %t/run %s a=@%t/a.bin b=zeros:32
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/a.bin | FileCheck %s --check-prefix=A
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/b.bin | FileCheck %s --check-prefix=B
// RUN: %gridsplit interpret --grid 8 --out %t/int %s a=@%t/a.bin b=zeros:32
// RUN: cmp %t/run/a.bin %t/int/a.bin
// RUN: cmp %t/run/b.bin %t/int/b.bin

// A: {{^}}5 6 7 8 9 10 11 12{{$}}
// B: {{^}}5 7 9 11 13 15 17 19{{$}}

program keep;
workgroup_size 4;
buffer a: readwrite u32[8] @0 output;
buffer b: write u32[8] @1 output;
kernel {
  let i = global_id(0);
  grid_barrier;
  b[i] = i + a[i];
}
