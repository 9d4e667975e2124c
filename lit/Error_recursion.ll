; Recursion through a barrier cannot be inlined: an error naming the kernel
; or the recursive function (SPEC sections 1, 7).
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s
; RUN: ls -A %t.out | count 0

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: {{.*}}Error_recursion.ll: error: {{.*}}recurs{{.*}}
; CHECK-NOT: kernel 'walk'

define spir_func void @descend(ptr addrspace(1) %tree, i32 %depth) {
entry:
  call spir_func void @gridsplit_grid_sync()
  %more = icmp sgt i32 %depth, 0
  br i1 %more, label %recurse, label %leaf

recurse:
  %d1 = sub nsw i32 %depth, 1
  call spir_func void @ascend(ptr addrspace(1) %tree, i32 %d1)
  ret void

leaf:
  store i32 %depth, ptr addrspace(1) %tree, align 4
  ret void
}

define spir_func void @ascend(ptr addrspace(1) %tree, i32 %depth) {
entry:
  call spir_func void @descend(ptr addrspace(1) %tree, i32 %depth)
  ret void
}

define spir_kernel void @walk(ptr addrspace(1) %tree, i32 %levels) {
entry:
  call spir_func void @descend(ptr addrspace(1) %tree, i32 %levels)
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
