; A barrier inside a grid-uniform loop (trip count from a kernel argument)
; gives a dynamic schedule: segment 1 runs again (successor 1) or the kernel
; ends. A write inside the loop segment is accumulate: the segment lies in a
; cycle, so it is its own earlier writer (SPEC sections 2, 3) -- even for
; %out, which only the last run writes.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'jacobi': barriers 1, schedule dynamic
; CHECK-NEXT:    buffer cur: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer out: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      cur readwrite read_write{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 1 end{{$}}
; CHECK-NEXT:      cur accumulate read_write{{$}}
; CHECK-NEXT:      out accumulate read_write{{$}}

define spir_kernel void @jacobi(ptr addrspace(1) %cur, ptr addrspace(1) %out, i32 %steps) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %here = getelementptr inbounds float, ptr addrspace(1) %cur, i64 %gid
  %right.i = add i64 %gid, 1
  %right = getelementptr inbounds float, ptr addrspace(1) %cur, i64 %right.i
  br label %loop

loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %a = load float, ptr addrspace(1) %here, align 4
  %b = load float, ptr addrspace(1) %right, align 4
  %s = fadd float %a, %b
  %m = fmul float %s, 5.000000e-01
  store float %m, ptr addrspace(1) %here, align 4
  call spir_func void @gridsplit_grid_sync()
  %it.next = add nuw nsw i32 %it, 1
  %again = icmp slt i32 %it.next, %steps
  br i1 %again, label %loop, label %done

done:
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float 1.000000e+00, ptr addrspace(1) %o, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
