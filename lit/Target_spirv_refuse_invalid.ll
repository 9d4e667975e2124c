; REQUIRES: llvm15
; SPIR-V that the SPIRV-Tools validator rejects is never written: a
; <1 x i32> vector (SPIR-V 2.16.1: vectors have 2, 3, 4, 8 or 16
; components), which the translator passes through, is refused with the
; validator's own message, exit 1, and no module is left.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %gridsplit --target spirv -o %t/out %s 2> %t/err
; RUN: FileCheck %s --input-file=%t/err
; RUN: not ls %t/out/Target_spirv_refuse_invalid.spv

; CHECK: Target_spirv_refuse_invalid.ll: error: spirv code generation failed: spirv-val rejects it: Illegal number of components (1) for TypeVector (at '%v1uint = OpTypeVector %uint 1')

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @one(<1 x i32> addrspace(1)* %in, <1 x i32> addrspace(1)* %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr <1 x i32>, <1 x i32> addrspace(1)* %in, i64 %id
  %v = load <1 x i32>, <1 x i32> addrspace(1)* %p, align 4
  call void @gridsplit_grid_sync()
  %s = add <1 x i32> %v, <i32 1>
  %q = getelementptr <1 x i32>, <1 x i32> addrspace(1)* %out, i64 %id
  store <1 x i32> %s, <1 x i32> addrspace(1)* %q, align 4
  ret void
}
