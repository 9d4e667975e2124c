; REQUIRES: llvm22
; A dynamic schedule's segment with one successor loops over virtual
; workgroups only up to where the work ends (lib/vtrim.c): every invocation
; of it chooses the same barrier, and at least virtual workgroup 0 runs,
; which records that choice and holds the grid's first invocation, the one
; that stores the values carried once. On the way to the test that bounds
; the work, the restore of a workgroup array and its workgroup barrier are
; passed by (a virtual workgroup that does nothing else saves what it
; restored). cg's sums of partial sums, which workgroup 0 alone makes, ran
; 35.5 us at 2^24 on the H200, where the cooperative kernel's took 24.
;
; Inputs/vtrim.cl: dyn (seg2: i == 0, bounded at 1), first_m (its phase for
; the first m workgroups, m = 0 too, with a float carried once through it)
; and dyn_sum (workgroup 0's sum in a workgroup array of 64 on workgroups of
; 32, so copied), each with a helper not inlined on the side that works,
; run through Vulkan (lavapipe) against gs-reference at -O2 and -O0, on 2
; and 3 physical workgroups (Run_trim_dynamic.ll runs them on POCL). Without the one virtual workgroup, first_m
; with m = 0 stops with an error (no choice recorded).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O2 --virtual-workgroups --kernel dyn --dump-after=tidy -o %t/d %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=DYN
; RUN: %gridsplit -O2 --virtual-workgroups --target vulkan --kernel first_m --dump-after=tidy -o %t/f %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=FIRST
; RUN: %gridsplit -O2 --virtual-workgroups --target vulkan --kernel dyn_sum --dump-after=tidy -o %t/s %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=SUM
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<77f', *[((k * 13) %% 11) / 4.0 for k in range(77)]))" %t/x.bin
; RUN: %gridsplit run --runtime vulkan --check --virtual-workgroups --physical-groups 2 --kernel first_m --grid 96 --workgroup 16 --out %t/m0 %S/Inputs/vtrim.cl out=zeros:384 m=0 rounds=3 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --check --virtual-workgroups --physical-groups 3 --kernel first_m --grid 96 --workgroup 16 --out %t/m2 %S/Inputs/vtrim.cl out=zeros:384 m=2 rounds=4 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O0 --check --virtual-workgroups --physical-groups 2 --kernel first_m --grid 96 --workgroup 16 --out %t/o0 %S/Inputs/vtrim.cl out=zeros:384 m=3 rounds=3 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --check --virtual-workgroups --physical-groups 2 --kernel dyn_sum --grid 96 --workgroup 32 --out %t/s2 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:12 out=zeros:16 n=77 rounds=4 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O0 --check --virtual-workgroups --physical-groups 3 --kernel dyn_sum --grid 192 --workgroup 32 --out %t/s0 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:24 out=zeros:16 n=77 rounds=4 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --check --virtual-workgroups --physical-groups 3 --kernel dyn --grid 64 --workgroup 8 --out %t/dy %S/Inputs/vtrim.cl a=zeros:4 out=zeros:256 m=3 n=4 2>&1 | FileCheck %s
; On workgroups of 64, as wide as the array, no copy is made, and neither
; are the barriers around the copies (under gs.wg_copies: the segment's
; start and its end):
; RUN: %gridsplit run --runtime vulkan --check --virtual-workgroups --physical-groups 1 --kernel dyn_sum --grid 128 --workgroup 64 --out %t/w1 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:8 out=zeros:16 n=77 rounds=4 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --check --virtual-workgroups --physical-groups 2 --kernel dyn_sum --grid 192 --workgroup 64 --out %t/w2 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:12 out=zeros:16 n=77 rounds=3 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O0 --check --virtual-workgroups --physical-groups 3 --kernel dyn_sum --grid 192 --workgroup 64 --out %t/w0 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:12 out=zeros:16 n=77 rounds=3 2>&1 | FileCheck %s
; CHECK: every host-output buffer matches the reference

; DYN-LABEL:   define spir_kernel void @dyn.seg1(
; DYN-NOT:     gs.vtrimmed
; DYN-LABEL:   define spir_kernel void @dyn.seg2(
; DYN:         select i1 %{{[0-9]+}}, i64 1, i64 %{{[0-9]+}}
; DYN:         %gs.vtrimmed = freeze i32
; DYN:         select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; DYN:         icmp ult i32 %gs.v, %gs.vcount

; The phase's segment is bounded, its stores of the values carried once
; behind the branch to the grid's first invocation.
; FIRST-LABEL: define spir_kernel void @first_m.seg1(
; FIRST:       %gs.vtrimmed = freeze i32
; FIRST:       !gridsplit.first_invocation
; FIRST:       store atomic float
; FIRST-LABEL: define spir_kernel void @first_m.seg2(
; FIRST-NOT:   gs.vtrimmed

; SUM-LABEL:   define spir_kernel void @dyn_sum.seg1(
; SUM:         %gs.vtrimmed = freeze i32
; SUM:         %gs.wg_copies{{[.a-z0-9]*}} = icmp ult i64 %{{[0-9]+}}, 64
; SUM:         br i1 %gs.wg_copies{{[.a-z0-9]*}}, label %gs.wg_restore
; SUM:         !gridsplit.workgroup_restore
; SUM:         call spir_func void @_Z7barrierj(i32 1)
; SUM:       gs.wg_restored{{[.a-z0-9]*}}:
; SUM-LABEL:   define spir_kernel void @dyn_sum.seg2(
; SUM-NOT:     gs.vtrimmed
