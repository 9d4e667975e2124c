; The unmangled spelling __spirv_ControlBarrier (SPIR-V friendly IR) with
; execution scope Device is a grid barrier too (SPEC section 1).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'copy_then_clear': barriers 1, schedule static
; CHECK-NEXT:    buffer src: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer dst: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      src read read_only{{$}}
; CHECK-NEXT:      dst write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      src write write_only{{$}}

define spir_kernel void @copy_then_clear(ptr addrspace(1) %src, ptr addrspace(1) %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %s = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gid
  %v = load i32, ptr addrspace(1) %s, align 4
  %d = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 %v, ptr addrspace(1) %d, align 4
  call spir_func void @__spirv_ControlBarrier(i32 1, i32 1, i32 528)
  store i32 0, ptr addrspace(1) %s, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @__spirv_ControlBarrier(i32, i32, i32) #0

attributes #0 = { convergent nounwind }
