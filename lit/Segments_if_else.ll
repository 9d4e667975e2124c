; Barriers in both arms of a grid-uniform if/else give a dynamic schedule:
; segment 0 goes on to either barrier, each arm's segment ends the kernel.
; The two arms do the same thing, so the test does not depend on which arm
; reverse post-order visits first (SPEC section 2).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'choose': barriers 2, schedule dynamic
; CHECK-NEXT:    buffer pre: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer post: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1 2{{$}}
; CHECK-NEXT:      pre write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      post write write_only{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      post write write_only{{$}}

define spir_kernel void @choose(ptr addrspace(1) %pre, ptr addrspace(1) %post, i32 %mode) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %pre, i64 %gid
  %fast = icmp eq i32 %mode, 0
  br i1 %fast, label %then, label %else

then:
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  br label %join

else:
  store i32 2, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  br label %join

join:
  %q = getelementptr inbounds i32, ptr addrspace(1) %post, i64 %gid
  store i32 3, ptr addrspace(1) %q, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
