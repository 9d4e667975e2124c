; REQUIRES: llvm15
; The SPIR-V itself computes the right result (issue: SPIR-V on POCL): the
; segments are emitted as SPIR-V through SPIRV-LLVM-Translator, validated by
; spirv-val, translated back by the translator, and run on POCL with the
; plan (gridsplit run --plan); the bytes equal those of the IR path, for a
; static schedule (Inputs/run_neighbor.cl) and a dynamic one
; (Inputs/run_steps.cl, a barrier in a loop).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in16.bin i32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/in8.bin i32 0:8
;
; RUN: %gridsplit --target spirv -o %t/n %S/Inputs/run_neighbor.cl
; RUN: spirv-val %t/n/run_neighbor.spv
; RUN: llvm-spirv-15 -r %t/n/run_neighbor.spv -o %t/n/run_neighbor.bc
; RUN: %gridsplit run --plan %t/n/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/n/spv %t/n/run_neighbor.bc in=@%t/in16.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: %gridsplit run --grid 16 --workgroup 4 --out %t/n/ir %S/Inputs/run_neighbor.cl in=@%t/in16.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: cmp %t/n/spv/out.bin %t/n/ir/out.bin
; RUN: cmp %t/n/spv/tmp.bin %t/n/ir/tmp.bin
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/n/spv/out.bin | FileCheck %s --check-prefix=NEIGHBOR
;
; RUN: %gridsplit --target spirv -o %t/s %S/Inputs/run_steps.cl
; RUN: spirv-val %t/s/run_steps.spv
; RUN: llvm-spirv-15 -r %t/s/run_steps.spv -o %t/s/run_steps.bc
; RUN: %gridsplit run --plan %t/s/run_steps.plan.json --grid 8 --workgroup 4 --out %t/s/spv %t/s/run_steps.bc a=@%t/in8.bin b=zeros:32 n=8 count=3
; RUN: %gridsplit run --grid 8 --workgroup 4 --out %t/s/ir %S/Inputs/run_steps.cl a=@%t/in8.bin b=zeros:32 n=8 count=3
; RUN: cmp %t/s/spv/a.bin %t/s/ir/a.bin
; RUN: cmp %t/s/spv/b.bin %t/s/ir/b.bin
; With virtual workgroups (one physical group for two), at -O0 and -O2:
; RUN: %gridsplit --target spirv --virtual-workgroups -o %t/v2 %S/Inputs/run_steps.cl
; RUN: spirv-val %t/v2/run_steps.spv
; RUN: llvm-spirv-15 -r %t/v2/run_steps.spv -o %t/v2/run_steps.bc
; RUN: %gridsplit run --plan %t/v2/run_steps.plan.json --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v2/spv %t/v2/run_steps.bc a=@%t/in8.bin b=zeros:32 n=8 count=3
; RUN: cmp %t/v2/spv/a.bin %t/s/ir/a.bin
; RUN: cmp %t/v2/spv/b.bin %t/s/ir/b.bin
; RUN: %gridsplit --target spirv -O0 --virtual-workgroups -o %t/v0 %S/Inputs/run_neighbor.cl
; RUN: spirv-val %t/v0/run_neighbor.spv
; RUN: llvm-spirv-15 -r %t/v0/run_neighbor.spv -o %t/v0/run_neighbor.bc
; RUN: %gridsplit run --plan %t/v0/run_neighbor.plan.json --virtual-workgroups --physical-groups 2 --grid 16 --workgroup 4 --out %t/v0/spv %t/v0/run_neighbor.bc in=@%t/in16.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: cmp %t/v0/spv/out.bin %t/n/ir/out.bin
; RUN: cmp %t/v0/spv/tmp.bin %t/n/ir/tmp.bin

; NEIGHBOR: {{^}}2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 30{{$}}
