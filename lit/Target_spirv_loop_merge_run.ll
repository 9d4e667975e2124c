; REQUIRES: llvm15
; Loops that clang -O1 tags with !llvm.loop made SPIRV-LLVM-Translator 15
; give one block as the merge block of two loops, which spirv-val rejects
; ("already a merge block for another header"), written with exit 0. The
; loop metadata is dropped before translation: the SPIR-V passes spirv-val
; and computes on POCL what a C model of the kernel gives (by hand, in=3 1 4
; 1 5 9 2 6, n=5).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -O1 -o %t/spv %S/Inputs/run_nested_loops.cl
; RUN: spirv-val %t/spv/run_nested_loops.spv
; RUN: llvm-spirv-15 -r %t/spv/run_nested_loops.spv -o %t/k.bc
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 3 1 4 1 5 9 2 6
; RUN: %gridsplit run --plan %t/spv/run_nested_loops.plan.json --grid 8 --workgroup 4 --out %t/run %t/k.bc in=@%t/in.bin a=zeros:32 b=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/b.bin | FileCheck %s --check-prefix=B
; The same with virtual workgroups (one physical group for two), and at -O0:
; RUN: %gridsplit --target spirv -O1 --virtual-workgroups -o %t/vspv %S/Inputs/run_nested_loops.cl
; RUN: spirv-val %t/vspv/run_nested_loops.spv
; RUN: llvm-spirv-15 -r %t/vspv/run_nested_loops.spv -o %t/vk.bc
; RUN: %gridsplit run --plan %t/vspv/run_nested_loops.plan.json --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/vrun %t/vk.bc in=@%t/in.bin a=zeros:32 b=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vrun/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vrun/b.bin | FileCheck %s --check-prefix=B
; RUN: %gridsplit --target spirv -O0 -o %t/spv0 %S/Inputs/run_nested_loops.cl
; RUN: spirv-val %t/spv0/run_nested_loops.spv
; RUN: llvm-spirv-15 -r %t/spv0/run_nested_loops.spv -o %t/k0.bc
; RUN: %gridsplit run --plan %t/spv0/run_nested_loops.plan.json --grid 8 --workgroup 4 --out %t/run0 %t/k0.bc in=@%t/in.bin a=zeros:32 b=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run0/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run0/b.bin | FileCheck %s --check-prefix=B

; A: {{^}}28 47 72 84 98 103 103 103{{$}}
; B: {{^}}481 670 839 939 1010 955 824 662{{$}}
