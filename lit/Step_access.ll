; The access step: the kernel's buffers, and what each instruction does to
; which (R read, W write, A atomic update), in block order.
;
; RUN: %gridsplit --kernel k --dump-after=access -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-access<kernel=k>>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'access', kernel 'k'
; CHECK-NEXT:  buffer 0 'in': argument 0, global
; CHECK-NEXT:  buffer 1 'out': argument 1, global
; CHECK-NEXT:  buffer 0 R: %x = load float, ptr addrspace(1) %pin, align 4
; CHECK-NEXT:  buffer 1 W: store float %sq, ptr addrspace(1) %pout, align 4
; CHECK-NEXT:  buffer 1 R: %y = load float, ptr addrspace(1) %pout, align 4
; CHECK-NEXT:  buffer 0 W: store float %z, ptr addrspace(1) %pin, align 4
; CHECK-NOT:   {{.}}
