// REQUIRES: llvm15
// The arithmetic of docs/programs.md ("Semantics of operations"), lowered,
// run on POCL (gridsplit run) and on the reference interpreter (gridsplit
// interpret): the bytes agree, and they are the values the rules give.
// Per invocation i (inputs x, y, fx below), r[8i..8i+7] holds
//   x / y, x % y, x << y, x >> y, u32 x / u32 y, u32 x >> u32 y,
//   i32(fx), i32(u32(fx))
// for x / 0 (0), MIN / -1 (MIN, remainder 0), shifts modulo 32 (33 is 1,
// -1 is 31, -3 is 29), and float-to-integer casts that truncate and
// saturate (NaN 0, 1e10 and 2^32 the maximum, -1e10 the minimum, negative
// values 0 as u32). fm[0] = a*a + b with a = 1 + 2^-12, b = -(1 + 2^-11) is
// 0 with two roundings and 2^-24 with an FMA (no contraction). cmp packs
// v == v, v != v << 1, v < 1 << 2, v >= 1 << 3 (NaN: only !=). cnt counts
// the invocations that evaluate the atomic right of `||`: the four with
// i >= 4 (short-circuit).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/gs_data.py write %t/x.bin i32 7 -7 -2147483648 1 -8 100 -1 5
// RUN: %python %S/Inputs/gs_data.py write %t/y.bin i32 0 2 -1 33 -1 -3 31 -1
// RUN: %python %S/Inputs/gs_data.py write %t/fx.bin f32 nan 1e10 -1e10 -2.5 2.9 -0.5 4294967296 3e9
// RUN: %python %S/Inputs/gs_data.py write %t/fa.bin f32 1.000244140625 3 0*6
// RUN: %python %S/Inputs/gs_data.py write %t/fb.bin f32 -1.00048828125 0.5 0*6
// RUN: %gridsplit run --grid 8 --out %t/run %s x=@%t/x.bin y=@%t/y.bin fx=@%t/fx.bin fa=@%t/fa.bin fb=@%t/fb.bin r=zeros:256 fm=zeros:32 cmp=zeros:32 cnt=zeros:4
// RUN: %gridsplit interpret --grid 8 --out %t/ref %s x=@%t/x.bin y=@%t/y.bin fx=@%t/fx.bin fa=@%t/fa.bin fb=@%t/fb.bin r=zeros:256 fm=zeros:32 cmp=zeros:32 cnt=zeros:4
// RUN: cmp %t/run/r.bin %t/ref/r.bin
// RUN: cmp %t/run/fm.bin %t/ref/fm.bin
// RUN: cmp %t/run/cmp.bin %t/ref/cmp.bin
// RUN: cmp %t/run/cnt.bin %t/ref/cnt.bin
// RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/r.bin | FileCheck %s --check-prefix=R
// RUN: %python %S/Inputs/gs_data.py dump f32 %t/run/fm.bin | FileCheck %s --check-prefix=FM
// RUN: %python %S/Inputs/gs_data.py dump u32 %t/run/cmp.bin | FileCheck %s --check-prefix=CMP
// RUN: %python %S/Inputs/gs_data.py dump u32 %t/run/cnt.bin | FileCheck %s --check-prefix=CNT

// R:   {{^}}0 0 7 7 0 7 0 0 -3 -1 -28 -2 2147483644 1073741822 2147483647 -1 -2147483648 0 0 -1 0 1 -2147483648 0 0 1 2 0 0 0 -2 0 8 0 0 -1 0 1 2 2 -33 1 -2147483648 0 0 0 0 0 0 -1 -2147483648 -1 138547332 1 2147483647 -1 -5 0 -2147483648 0 0 0 2147483647 -1294967296{{$}}
// FM:  {{^}}0 9.5 0 0 0 0 0 0{{$}}
// CMP: {{^}}2 9 5 5 9 5 9 9{{$}}
// CNT: {{^}}4{{$}}

program semantics;
workgroup_size 8;

buffer x:   read i32[8] @0;
buffer y:   read i32[8] @1;
buffer fx:  read f32[8] @2;
buffer fa:  read f32[8] @3;
buffer fb:  read f32[8] @4;
buffer r:   write i32[64] @5 output;
buffer fm:  write f32[8] @6 output;
buffer cmp: write u32[8] @7 output;
buffer cnt: readwrite u32[1] @8 output;

kernel {
  let i = global_id(0);
  let a = x[i];
  let b = y[i];
  let base = i * 8;
  r[base] = a / b;
  r[base + 1] = a % b;
  r[base + 2] = a << b;
  r[base + 3] = a >> b;
  r[base + 4] = i32(u32(a) / u32(b));
  r[base + 5] = i32(u32(a) >> u32(b));
  r[base + 6] = i32(fx[i]);
  r[base + 7] = i32(u32(fx[i]));
  fm[i] = fa[i] * fa[i] + fb[i];
  let v = fx[i];
  cmp[i] = u32(v == v) | u32(v != v) << 1 | u32(v < 1.0) << 2 | u32(v >= 1.0) << 3;
  if i < 4 || atomic_add(cnt, 0, 1u32) > 100 {
    cnt[0] = cnt[0];
  }
}
