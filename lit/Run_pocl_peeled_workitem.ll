; REQUIRES: llvm15
; End to end: POCL 3.1's work-item loops, specialized for a workgroup size of
; 1 in the first dimension, ran the first work-item of each workgroup twice
; through the code around a workgroup barrier under a condition (the
; runner now asks POCL for its generic work-group function). Workgroups of
; 1,2 on a grid of 1,4; the kernel is Inputs/run_peeled.cl.
; Invocation g xors v = g + 40503 into b[v & 1] of b = {3, 9}, out[g] =
; 3*b[0] + 5*b[1]:
;   g 0: b[1] = 9 ^ 40503 = 40510, 9 + 202550 = 202559
;   g 1: b[0] = 3 ^ 40504 = 40507, 121521 + 45 = 121566
;   g 2: b[1] = 9 ^ 40505 = 40496, 9 + 202480 = 202489
;   g 3: b[0] = 3 ^ 40506 = 40505, 121515 + 45 = 121560
; and after the grid barrier each reads both counts, 4 each: 404.
; The old runner gave 54 (the xor applied twice) for invocations 0 and 2,
; and counted 6 in count[0].
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run --grid 1,4 --workgroup 1,2 --out %t/O2 %S/Inputs/run_peeled.cl count=zeros:8 out=zeros:32 n=2
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/O2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/O2/count.bin | FileCheck %s --check-prefix=COUNT
; RUN: %gridsplit run -O0 --grid 1,4 --workgroup 1,2 --out %t/O0 %S/Inputs/run_peeled.cl count=zeros:8 out=zeros:32 n=2
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/O0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/O0/count.bin | FileCheck %s --check-prefix=COUNT
; With virtual workgroups (one physical group for two), -O2 and -O0:
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --grid 1,4 --workgroup 1,2 --out %t/V2 %S/Inputs/run_peeled.cl count=zeros:8 out=zeros:32 n=2
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/V2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/V2/count.bin | FileCheck %s --check-prefix=COUNT
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --grid 1,4 --workgroup 1,2 --out %t/V0 %S/Inputs/run_peeled.cl count=zeros:8 out=zeros:32 n=2
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/V0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/V0/count.bin | FileCheck %s --check-prefix=COUNT

; OUT: {{^}}202559 121566 202489 121560 404 404 404 404{{$}}
; COUNT: {{^}}4 4{{$}}
