; REQUIRES: llvm15
; End to end, static schedule (SPEC section 5): each invocation reads its
; neighbour's value written before the grid barrier, so the barrier must
; really separate the two phases; 16 invocations in 4 workgroups. Every
; host-output buffer (tmp, out) is written as DIR/NAME.bin, the read-only
; input is not. The kernel is Inputs/run_neighbor.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/tmp.bin | FileCheck %s --check-prefix=TMP
; RUN: not ls %t/out/in.bin
; The same at -O0, where nothing is optimised away before the split.
; RUN: %gridsplit run -O0 --grid 16 --workgroup 8 --out %t/out0 %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out0/out.bin | FileCheck %s --check-prefix=OUT

; OUT: {{^}}2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 30{{$}}
; OUT-NEXT: count 16
; TMP: {{^}}0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30{{$}}
