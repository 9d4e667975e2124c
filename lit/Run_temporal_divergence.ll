; REQUIRES: llvm15
; Temporal divergence (issue 11, class 2): the loop counter after a loop
; that invocations leave at different iterations is not grid-uniform, though
; it is inside the loop. It crosses the barrier in a slot per invocation (no
; "once"), and the early return on it (key not found) gets the status word,
; so invocations that returned run no later segment. At -O0 the counter
; lives in an alloca until the split promotes it: no LCSSA phi then, the
; loop's own phi is what crosses the barrier.
; Expected (table 5 3 8 1 9 2, n = 6): pos[g] = index of keys[g] in table
; * 100 + g, and -1 (untouched) where the key is not in the table.
; The kernel is Inputs/run_search.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/keys.bin i32 8 1 7 5 2 9 0 3 3 8 4 1
; RUN: %python %S/Inputs/gs_data.py write %t/table.bin i32 5 3 8 1 9 2
; RUN: %python %S/Inputs/gs_data.py write %t/pos.bin i32 -1*12
; RUN: %gridsplit run -O0 --grid 12 --workgroup 4 --out %t/o0 %S/Inputs/run_search.cl keys=@%t/keys.bin table=@%t/table.bin pos=@%t/pos.bin n=6
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o0/pos.bin | FileCheck %s --check-prefix=POS
; RUN: %gridsplit run -O2 --grid 12 --workgroup 4 --out %t/o2 %S/Inputs/run_search.cl keys=@%t/keys.bin table=@%t/table.bin pos=@%t/pos.bin n=6
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o2/pos.bin | FileCheck %s --check-prefix=POS
; With virtual workgroups (two physical ones run the three):
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --grid 12 --workgroup 4 --out %t/v0 %S/Inputs/run_search.cl keys=@%t/keys.bin table=@%t/table.bin pos=@%t/pos.bin n=6
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v0/pos.bin | FileCheck %s --check-prefix=POS
; RUN: %gridsplit -O0 -o %t/s0 --plan - %S/Inputs/run_search.cl | %plan2lines | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit -O2 -o %t/s2 --plan - %S/Inputs/run_search.cl | %plan2lines | FileCheck %s --check-prefix=PLAN

; POS: {{^}}200 301 -1 3 504 405 -1 107 108 209 -1 311{{$}}

; PLAN: kernels[0].live_state.status_offset = {{[0-9]+}}
; PLAN-NOT: once
