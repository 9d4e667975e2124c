; REQUIRES: llvm22
; A fence without a scope (LLVM's default, the system's: a C11
; atomic_thread_fence, `fence seq_cst`) orders the device's memory in a
; Vulkan shader, which has no system scope: OpMemoryBarrier at scope Device
; (1), not CrossDevice (0), which spirv-val refused
; (VUID-StandaloneSpirv-None-04638); a workgroup fence stays the
; workgroup's (2). Both order uniform and workgroup memory
; (AcquireRelease | UniformMemory | WorkgroupMemory, 328).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/o %s
; RUN: spirv-val --target-env vulkan1.3 %t/o/Target_vulkan_fences.spv
; RUN: spirv-dis %t/o/Target_vulkan_fences.spv | FileCheck %s
; The IR the backend got (GS_VULKAN_DUMP_IR): the fences, their scopes set
; RUN: env GS_VULKAN_DUMP_IR=%t/ir.ll %gridsplit --target vulkan -o %t/o2 %s
; RUN: FileCheck %s --check-prefix=IR < %t/ir.ll

; IR: fence syncscope("device") seq_cst
; IR-NEXT: fence syncscope("workgroup") release

; CHECK: OpMemoryBarrier %uint_1 %uint_328
; CHECK-NEXT: OpMemoryBarrier %uint_2 %uint_328

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z9mem_fencej(i32)
define spir_kernel void @f(ptr addrspace(1) %a) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  store i32 1, ptr addrspace(1) %p, align 4
  fence seq_cst
  fence syncscope("workgroup") release
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}
