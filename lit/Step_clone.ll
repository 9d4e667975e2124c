; The clone step: each segment a copy of the kernel, entered where the
; segment starts. @k's schedule is dynamic (barrier 2 is under a branch):
; its segments take the live state and the control word; segment 0 runs
; while the control word's current segment (word 3) is 0, stores %sq at
; its invocation's element of %sq's column and records its choice of
; segment 1.
;
; RUN: %gridsplit --kernel k --dump-after=clone -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-clone<kernel=k>>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'clone', kernel 'k'
; CHECK-NEXT:  define spir_kernel void @k.seg0(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, ptr addrspace(1) align 16 %gs_live_state, ptr addrspace(1) align 4 dereferenceable(16) %gs_control) {
; CHECK-NEXT:  gs.entry:
; CHECK-NEXT:    [[CUR:%.*]] = getelementptr i32, ptr addrspace(1) %gs_control, i64 3
; CHECK-NEXT:    %gs.current = load i32, ptr addrspace(1) [[CUR]], align 4
; CHECK-NEXT:    [[GO:%.*]] = icmp eq i32 %gs.current, 0
; CHECK-NEXT:    br i1 [[GO]], label %gs.run, label %gs.not_reached
; CHECK:       entry:
; CHECK-NEXT:    %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
; CHECK-NEXT:    %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
; CHECK-NEXT:    %x = load float, ptr addrspace(1) %pin, align 4
; CHECK-NEXT:    %sq = fmul float %x, %x
; the slot: its column (offset 0 times the grid's invocations) after the
; header (0 bytes), then the invocation's 4 bytes in it
; CHECK-NEXT:    [[COL:%.*]] = mul i64 {{%.*}}, 0
; CHECK-NEXT:    [[AT:%.*]] = mul i64 {{%.*}}, 4
; CHECK-NEXT:    [[HC:%.*]] = add i64 0, [[COL]]
; CHECK-NEXT:    [[OFF:%.*]] = add i64 [[HC]], [[AT]]
; CHECK-NEXT:    %gs.state = getelementptr i8, ptr addrspace(1) %gs_live_state, i64 [[OFF]]
; CHECK-NEXT:    store float %sq, ptr addrspace(1) %gs.state, align 4
; CHECK-NEXT:    %gs.chosen = load volatile i32, ptr addrspace(1) %gs_control, align 4
; CHECK-NEXT:    {{%.*}} = icmp eq i32 %gs.chosen, 1
; CHECK:       define spir_kernel void @k.seg1(
; CHECK:       define spir_kernel void @k.seg2(
; CHECK-NOT:   define
