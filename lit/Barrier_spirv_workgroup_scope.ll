; __spirv_ControlBarrier with execution scope Workgroup (2) or Subgroup (3)
; is an ordinary barrier, not a grid barrier: it does not split the kernel.
; Only the Device-scope call in the middle does (SPEC section 1).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'scoped': barriers 1, schedule static
; CHECK-NEXT:    buffer data: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer tile: arg 1, workgroup, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      data write write_only{{$}}
; CHECK-NEXT:      tile readwrite read_write{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      data read read_only{{$}}
; CHECK-NEXT:      tile accumulate read_write{{$}}
; CHECK-NOT:   segment 2

define spir_kernel void @scoped(ptr addrspace(1) %data, ptr addrspace(3) %tile) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %t = getelementptr inbounds i32, ptr addrspace(3) %tile, i64 %lid
  %g32 = trunc i64 %gid to i32
  store i32 %g32, ptr addrspace(3) %t, align 4
  ; Workgroup execution scope: work_group_barrier(CLK_LOCAL_MEM_FENCE).
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  %lx = xor i64 %lid, 1
  %t2 = getelementptr inbounds i32, ptr addrspace(3) %tile, i64 %lx
  %n = load i32, ptr addrspace(3) %t2, align 4
  %d = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  store i32 %n, ptr addrspace(1) %d, align 4
  ; Device execution scope: the grid barrier.
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 1, i32 1, i32 784)
  %v = load i32, ptr addrspace(1) %d, align 4
  store i32 %v, ptr addrspace(3) %t, align 4
  ; Subgroup execution scope.
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 3, i32 3, i32 272)
  %w = load i32, ptr addrspace(3) %t2, align 4
  store i32 %w, ptr addrspace(3) %t, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32) #0

attributes #0 = { convergent nounwind }
