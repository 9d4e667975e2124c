; A call to a defined function without a barrier is analysed through its
; body, not guessed: @axpy only reads %x and reads and writes %y, @zero only
; writes, @ignore does not touch its pointer. No warning (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: count 0 < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'blas_step': barriers 1, schedule static
; CHECK-NEXT:    buffer xs: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer ys: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer zs: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    buffer ws: arg 3, global, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      xs read read_only{{$}}
; CHECK-NEXT:      ys readwrite read_write{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      zs write write_only{{$}}

define spir_func void @axpy(ptr addrspace(1) %x, ptr addrspace(1) %y, float %a, i64 %i) #1 {
entry:
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %i
  %vx = load float, ptr addrspace(1) %px, align 4
  %vy = load float, ptr addrspace(1) %py, align 4
  %m = fmul float %a, %vx
  %r = fadd float %m, %vy
  store float %r, ptr addrspace(1) %py, align 4
  ret void
}

define internal spir_func void @zero(ptr addrspace(1) %p, i64 %i) #1 {
entry:
  %q = getelementptr inbounds float, ptr addrspace(1) %p, i64 %i
  store float 0.000000e+00, ptr addrspace(1) %q, align 4
  ret void
}

define internal spir_func i32 @ignore(ptr addrspace(1) %p, i32 %v) #1 {
entry:
  %r = add i32 %v, 1
  ret i32 %r
}

define spir_kernel void @blas_step(ptr addrspace(1) %xs, ptr addrspace(1) %ys, ptr addrspace(1) %zs, ptr addrspace(1) %ws) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @axpy(ptr addrspace(1) %xs, ptr addrspace(1) %ys, float 2.000000e+00, i64 %gid)
  %n = call spir_func i32 @ignore(ptr addrspace(1) %ws, i32 3)
  call spir_func void @gridsplit_grid_sync()
  call spir_func void @zero(ptr addrspace(1) %zs, i64 %gid)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
attributes #1 = { noinline nounwind }
