; A load from a buffer that no segment writes, but that may be the same
; memory as a buffer the kernel writes (no noalias, no distinct-buffers),
; must be carried, not recomputed: segment 0 writes 'dst', which may be
; 'src', so reloading 'src' after the barrier could read the new contents
; (DESIGN.md: re-evaluating a load after the barrier). With
; distinct-buffers=true the buffers cannot overlap and the load may be
; recomputed instead.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<plan=%t.plan.json>' -S %s -o %t.ll
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<distinct-buffers=true;plan=%t.d.plan.json>' -S %s -o %t.d.ll
; RUN: %plan2lines %t.d.plan.json | FileCheck %s --check-prefix=DISTINCT

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state.arg = 2
; PLAN: kernels[0].live_state.bytes_per_invocation = 4
; PLAN: kernels[0].segments[0].live_out[0].bytes = 4
; PLAN: kernels[0].segments[0].live_out[0].name = "x"
; PLAN: kernels[0].segments[0].live_out[0].offset = 0
; PLAN: kernels[0].segments[1].live_in[0].name = "x"

; DISTINCT: kernels[0].distinct_buffers = true
; DISTINCT: kernels[0].live_state = null

; CHECK-LABEL: define spir_kernel void @copy.seg0(
; CHECK:         %x = load i32, ptr addrspace(1)
; CHECK:         store i32 %x, ptr addrspace(1)
; CHECK-LABEL: define spir_kernel void @copy.seg1(
; CHECK-SAME:    %gs_live_state)
; CHECK:         %x = load i32, ptr addrspace(1)

define spir_kernel void @copy(ptr addrspace(1) %src, ptr addrspace(1) %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %ps = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gid
  %x = load i32, ptr addrspace(1) %ps, align 4
  %pd = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 0, ptr addrspace(1) %pd, align 4
  call spir_func void @gridsplit_grid_sync()
  %y = add i32 %x, 1
  %pd2 = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 %y, ptr addrspace(1) %pd2, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
