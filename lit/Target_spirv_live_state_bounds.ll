; REQUIRES: llvm15
; The segments declare the live state dereferenceable as far as its header
; (and the control word its 16 bytes), which LLVM reads as a lower bound.
; SPIRV-LLVM-Translator 15 writes dereferenceable(N) as MaxByteOffset N, an
; upper bound on every offset through the pointer: the live state, read at
; header + id * stride, would carry a false one. The SPIR-V therefore has
; no MaxByteOffset, while the IR keeps the attributes. The kernel is
; Inputs/run_steps.cl (a dynamic schedule carrying a value per invocation).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -o %t/spv %S/Inputs/run_steps.cl
; RUN: spirv-val %t/spv/run_steps.spv
; RUN: spirv-dis %t/spv/run_steps.spv | FileCheck %s
; RUN: %gridsplit -o %t/ir %S/Inputs/run_steps.cl
; RUN: FileCheck %s --check-prefix=IR < %t/ir/run_steps.ll

; CHECK-NOT: MaxByteOffset
; CHECK-DAG: OpEntryPoint Kernel %{{.*}} "steps.seg0"
; CHECK-DAG: OpEntryPoint Kernel %{{.*}} "steps.seg2"
; CHECK-NOT: MaxByteOffset

; IR: define spir_kernel void @steps.seg1({{.*}} align 16 dereferenceable(16) %gs_live_state, {{.*}} align 4 dereferenceable(16) %gs_control)
