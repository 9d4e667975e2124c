; REQUIRES: llvm15
; FINDINGS.md N3: a valid kernel on a 3-D grid with early returns and a
; uniform loop of grid barriers, run with virtual workgroups (campaign seed
; 17). POCL 3.1 copied the tail after the loops over virtual groups once per
; edge into the segment's exit, took the branch on the returned invocations'
; vote as the first work-item's for all, and the run stopped as "divergent
; grid barrier at run time". gridsplit run now joins the edges into a block
; that come from different sets of barriers (runtime/pocl/pocl_regions.c,
; join_by_reach). By hand: out[g] = g,
; except the invocations with g % 8 == 1, which return and leave 0.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 3 --grid 2,6,4 --workgroup 2,2,2 --out %t/v2 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v2/out.bin | FileCheck %s
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 3 --grid 2,6,4 --workgroup 2,2,2 --out %t/v0 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v0/out.bin | FileCheck %s
; Four physical groups for six, and one loop trip:
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 4 --grid 2,6,4 --workgroup 2,2,2 --out %t/v4 %S/Inputs/virtual_3d_early_return.cl out=zeros:192 iters=1 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v4/out.bin | FileCheck %s
; PASS: gridsplit run: --check: every host-output buffer matches the reference
; CHECK: {{^}}0 0 2 3 4 5 6 7 8 0 10 11 12 13 14 15 16 0 18 19 20 21 22 23 24 0 26 27 28 29 30 31 32 0 34 35 36 37 38 39 40 0 42 43 44 45 46 47{{$}}
; CHECK-NEXT: count 48
