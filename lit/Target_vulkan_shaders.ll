; REQUIRES: llvm22
; --target vulkan (issue 13): every segment becomes a GLCompute entry point of
; one module that passes spirv-val for Vulkan 1.3 (the tool validates it
; before it writes; spirv-val here checks again). The split's original, which
; calls the grid barrier, is no shader. Buffer arguments are storage buffers
; of 32-bit words at set 0, bound in the order of the kernel's pointer
; arguments (the live state after them); a buffer a segment only reads is
; NonWritable there; scalars are push constants, at
; their natural offsets in one block of words that every shader shares (LLVM
; 22 lists every variable in every entry point, and Vulkan allows one push
; block per entry point); the workgroup size is reqd_work_group_size, else
; 64 x 1 x 1. A float read at element %id is the word at byte offset 4 * %id.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/o %s
; RUN: spirv-val --target-env vulkan1.3 %t/o/Target_vulkan_shaders.spv
; RUN: spirv-dis %t/o/Target_vulkan_shaders.spv | FileCheck %s
; RUN: spirv-dis %t/o/Target_vulkan_shaders.spv | grep "= OpVariable .* PushConstant$" | count 1

; CHECK-NOT: OpEntryPoint GLCompute %{{[a-z_0-9]+}} "scale"
; CHECK-DAG: OpEntryPoint GLCompute %[[S0:[a-z_0-9]+]] "scale.seg0"
; CHECK-DAG: OpEntryPoint GLCompute %[[S1:[a-z_0-9]+]] "scale.seg1"
; CHECK-DAG: OpEntryPoint GLCompute %[[W0:[a-z_0-9]+]] "wide"
; CHECK-DAG: OpExecutionMode %[[S0]] LocalSize 64 1 1
; CHECK-DAG: OpExecutionMode %[[S1]] LocalSize 64 1 1
; CHECK-DAG: OpExecutionMode %[[W0]] LocalSize 128 2 1
; CHECK-DAG: OpDecorate %scale_seg0_in DescriptorSet 0
; CHECK-DAG: OpDecorate %scale_seg0_in Binding 0
; CHECK-DAG: OpDecorate %scale_seg0_out Binding 1
; CHECK-DAG: OpDecorate %scale_seg0_gs_live_state Binding 2
; CHECK-DAG: OpDecorate %scale_seg1_in Binding 0
; CHECK-DAG: OpDecorate %scale_seg1_out Binding 1
; CHECK-DAG: OpMemberDecorate %[[RO:[a-z_0-9]+]] 0 NonWritable
; CHECK-DAG: %[[ROPTR:[a-zA-Z_0-9]+]] = OpTypePointer StorageBuffer %[[RO]]
; segment 0 only reads in, segment 1 only reads out
; CHECK-DAG: %scale_seg0_in = OpVariable %[[ROPTR]] StorageBuffer
; CHECK-DAG: %scale_seg1_out = OpVariable %[[ROPTR]] StorageBuffer
; CHECK-DAG: %scale_seg0_out = OpVariable %[[RW:[a-zA-Z_0-9]+]] StorageBuffer
; CHECK-DAG: %scale_seg1_in = OpVariable %[[RW]] StorageBuffer
; float s at 0 and i32 n at 4; double k at 0: two words
; CHECK-DAG: OpName %[[PV:[a-z_0-9]+]] "gs.push{{.*}}"
; CHECK-DAG: %[[PV]] = OpVariable %{{[a-zA-Z_0-9]+}} PushConstant
; CHECK-DAG: OpDecorate %_arr_uint_uint_2 ArrayStride 4
; CHECK-DAG: OpDecorate %{{.*}} BuiltIn GlobalInvocationId

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @scale(ptr addrspace(1) %in, ptr addrspace(1) %out, float %s, i32 %n) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %id
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fmul float %v, %s
  %n64 = zext i32 %n to i64
  %ok = icmp ult i64 %id, %n64
  br i1 %ok, label %st, label %sync
st:
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %id
  store float %w, ptr addrspace(1) %q, align 4
  br label %sync
sync:
  call void @gridsplit_grid_sync()
  %r = getelementptr inbounds float, ptr addrspace(1) %out, i64 %id
  %x = load float, ptr addrspace(1) %r, align 4
  %y = fadd float %x, %w
  store float %y, ptr addrspace(1) %p, align 4
  ret void
}

; a kernel without grid barriers is a shader as it is
define spir_kernel void @wide(ptr addrspace(1) %a, double %k) !reqd_work_group_size !0 {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds double, ptr addrspace(1) %a, i64 %id
  %v = load double, ptr addrspace(1) %p, align 8
  %w = fmul double %v, %k
  store double %w, ptr addrspace(1) %p, align 8
  ret void
}

!0 = !{i32 128, i32 2, i32 1}
