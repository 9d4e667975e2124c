; REQUIRES: llvm15
; The live state is carried in legal widths (8, 16, 32, 64 bits): at -O0,
; the first byte of x is stored apart, and SROA slices x into an i8 and an
; i56, an integer width SPIR-V does not have. The i56 is carried as an i64,
; the segments' own i56 arithmetic is done in i64, the SPIR-V passes
; spirv-val, and POCL computes ((in & ~0xff) | tag) + 1 from it, bytes
; checked against values computed by hand (the top byte and bit 63 through
; the slice).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target ir -O0 -o %t/ir %S/Inputs/run_byte_slice.cl
; RUN: FileCheck %s --check-prefix=STATE < %t/ir/run_byte_slice.ll
; RUN: %gridsplit --target spirv -O0 -o %t/spv %S/Inputs/run_byte_slice.cl
; RUN: spirv-val %t/spv/run_byte_slice.spv
; RUN: llvm-spirv-15 -r %t/spv/run_byte_slice.spv -o %t/spv/run_byte_slice.bc
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i64 -1 81985529216486895 256 9223372036854775552 -72057594037927936 0 4096 65535
; RUN: %python %S/Inputs/gs_data.py write %t/tag.bin u8 5 0 255 17 1 2 3 200
; RUN: %gridsplit run --plan %t/spv/run_byte_slice.plan.json --grid 8 --workgroup 4 --out %t/run %t/spv/run_byte_slice.bc in=@%t/in.bin out=zeros:64 tag=@%t/tag.bin
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/run/out.bin | FileCheck %s --check-prefix=OUT
; The same with virtual workgroups (one physical group for two):
; RUN: %gridsplit --target spirv -O0 --virtual-workgroups -o %t/vspv %S/Inputs/run_byte_slice.cl
; RUN: spirv-val %t/vspv/run_byte_slice.spv
; RUN: llvm-spirv-15 -r %t/vspv/run_byte_slice.spv -o %t/vspv/run_byte_slice.bc
; RUN: %gridsplit run --plan %t/vspv/run_byte_slice.plan.json --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/vrun %t/vspv/run_byte_slice.bc in=@%t/in.bin out=zeros:64 tag=@%t/tag.bin
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/vrun/out.bin | FileCheck %s --check-prefix=OUT

; the slice is stored and reloaded as an i64, never as an i56
; STATE-LABEL: define spir_kernel void @byte_slice.seg0(
; STATE: [[W:%.*]] = zext i56 %{{.*}} to i64
; STATE: store i64 [[W]], i64 addrspace(1)*
; STATE-LABEL: define spir_kernel void @byte_slice.seg1(
; STATE: [[L:%.*]] = load i64, i64 addrspace(1)*
; STATE: trunc i64 [[L]] to i56
; STATE-NOT: {{load|store}} i56

; OUT: {{^}}-250 81985529216486657 512 9223372036854775570 -72057594037927934 3 4100 65481{{$}}
; OUT: count 8
