; REQUIRES: llvm15
; Results of calls that are not inlined (issue 11, class 2) are grid-uniform
; only where that is proven. A noinline helper doing atomic_inc gives every
; invocation its own ticket: the ticket crosses the barrier per invocation,
; and the early return on it gets the status word. A noinline helper reading
; workgroup memory through a generic pointer gives each workgroup its own
; value; the same helper on a private array of arguments stays uniform
; (carried once).
; Expected 'tickets' (16 invocations, limit 10): tickets 0..15 drawn once
; each, hist[t] = 1 for t < 10, served = 10, counter = 16.
; Expected 'first_in_group' (in = 10..21, workgroups of 4, base 7):
; out[g] = in[first of g's workgroup] * 10 + 7.
; The kernels are Inputs/run_ticket.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run -O0 --kernel tickets --grid 16 --workgroup 4 --out %t/t0 %S/Inputs/run_ticket.cl counter=zeros:4 hist=zeros:64 served=zeros:4 limit=10
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t0/hist.bin | FileCheck %s --check-prefix=HIST
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t0/served.bin | FileCheck %s --check-prefix=SERVED
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t0/counter.bin | FileCheck %s --check-prefix=COUNTER
; RUN: %gridsplit run -O2 --kernel tickets --grid 16 --workgroup 4 --out %t/t2 %S/Inputs/run_ticket.cl counter=zeros:4 hist=zeros:64 served=zeros:4 limit=10
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t2/hist.bin | FileCheck %s --check-prefix=HIST
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t2/served.bin | FileCheck %s --check-prefix=SERVED
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 10:22
; RUN: %gridsplit run -O0 --kernel first_in_group --grid 12 --workgroup 4 --out %t/f0 %S/Inputs/run_ticket.cl in=@%t/in.bin out=zeros:48 base=7
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/f0/out.bin | FileCheck %s --check-prefix=FIRST
; RUN: %gridsplit run -O2 --kernel first_in_group --grid 12 --workgroup 4 --out %t/f2 %S/Inputs/run_ticket.cl in=@%t/in.bin out=zeros:48 base=7
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/f2/out.bin | FileCheck %s --check-prefix=FIRST
; With virtual workgroups (two physical groups for four or three):
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --kernel tickets --grid 16 --workgroup 4 --out %t/vt0 %S/Inputs/run_ticket.cl counter=zeros:4 hist=zeros:64 served=zeros:4 limit=10
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vt0/hist.bin | FileCheck %s --check-prefix=HIST
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vt0/served.bin | FileCheck %s --check-prefix=SERVED
; RUN: %gridsplit run -O2 --virtual-workgroups --physical-groups 2 --kernel tickets --grid 16 --workgroup 4 --out %t/vt2 %S/Inputs/run_ticket.cl counter=zeros:4 hist=zeros:64 served=zeros:4 limit=10
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vt2/hist.bin | FileCheck %s --check-prefix=HIST
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vt2/served.bin | FileCheck %s --check-prefix=SERVED
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --kernel first_in_group --grid 12 --workgroup 4 --out %t/vf0 %S/Inputs/run_ticket.cl in=@%t/in.bin out=zeros:48 base=7
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vf0/out.bin | FileCheck %s --check-prefix=FIRST
; RUN: %gridsplit run -O2 --virtual-workgroups --physical-groups 2 --kernel first_in_group --grid 12 --workgroup 4 --out %t/vf2 %S/Inputs/run_ticket.cl in=@%t/in.bin out=zeros:48 base=7
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vf2/out.bin | FileCheck %s --check-prefix=FIRST
; RUN: %gridsplit -O0 --kernel tickets -o %t/s0 --plan - %S/Inputs/run_ticket.cl | %plan2lines | FileCheck %s --check-prefix=PLAN-T
; RUN: %gridsplit -O2 --kernel tickets -o %t/s2 --plan - %S/Inputs/run_ticket.cl | %plan2lines | FileCheck %s --check-prefix=PLAN-T
; RUN: %gridsplit -O0 --kernel first_in_group -o %t/s3 --plan - %S/Inputs/run_ticket.cl | %plan2lines | FileCheck %s --check-prefix=PLAN-F
; RUN: %gridsplit -O2 --kernel first_in_group -o %t/s4 --plan - %S/Inputs/run_ticket.cl | %plan2lines | FileCheck %s --check-prefix=PLAN-F

; HIST: {{^}}1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0{{$}}
; SERVED: {{^}}10{{$}}
; COUNTER: {{^}}16{{$}}
; FIRST: {{^}}107 107 107 107 147 147 147 147 187 187 187 187{{$}}

; PLAN-T: kernels[0].live_state.status_offset = {{[0-9]+}}
; PLAN-T-NOT: once

; the workgroup's first input: one per invocation; the private array's: once
; PLAN-F: kernels[0].segments[1].live_in[0].bytes = 4
; PLAN-F-NEXT: kernels[0].segments[1].live_in[0].elem_bytes = 4
; PLAN-F-NEXT: kernels[0].segments[1].live_in[0].name = "call3"
; PLAN-F-NEXT: kernels[0].segments[1].live_in[0].offset
; PLAN-F-NEXT: kernels[0].segments[1].live_in[1].bytes = 4
; PLAN-F-NEXT: kernels[0].segments[1].live_in[1].name = "call4"
; PLAN-F-NEXT: kernels[0].segments[1].live_in[1].offset
; PLAN-F-NEXT: kernels[0].segments[1].live_in[1].once = true
