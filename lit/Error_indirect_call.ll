; A barrier that may be reached through an indirect call cannot be found
; statically: an error naming the call (SPEC sections 1, 7).
;
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: {{.*}}Error_indirect_call.ll: error: {{.*}}indirect{{.*}}
; CHECK-NOT: kernel 'dispatch'

define internal spir_func void @phase_with_sync(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  ret void
}

define internal spir_func void @phase_plain(ptr addrspace(1) %p) {
entry:
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @dispatch(ptr addrspace(1) %buf, i32 %which) {
entry:
  %sync = icmp eq i32 %which, 0
  %fn = select i1 %sync, ptr @phase_with_sync, ptr @phase_plain
  call spir_func void %fn(ptr addrspace(1) %buf)
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
