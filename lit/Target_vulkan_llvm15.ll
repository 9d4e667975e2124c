; REQUIRES: llvm15
; --target vulkan emits with LLVM's SPIR-V backend for Vulkan, which LLVM 15
; lacks: one error that says so and what this build can emit instead, exit 1,
; nothing written.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %gridsplit --target vulkan -o %t/o %s 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/o/Target_vulkan_llvm15.spv

; CHECK: error: --target vulkan needs gridsplit built with LLVM 22 or later: it emits with LLVM's SPIR-V backend for Vulkan, which LLVM 15 lacks (this build emits OpenCL's SPIR-V, --target spirv, through SPIRV-LLVM-Translator)

target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
define spir_kernel void @k(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o, align 4
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %o, align 4
  ret void
}
