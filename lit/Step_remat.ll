; The remat step: which live values a segment recomputes at its start
; (ids, address arithmetic, arguments) and which it carries: @k's %sq
; comes from a buffer that a later segment writes.
;
; RUN: %gridsplit --dump-after=remat -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-remat>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'remat', kernel 'k'
; CHECK-NEXT:  barrier 1:
; CHECK-NEXT:    recomputed: %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
; CHECK-NEXT:    recomputed: %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
; CHECK-NEXT:    carried: %sq = fmul float %x, %x
; CHECK-NEXT:  barrier 2:
; CHECK-NEXT:    recomputed: %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
; CHECK-NEXT:    carried: %sq = fmul float %x, %x
; CHECK-NEXT:    recomputed: %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
; CHECK-NEXT:  ; gridsplit after step 'remat', kernel 'early'
; CHECK-NEXT:  barrier 1:
; CHECK-NEXT:    recomputed: %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
; CHECK-NEXT:    recomputed: %slot = getelementptr inbounds [3 x i32], ptr %priv, i64 0, i64 %gid
; CHECK-NEXT:    recomputed: %twice = shl i32 %n, 1
