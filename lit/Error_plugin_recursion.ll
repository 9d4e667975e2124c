; Through the opt plugin an error is an LLVM diagnostic naming the function
; (SPEC section 5); opt fails.
;
; RUN: not %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: error: {{.*}}recurs

define spir_func void @spin(i32 %n) {
entry:
  call spir_func void @gridsplit_grid_sync()
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %again

again:
  %m = sub i32 %n, 1
  call spir_func void @spin(i32 %m)
  br label %out

out:
  ret void
}

define spir_kernel void @spinner(i32 %n) {
entry:
  call spir_func void @spin(i32 %n)
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
