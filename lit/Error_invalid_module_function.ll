; A module that does not verify: the error names the function the verifier
; complains about and the instruction it shows, not only the complaint
; (SPEC section 7).
;
; RUN: not %gridsplit -o %t.out %s 2>&1 | FileCheck %s
; RUN: %llvm-as -disable-verify %s -o %t.bc
; RUN: not %gridsplit -o %t.out %t.bc 2>&1 | FileCheck %s

; CHECK: error: invalid module: function 'helper': Instruction does not dominate all uses! ('%y = add i32 %x, 1')

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

define spir_func i32 @helper(i32 %v) {
entry:
  %x = add i32 %y, %v
  %y = add i32 %x, 1
  ret i32 %y
}
