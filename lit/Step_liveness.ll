; The liveness step: the SSA values live across each barrier, in order of
; definition. The private array behind @early's %slot is not among them
; yet: the layout step adds the memory live pointers point into.
;
; RUN: %gridsplit --dump-after=liveness -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-liveness>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'liveness', kernel 'k'
; CHECK-NEXT:  barrier 1: 3 live
; CHECK-NEXT:    %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
; CHECK-NEXT:    %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
; CHECK-NEXT:    %sq = fmul float %x, %x
; CHECK-NEXT:  barrier 2: 3 live
; CHECK-NEXT:    %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
; CHECK-NEXT:    %sq = fmul float %x, %x
; CHECK-NEXT:    %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
; CHECK-NEXT:  ; gridsplit after step 'liveness', kernel 'early'
; CHECK-NEXT:  barrier 1: 3 live
; CHECK-NEXT:    %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
; CHECK-NEXT:    %slot = getelementptr inbounds [3 x i32], ptr %priv, i64 0, i64 %gid
; CHECK-NEXT:    %twice = shl i32 %n, 1
