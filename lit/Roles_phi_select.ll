; A pointer chosen by a select or merged by a phi may be any of its inputs:
; the access counts for every buffer it can come from (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'pick': barriers 1, schedule static
; CHECK-NEXT:    buffer even: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer odd: arg 1, global, host_input yes, host_output no
; CHECK-NEXT:    buffer left: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    buffer right: arg 3, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      even read read_only{{$}}
; CHECK-NEXT:      odd read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      left write write_only{{$}}
; CHECK-NEXT:      right write write_only{{$}}

define spir_kernel void @pick(ptr addrspace(1) %even, ptr addrspace(1) %odd, ptr addrspace(1) %left, ptr addrspace(1) %right) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %bit = and i64 %gid, 1
  %is.odd = icmp ne i64 %bit, 0
  %from = select i1 %is.odd, ptr addrspace(1) %odd, ptr addrspace(1) %even
  %fp = getelementptr inbounds i32, ptr addrspace(1) %from, i64 %gid
  %v = load i32, ptr addrspace(1) %fp, align 4
  %pos = icmp sgt i32 %v, 0
  call spir_func void @gridsplit_grid_sync()
  br i1 %is.odd, label %to.right, label %to.left

to.left:
  br label %write

to.right:
  br label %write

write:
  %dst = phi ptr addrspace(1) [ %left, %to.left ], [ %right, %to.right ]
  %dp = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 1, ptr addrspace(1) %dp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
