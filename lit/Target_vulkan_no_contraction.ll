; REQUIRES: llvm22
; Float products and sums in Vulkan shaders are rounded one by one (issue
; 13): a Vulkan driver may fuse an OpFMul and the OpFAdd that takes it
; unless they are decorated NoContraction (NVIDIA's does), and GLSL.std.450
; Fma may round once or twice. Every other runner rounds a*b+c twice
; (llvm.fmuladd unfused; the CUDA comparison is built --fmad=false), so
; --target vulkan splits llvm.fmuladd into fmul and fadd and decorates every
; product and sum NoContraction (lib/target_vulkan.c, vulkan_mend); an
; llvm.fma, which must round once, is refused.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit --target vulkan -o %t/out %t/mad.ll
; RUN: spirv-dis %t/out/mad.spv | FileCheck %s
; RUN: spirv-dis %t/out/mad.spv | not grep Fma
; RUN: not %gridsplit --target vulkan -o %t/fma %t/fma.ll 2>&1 | FileCheck %s --check-prefix=FMA
; RUN: not ls %t/fma

; CHECK-DAG: OpDecorate %[[M1:[0-9]+]] NoContraction
; CHECK-DAG: OpDecorate %[[A1:[0-9]+]] NoContraction
; CHECK-DAG: OpDecorate %[[M2:[0-9]+]] NoContraction
; CHECK-DAG: OpDecorate %[[A2:[0-9]+]] NoContraction
; CHECK-DAG: %[[M1]] = OpFMul %float
; CHECK-DAG: %[[A1]] = OpFAdd %float %[[M1]]
; CHECK-DAG: %[[M2]] = OpFMul %float
; CHECK-DAG: %[[A2]] = OpFAdd %float %[[M2]]
; FMA: fma.ll: error: {{.*}}llvm.fma.f32{{.*}}is a fused multiply-add, which a Vulkan shader cannot promise (GLSL.std.450 Fma may round twice)

;--- mad.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)
declare float @llvm.fmuladd.f32(float, float, float)
define spir_kernel void @mad(ptr addrspace(1) %a, float %x) {
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %id
  %v = load float, ptr addrspace(1) %p, align 4
  %m = fmul float %v, %x
  %s = fadd float %m, %v
  call void @gridsplit_grid_sync()
  %t = call float @llvm.fmuladd.f32(float %s, float %x, float %v)
  store float %t, ptr addrspace(1) %p, align 4
  ret void
}

;--- fma.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare float @llvm.fma.f32(float, float, float)
define spir_kernel void @fused(ptr addrspace(1) %a, float %x) {
  %v = load float, ptr addrspace(1) %a, align 4
  call void @gridsplit_grid_sync()
  %t = call float @llvm.fma.f32(float %v, float %x, float %v)
  store float %t, ptr addrspace(1) %a, align 4
  ret void
}
