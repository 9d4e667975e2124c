; REQUIRES: llvm15
; SPIRV-LLVM-Translator 15 crashes on opaque pointers: an opaque-pointer
; module for --target spirv on LLVM 15 gets one clear error that says how to
; fix it, exit 1 and no output files; the same kernel from OpenCL C (which
; gridsplit compiles with typed pointers) gives valid SPIR-V holding every
; segment as an entry point.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %gridsplit --target spirv -o %t/bad %s 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/bad
; RUN: %gridsplit --target spirv -o %t/good %S/Inputs/run_neighbor.cl
; RUN: spirv-val %t/good/run_neighbor.spv
; RUN: spirv-dis %t/good/run_neighbor.spv | FileCheck %s --check-prefix=SPV

; CHECK: error: function 'twice' has opaque pointers, which SPIRV-LLVM-Translator 15 cannot translate: give typed-pointer IR
; SPV-DAG: OpEntryPoint Kernel %{{.*}} "neighbor.seg0"
; SPV-DAG: OpEntryPoint Kernel %{{.*}} "neighbor.seg1"

target triple = "spir64-unknown-unknown"

define spir_kernel void @twice(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %x = load i32, ptr addrspace(1) %a, align 4
  call void @gridsplit_grid_sync()
  store i32 %x, ptr addrspace(1) %b, align 4
  ret void
}

declare void @gridsplit_grid_sync()
