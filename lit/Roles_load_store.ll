; Plain loads and stores: read, write and readwrite in one segment, and a
; buffer argument the kernel never touches (listed as a buffer, in no
; segment). Scalar and private-pointer arguments are not buffers (SPEC 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'saxpy': barriers 1, schedule static
; CHECK-NEXT:    buffer x: arg 1, global, host_input yes, host_output no
; CHECK-NEXT:    buffer y: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer unused: arg 3, global, host_input no, host_output no
; CHECK-NEXT:    buffer z: arg 5, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      x read read_only{{$}}
; CHECK-NEXT:      y readwrite read_write{{$}}
; CHECK-NEXT:      z write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      (no buffers)
; CHECK-NOT:     buffer a:
; CHECK-NOT:     buffer priv:

define spir_kernel void @saxpy(float %a, ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %unused, ptr %priv, ptr addrspace(1) %z) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %gid
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %gid
  %pz = getelementptr inbounds float, ptr addrspace(1) %z, i64 %gid
  %vx = load float, ptr addrspace(1) %px, align 4
  %vy = load float, ptr addrspace(1) %py, align 4
  %ax = fmul float %a, %vx
  %r = fadd float %ax, %vy
  store float %r, ptr addrspace(1) %py, align 4
  store float %ax, ptr addrspace(1) %pz, align 4
  call spir_func void @gridsplit_grid_sync()
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
