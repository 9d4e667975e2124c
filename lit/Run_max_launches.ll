; REQUIRES: llvm15
; --max-launches N (gridsplit run, the C API's max_launches): a dynamic
; schedule that has not ended after N launches of its segments stops with an
; error that names the segment that would run next, and writes no outputs.
; run_steps.cl with count=3 takes 7 launches (segment 0, then 1 and 2 three
; times): 7 allowed runs to its bytes, 6 stops. run_forever.cl with until=-1
; loops for ever (its own behaviour); with until=3 it ends after 7 launches
; with a[0] = 3. A count of 0 or none is a usage error.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/a.bin i32 1 0*7
; RUN: %python %S/Inputs/gs_data.py write %t/f.bin i32 0*8
; RUN: %gridsplit run --max-launches 7 --grid 8 --workgroup 4 --out %t/s7 %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/s7/a.bin | FileCheck %s --check-prefix=A
; RUN: not %gridsplit run --max-launches 6 --grid 8 --workgroup 4 --out %t/s6 %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3 2>&1 | FileCheck %s --check-prefix=SIX
; RUN: not ls %t/s6
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --max-launches 7 --grid 8 --workgroup 4 --out %t/s7o0 %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/s7o0/a.bin | FileCheck %s --check-prefix=A
; RUN: not %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --max-launches 6 --grid 8 --workgroup 4 --out %t/s6o0 %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3 2>&1 | FileCheck %s --check-prefix=SIX
; RUN: %gridsplit run --max-launches 7 --grid 8 --workgroup 4 --out %t/f3 %S/Inputs/run_forever.cl a=@%t/f.bin until=3
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/f3/a.bin | FileCheck %s --check-prefix=F3
; RUN: not %gridsplit run --max-launches 50 --grid 8 --workgroup 4 --out %t/fn %S/Inputs/run_forever.cl a=@%t/f.bin until=-1 2>&1 | FileCheck %s --check-prefix=FOREVER
; RUN: not ls %t/fn
; RUN: not %gridsplit run --max-launches 50 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/fv %S/Inputs/run_forever.cl a=@%t/f.bin until=-1 2>&1 | FileCheck %s --check-prefix=FOREVER
; RUN: not %gridsplit run --max-launches 0 --grid 8 --workgroup 4 %S/Inputs/run_forever.cl a=@%t/f.bin until=-1 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: not %gridsplit run --max-launches x --grid 8 --workgroup 4 %S/Inputs/run_forever.cl a=@%t/f.bin until=-1 2>&1 | FileCheck %s --check-prefix=NAN
; RUN: not %gridsplit run --grid 8 --workgroup 4 %S/Inputs/run_forever.cl a=@%t/f.bin until=-1 --max-launches 2>&1 | FileCheck %s --check-prefix=NONE

; A: {{^}}5 4 4 4 4 5 7 7{{$}}
; SIX: run_steps.cl: error: kernel 'steps': the schedule has not ended after 6 launches (--max-launches 6): segment 2 would run next
; F3: {{^}}3 0 0 0 0 0 0 0{{$}}
; FOREVER: run_forever.cl: error: kernel 'forever': the schedule has not ended after 50 launches (--max-launches 50): segment 2 would run next
; ZERO: gridsplit: error: --max-launches '0': expected a positive count
; NAN: gridsplit: error: --max-launches 'x': expected a positive count
; NONE: gridsplit: error: option '--max-launches' needs a value
