; SPIR-V friendly atomic builtins (__spirv_AtomicIAdd and friends, as SYCL
; and the SPIR-V translator's reverse translation emit them) are atomic
; accesses too, with no warning (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: count 0 < %t.err

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'sycl_count': barriers 1, schedule static
; CHECK-NEXT:    buffer cnt: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer slot: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      cnt accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      slot accumulate read_write atomic{{$}}

define spir_kernel void @sycl_count(ptr addrspace(1) %cnt, ptr addrspace(1) %slot) {
entry:
  %v = call spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEi(ptr addrspace(1) %cnt, i32 1, i32 912, i32 1)
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 1, i32 1, i32 912)
  %w = call spir_func i32 @_Z29__spirv_AtomicCompareExchangePU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagES5_ii(ptr addrspace(1) %slot, i32 1, i32 912, i32 912, i32 7, i32 0)
  ret void
}

declare spir_func i32 @_Z18__spirv_AtomicIAddPU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagEi(ptr addrspace(1), i32, i32, i32) #0
declare spir_func i32 @_Z29__spirv_AtomicCompareExchangePU3AS1iN5__spv5Scope4FlagENS1_19MemorySemanticsMask4FlagES5_ii(ptr addrspace(1), i32, i32, i32, i32, i32) #0
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32) #0

attributes #0 = { convergent nounwind }
