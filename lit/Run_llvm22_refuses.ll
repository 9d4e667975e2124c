; REQUIRES: llvm22
; gridsplit run executes on POCL, which reads LLVM 15 bitcode: a build with
; LLVM 22 says so, exit 1, and runs nothing.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: not %gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: not ls %t/out

; CHECK: run_neighbor.cl: error: {{.*}}LLVM 15
