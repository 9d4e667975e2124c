; REQUIRES: llvm15
; End to end: invocations i >= n return before the barrier and run no later
; segment (SPEC section 2); a private array and a value loaded from a buffer
; that segment 0 then overwrites are carried across the barrier. 'out' is
; write-only (host_input false) but its initial contents must survive where
; no invocation writes (SPEC section 3), so the 99s past n stay.
; Expected (n = 10): out[i] = data0[i]*10 + src[(i + (i&3)) % n]*100 - 1.
; The kernel is Inputs/run_bounded.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/src.bin i32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/data.bin i32 100:116
; RUN: %python %S/Inputs/gs_data.py write %t/out.bin i32 99*16
; RUN: %gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_bounded.cl src=@%t/src.bin data=@%t/data.bin out=@%t/out.bin n=10
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/data.bin | FileCheck %s --check-prefix=DATA
; RUN: %gridsplit -o %t/split --plan - %S/Inputs/run_bounded.cl | %plan2lines | FileCheck %s --check-prefix=PLAN

; OUT: {{^}}999 1209 1419 1629 1439 1649 1859 1069 1879 1089 99 99 99 99 99 99{{$}}
; DATA: {{^}}-1 -1 -1 -1 -1 -1 -1 -1 -1 -1 110 111 112 113 114 115{{$}}

; PLAN: kernels[0].live_state.status_offset = {{[0-9]+}}
; PLAN: kernels[0].schedule = "static"
; PLAN: kernels[0].segments[0].live_out[0].bytes = 16
; PLAN: kernels[0].segments[0].live_out[0].name = "priv"
