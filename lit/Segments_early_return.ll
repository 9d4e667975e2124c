; The common `if (i >= n) return;` before a barrier is allowed: the branch
; depends on the invocation id, but every invocation that has not returned
; reaches the same barrier (SPEC section 1). The barrier is not under the
; branch, so the schedule stays static; segment 0 can end the kernel.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-NOT:   error
; CHECK-LABEL: kernel 'bounded': barriers 1, schedule static
; CHECK-NEXT:    buffer xs: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1 end{{$}}
; CHECK-NEXT:      xs read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      xs write write_only{{$}}

define spir_kernel void @bounded(ptr addrspace(1) %xs, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n64 = sext i32 %n to i64
  %oob = icmp uge i64 %gid, %n64
  br i1 %oob, label %exit, label %body

body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %xs, i64 %gid
  %v = load i32, ptr addrspace(1) %p, align 4
  %neg = icmp slt i32 %v, 0
  call spir_func void @gridsplit_grid_sync()
  %q = getelementptr inbounds i32, ptr addrspace(1) %xs, i64 %gid
  store i32 0, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
