; Two barriers in one uniform loop body: 0 -> 1 -> 2 -> {1, end}. Segments 1
; and 2 both lie in the cycle, so every write in them has an earlier writer,
; while segment 0, which nothing precedes, writes plainly (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'pingpong': barriers 2, schedule dynamic
; CHECK-NEXT:    buffer a: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer b: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer init: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      a write write_only{{$}}
; CHECK-NEXT:      init write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      a read read_only{{$}}
; CHECK-NEXT:      b accumulate read_write{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors 1 end{{$}}
; CHECK-NEXT:      a accumulate read_write{{$}}
; CHECK-NEXT:      b read read_only{{$}}

define spir_kernel void @pingpong(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %init, i32 %iters) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %gid
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %gid
  %pi = getelementptr inbounds i32, ptr addrspace(1) %init, i64 %gid
  store float 0.000000e+00, ptr addrspace(1) %pa, align 4
  store i32 1, ptr addrspace(1) %pi, align 4
  br label %body

body:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  call spir_func void @gridsplit_grid_sync()
  %va = load float, ptr addrspace(1) %pa, align 4
  %va1 = fadd float %va, 1.000000e+00
  store float %va1, ptr addrspace(1) %pb, align 4
  call spir_func void @gridsplit_grid_sync()
  %vb = load float, ptr addrspace(1) %pb, align 4
  %vb2 = fmul float %vb, 2.000000e+00
  store float %vb2, ptr addrspace(1) %pa, align 4
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %iters
  br i1 %more, label %body, label %exit

exit:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
