; __spirv_ControlBarrier takes the Execution, Memory and Semantics operands;
; a call without them, or with an execution scope that is not a constant,
; is an error that names the function holding the call and the call itself.
;
; RUN: not %gridsplit -o %t.out %s 2>&1 | FileCheck %s
; RUN: sed 's/@__spirv_ControlBarrier()/@__spirv_ControlBarrier(i32 %%n, i32 2, i32 0)/' %s > %t.ll
; RUN: not %gridsplit -o %t.out %t.ll 2>&1 | FileCheck %s --check-prefix=SCOPE

; CHECK: Error_spirv_barrier_operands.ll: error: function 'helper': the call 'call void @__spirv_ControlBarrier()' to __spirv_ControlBarrier has no execution scope
; SCOPE: .ll: error: function 'helper': the call 'call void @__spirv_ControlBarrier(i32 %n, i32 2, i32 0)' to __spirv_ControlBarrier has an execution scope that is not a constant

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p, i32 %n) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  call void @helper(i32 %n)
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

define internal void @helper(i32 %n) {
entry:
  call void @__spirv_ControlBarrier()
  ret void
}

declare void @__spirv_ControlBarrier(...)
