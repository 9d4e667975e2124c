; The uniformity step: the values that differ between invocations, and
; whether the segments need the status word. @k's branch on %n is uniform
; (no status word, %few not listed); @early's return past %n is not.
;
; RUN: %gridsplit --dump-after=uniformity -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-uniformity>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'uniformity', kernel 'k'
; CHECK-NEXT:  status word: no
; CHECK-NEXT:  varying: %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
; CHECK-NEXT:  varying: %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
; CHECK-NEXT:  varying: %x = load float, ptr addrspace(1) %pin, align 4
; CHECK-NEXT:  varying: %sq = fmul float %x, %x
; CHECK-NEXT:  varying: %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
; CHECK-NEXT:  varying: %y = load float, ptr addrspace(1) %pout, align 4
; CHECK-NEXT:  varying: %z = fadd float %y, %sq
; CHECK-LABEL: ; gridsplit after step 'uniformity', kernel 'early'
; CHECK-NEXT:  status word: yes
; CHECK-NEXT:  varying: %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
; CHECK-NEXT:  varying: %past = icmp uge i64 %gid, %n64
; CHECK-NEXT:  varying: br i1 %past, label %exit, label %work
; CHECK-NEXT:  varying: %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
; CHECK-NEXT:  varying: %slot = getelementptr inbounds [3 x i32], ptr %priv, i64 0, i64 %gid
; CHECK-NEXT:  varying: %back = load volatile i32, ptr %slot, align 4
; CHECK-NEXT:  varying: %sum = add i32 %back, %twice
; CHECK-NOT:   varying
