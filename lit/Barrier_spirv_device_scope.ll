; __spirv_ControlBarrier with execution scope 1 (Device), as SYCL root-group
; barriers emit it mangled, is a grid barrier (SPEC section 1).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'root_group_step': barriers 1, schedule static
; CHECK-NEXT:    buffer acc: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer res: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      acc write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      acc read read_only{{$}}
; CHECK-NEXT:      res write write_only{{$}}

define spir_kernel void @root_group_step(ptr addrspace(1) noundef align 8 %acc, ptr addrspace(1) noundef align 8 %res) {
entry:
  %gid = tail call spir_func i64 @_Z13get_global_idj(i32 0)
  %conv = uitofp i64 %gid to double
  %slot = getelementptr inbounds double, ptr addrspace(1) %acc, i64 %gid
  store double %conv, ptr addrspace(1) %slot, align 8
  ; Execution = Device (1), Memory = Device (1),
  ; Semantics = SequentiallyConsistent | WorkgroupMemory | CrossWorkgroupMemory.
  tail call spir_func void @_Z22__spirv_ControlBarrieriii(i32 1, i32 1, i32 784)
  %rev = xor i64 %gid, 1
  %other = getelementptr inbounds double, ptr addrspace(1) %acc, i64 %rev
  %v = load double, ptr addrspace(1) %other, align 8
  %dst = getelementptr inbounds double, ptr addrspace(1) %res, i64 %gid
  store double %v, ptr addrspace(1) %dst, align 8
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32) #0

attributes #0 = { convergent nounwind }
