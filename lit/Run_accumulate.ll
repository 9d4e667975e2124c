; REQUIRES: llvm15
; End to end: atomics on 'bins' in segments 0 and 2 (accumulate: segment 2
; must receive segment 0's counts, never a fresh buffer), and one invocation
; reads them in segment 1. 10 inputs 0..9, bin = x & 3: counts 3 3 2 2;
; total = 3*1 + 3*2 + 2*3 + 2*4 = 23; then +10 per input.
; The kernel is Inputs/run_count.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:10
; RUN: %gridsplit run --grid 10 --workgroup 5 --out %t/out %S/Inputs/run_count.cl in=@%t/in.bin bins=zeros:16 total=zeros:4
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/bins.bin | FileCheck %s --check-prefix=BINS
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/total.bin | FileCheck %s --check-prefix=TOTAL
; RUN: %gridsplit --print-roles -o %t/split %S/Inputs/run_count.cl | FileCheck %s --check-prefix=ROLES

; BINS: {{^}}33 33 22 22{{$}}
; TOTAL: {{^}}23{{$}}

; ROLES-LABEL: kernel 'count': barriers 2, schedule static
; ROLES:       segment 0:
; ROLES:         bins accumulate read_write atomic
; ROLES:       segment 1:
; ROLES:         bins read read_only
; ROLES:       segment 2:
; ROLES:         bins accumulate read_write atomic
