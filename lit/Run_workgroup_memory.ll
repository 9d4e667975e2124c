; REQUIRES: llvm15
; End to end: workgroup memory written before a grid barrier and read after
; it (each invocation reads another invocation's element) survives the
; split: as a kernel-scope local array and as a local argument given with
; NAME=local:BYTES. Two workgroups of 4 reverse their quarter.
; The kernels are Inputs/run_tile.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 10:18
; RUN: %gridsplit run --kernel tile_scope --grid 8 --workgroup 4 --out %t/scope %S/Inputs/run_tile.cl in=@%t/in.bin out=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/scope/out.bin | FileCheck %s
; RUN: %gridsplit run --kernel tile_arg --grid 8 --workgroup 4 --out %t/arg %S/Inputs/run_tile.cl in=@%t/in.bin out=zeros:32 tile=local:16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/arg/out.bin | FileCheck %s
; RUN: not ls %t/arg/tile.bin

; CHECK: {{^}}13 12 11 10 17 16 15 14{{$}}
