; Barrier sites are numbered in reverse post-order of the CFG, not in the
; order the blocks are written (SPEC section 2): the block written first,
; %finish, runs last, so its barrier is site 2.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'out_of_order': barriers 2, schedule static
; CHECK-NEXT:    buffer first: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer second: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer third: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      first write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      second write write_only{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      third write write_only{{$}}

define spir_kernel void @out_of_order(ptr addrspace(1) %first, ptr addrspace(1) %second, ptr addrspace(1) %third) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %first, i64 %gid
  store i32 0, ptr addrspace(1) %p0, align 4
  br label %middle

finish:                                           ; written first, runs last
  call spir_func void @gridsplit_grid_sync()
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %third, i64 %gid
  store i32 2, ptr addrspace(1) %p2, align 4
  ret void

middle:
  call spir_func void @gridsplit_grid_sync()
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %second, i64 %gid
  store i32 1, ptr addrspace(1) %p1, align 4
  br label %finish
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
