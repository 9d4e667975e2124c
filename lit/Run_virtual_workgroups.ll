; REQUIRES: llvm15
; End to end with virtual workgroups (SPEC section 4): the segments loop over
; the grid's workgroups, and the runner launches fewer physical workgroups
; (3, no divisor of the 4 or 8 virtual ones, so physical workgroups run
; different numbers of them). Each launch runs its virtual workgroups in the
; order runtime/order.h chooses: the second segment reads what the first
; wrote, from the end the first wrote last. The results are the bytes of the plain split:
; the neighbour exchange across the grid barrier (Inputs/run_neighbor.cl) and
; workgroup memory carried across it, as a kernel-scope array and as a local
; argument (Inputs/run_tile.cl), which each virtual workgroup saves and
; restores as its own.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --verbose --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 2>&1 | FileCheck %s --check-prefix=LOG
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --grid 16 --workgroup 2 --out %t/one %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/one/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py write %t/tin.bin i32 10:26
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --kernel tile_scope --grid 16 --workgroup 4 --out %t/scope %S/Inputs/run_tile.cl in=@%t/tin.bin out=zeros:64
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/scope/out.bin | FileCheck %s --check-prefix=TILE
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --kernel tile_arg --grid 16 --workgroup 4 --out %t/arg %S/Inputs/run_tile.cl in=@%t/tin.bin out=zeros:64 tile=local:16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/arg/out.bin | FileCheck %s --check-prefix=TILE
; Bad input: a physical workgroup count that is no positive number.
; RUN: not %gridsplit run --virtual-workgroups --physical-groups 0 --grid 16 --workgroup 4 %S/Inputs/run_neighbor.cl 2>&1 | FileCheck %s --check-prefix=BAD

; LOG: gridsplit run: 4 virtual workgroups on 3 physical
; LOG: gridsplit run: neighbor segment 0
; LOG-NOT: last to first
; LOG: gridsplit run: neighbor segment 1
; LOG-NEXT: gridsplit run: neighbor segment 1 runs its virtual workgroups last to first
; OUT: {{^}}2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 30{{$}}
; TILE: {{^}}13 12 11 10 17 16 15 14 21 20 19 18 25 24 23 22{{$}}
; BAD: gridsplit: error: --physical-groups '0': expected a positive count
