// REQUIRES: llvm15
// The SPIR-V of a program computes what the interpreter does: emitted
// through SPIRV-LLVM-Translator, validated, translated back and run on POCL
// with its plan (gridsplit run --plan), its bytes equal the IR path's and
// the interpreter's (tile[l-1] is the left neighbour in the workgroup; hits
// counts the outputs above 1: 24 in the first workgroup, 16 in the second).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/gs_data.py write %t/src.bin f32 0.25*40 1.5*40 -2*48
// RUN: %python %S/Inputs/gs_data.py write %t/factor.bin f32 2
// RUN: %gridsplit --target spirv -o %t/s %s
// RUN: spirv-val %t/s/Program_spirv_run.spv
// RUN: llvm-spirv-15 -r %t/s/Program_spirv_run.spv -o %t/s/Program_spirv_run.bc
// RUN: %gridsplit run --plan %t/s/Program_spirv_run.plan.json --grid 128 --workgroup 64 --out %t/spv %t/s/Program_spirv_run.bc src=@%t/src.bin factor=@%t/factor.bin dst=zeros:512 hits=zeros:4 src_len=128 dst_len=128
// RUN: %gridsplit run --grid 128 --out %t/ir %s src=@%t/src.bin factor=2 dst=zeros:512 hits=zeros:4
// RUN: %gridsplit interpret --grid 128 --out %t/ref %s src=@%t/src.bin factor=2 dst=zeros:512 hits=zeros:4
// RUN: cmp %t/spv/dst.bin %t/ref/dst.bin
// RUN: cmp %t/ir/dst.bin %t/ref/dst.bin
// RUN: cmp %t/spv/hits.bin %t/ref/hits.bin
// RUN: cmp %t/ir/hits.bin %t/ref/hits.bin
// RUN: %python %S/Inputs/gs_data.py dump u32 %t/ir/hits.bin | FileCheck %s

// CHECK: {{^}}40{{$}}

program smooth;
workgroup_size 64;

buffer src:    read f32[?] @0;
buffer factor: uniform f32[1] @1;
buffer dst:    readwrite f32[?] @2 output;
buffer hits:   readwrite u32[1] @3 output;
buffer tile:   workgroup f32[64];

kernel {
  let i = global_id(0);
  let l = local_id(0);
  tile[l] = src[i];
  workgroup_barrier;
  let left = tile[select(l > 0, l - 1, l)];
  dst[i] = (left + tile[l]) * factor[0];
  grid_barrier;
  if dst[i] > 1.0 {
    atomic_add(hits, 0, 1u32);
  }
}
