; REQUIRES: llvm15
; FINDINGS.md N3 as it stands: a valid kernel on a 3-D grid with early returns
; and a uniform loop of grid barriers. Without virtual workgroups it runs right
; at -O2 and -O0; with them POCL 3.1 mixes up the votes, and the run must stop
; with the divergence error (exit 1), never write wrong bytes with exit 0.
; Run_pocl_loop_carried_vote (XFAIL) is the fixed behaviour; when N3 is fixed
; this test's refusals fail: turn them into runs with the bytes below.
; By hand: out[g] = g, except g % 8 == 1, which return and leave 0.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run --check -O2 --grid 2,6,4 --workgroup 2,2,2 --out %t/p2 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/p2/out.bin | FileCheck %s
; RUN: %gridsplit run --check -O0 --grid 2,6,4 --workgroup 2,2,2 --out %t/p0 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/p0/out.bin | FileCheck %s
; RUN: not %gridsplit run --check -O2 --virtual-workgroups --physical-groups 3 --grid 2,6,4 --workgroup 2,2,2 --out %t/v2 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=2 > %t/v2.out 2>&1
; RUN: FileCheck %s --check-prefix=REFUSED < %t/v2.out
; RUN: not %gridsplit run --check -O0 --virtual-workgroups --physical-groups 3 --grid 2,6,4 --workgroup 2,2,2 --out %t/v0 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=2 > %t/v0.out 2>&1
; RUN: FileCheck %s --check-prefix=REFUSED < %t/v0.out

; PASS: gridsplit run: --check: every host-output buffer matches the reference
; REFUSED: error: kernel 'k': divergent grid barrier at run time: after segment {{[0-9]+}} the invocations did not all reach the same barrier
; CHECK: {{^}}0 0 2 3 4 5 6 7 8 0 10 11 12 13 14 15 16 0 18 19 20 21 22 23 24 0 26 27 28 29 30 31 32 0 34 35 36 37 38 39 40 0 42 43 44 45 46 47{{$}}
; CHECK-NEXT: count 48
