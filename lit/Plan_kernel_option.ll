; `--kernel NAME` restricts the work to one kernel: the table and the plan
; show only that one (SPEC section 5).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out --kernel second %s | FileCheck %s
; RUN: %gridsplit --target ir -o %t.out2 --kernel second --plan - %s | %plan2lines | FileCheck %s --check-prefix=PLAN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-NOT:   kernel 'first'
; CHECK-LABEL: kernel 'second': barriers 1, schedule static
; CHECK-NEXT:    buffer q: arg 0, global, host_input no, host_output yes
; CHECK-NOT:   kernel 'first'

; PLAN:     kernels[0].name = "second"
; PLAN-NOT: kernels[1]

define spir_kernel void @first(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  ret void
}

define spir_kernel void @second(ptr addrspace(1) %q) {
entry:
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %q, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
