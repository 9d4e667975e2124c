; Calls whose results cannot be proven grid-uniform are carried per
; invocation (issue 11, class 2): a recursive helper that ends in an atomic
; (a ticket: every invocation gets its own), and an indirect call (the
; callee is unknown). A helper on its arguments alone stays uniform and is
; carried once.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan - %s 2>/dev/null | %plan2lines | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: kernels[0].segments[1].live_in[0].name = "ticket"
; CHECK-NOT: once
; CHECK: kernels[0].segments[1].live_in[1].name = "unknown"
; CHECK-NOT: once
; CHECK: kernels[0].segments[1].live_in[2].name = "doubled"
; CHECK-NEXT: kernels[0].segments[1].live_in[2].offset
; CHECK-NEXT: kernels[0].segments[1].live_in[2].once = true

declare spir_func void @gridsplit_grid_sync()

define spir_func i32 @draw(ptr addrspace(1) %counter, i32 %depth) {
entry:
  %last = icmp eq i32 %depth, 0
  br i1 %last, label %take, label %deeper
take:
  %t = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  ret i32 %t
deeper:
  %d = sub i32 %depth, 1
  %r = call spir_func i32 @draw(ptr addrspace(1) %counter, i32 %d)
  ret i32 %r
}

define spir_func i32 @twice(i32 %n) {
  %r = mul i32 %n, 2
  ret i32 %r
}

define spir_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %counter, i32 %n, ptr %pick) {
entry:
  %ticket = call spir_func i32 @draw(ptr addrspace(1) %counter, i32 %n)
  %unknown = call spir_func i32 %pick(i32 %n)
  %doubled = call spir_func i32 @twice(i32 %n)
  call spir_func void @gridsplit_grid_sync()
  %s = add i32 %ticket, %unknown
  %t = add i32 %s, %doubled
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %gid
  store i32 %t, ptr addrspace(1) %p
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
