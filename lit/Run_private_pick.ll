; REQUIRES: llvm15
; Private memory stored through a select of two arrays (issue 11, class 2):
; the stored value depends on the invocation, so what is loaded from either
; array does too, and the sum crosses the barrier per invocation, not once.
; Expected (n = 5: p = a, a[2] = in[g], b[1] = 4): out[g] = in[g] + 4.
; The kernel is Inputs/run_private_pick.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 30:38
; RUN: %gridsplit run -O0 --grid 8 --workgroup 4 --out %t/o0 %S/Inputs/run_private_pick.cl in=@%t/in.bin out=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o0/out.bin | FileCheck %s
; RUN: %gridsplit run -O2 --grid 8 --workgroup 4 --out %t/o2 %S/Inputs/run_private_pick.cl in=@%t/in.bin out=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o2/out.bin | FileCheck %s
; With virtual workgroups (one physical group for two), -O0 and -O2:
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v0 %S/Inputs/run_private_pick.cl in=@%t/in.bin out=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v0/out.bin | FileCheck %s
; RUN: %gridsplit run -O2 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v2 %S/Inputs/run_private_pick.cl in=@%t/in.bin out=zeros:32 n=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v2/out.bin | FileCheck %s
; RUN: %gridsplit -O0 -o %t/s0 --plan - %S/Inputs/run_private_pick.cl | %plan2lines | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit -O2 -o %t/s2 --plan - %S/Inputs/run_private_pick.cl | %plan2lines | FileCheck %s --check-prefix=PLAN

; CHECK: {{^}}34 35 36 37 38 39 40 41{{$}}

; PLAN: kernels[0].segments[1].live_in[0].bytes = 4
; PLAN-NOT: once
