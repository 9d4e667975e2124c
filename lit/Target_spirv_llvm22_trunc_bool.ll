; REQUIRES: llvm22
; A bit taken by `trunc iN to i1` and carried across a grid barrier is stored
; in the live state as a byte (`zext i1 to i8`). LLVM 22's SPIR-V backend
; folded the pair into an OpBitwiseAnd of a 32-bit operand with an 8-bit
; result, which spirv-val rejects (found by e2e-llvm22 on bitonic_argsort);
; the truncation is emitted as a compare of the low bit instead.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -o %t/spv %s
; RUN: spirv-val %t/spv/Target_spirv_llvm22_trunc_bool.spv
; RUN: spirv-dis %t/spv/Target_spirv_llvm22_trunc_bool.spv | FileCheck %s

; CHECK: OpEntryPoint Kernel %{{.*}} "bit.seg0"
; CHECK: OpEntryPoint Kernel %{{.*}} "bit.seg1"

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @bit(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i32, ptr addrspace(1) %in, i64 %id
  %x = load i32, ptr addrspace(1) %p, align 4
  %h = lshr i32 %x, 1
  %b = trunc i32 %h to i1
  %v = load <2 x i32>, ptr addrspace(1) %in, align 8
  %vb = trunc <2 x i32> %v to <2 x i1>
  %vb0 = extractelement <2 x i1> %vb, i32 1
  call void @gridsplit_grid_sync()
  %b2 = and i1 %b, %vb0
  %r = select i1 %b2, i32 7, i32 3
  %q = getelementptr i32, ptr addrspace(1) %out, i64 %id
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}
