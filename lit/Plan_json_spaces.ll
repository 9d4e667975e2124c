; In the plan, a global variable has "arg": null (docs/formats.md), and
; every space is spelt as in SPEC section 3: global, constant, workgroup.
; Workgroup buffers are never host inputs or outputs.
;
; RUN: %gridsplit --no-split --target ir -o %t.out --plan - %s | %plan2lines | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@totals = addrspace(1) global [8 x i32] zeroinitializer, align 4
@stage = internal addrspace(3) global [64 x i32] undef, align 4

; CHECK:      kernels[0].buffers[0].arg = 0
; CHECK:      kernels[0].buffers[0].host_input = true
; CHECK:      kernels[0].buffers[0].host_output = false
; CHECK:      kernels[0].buffers[0].name = "params"
; CHECK:      kernels[0].buffers[0].space = "constant"
; CHECK:      kernels[0].buffers[1].arg = 1
; CHECK:      kernels[0].buffers[1].host_input = false
; CHECK:      kernels[0].buffers[1].host_output = false
; CHECK:      kernels[0].buffers[1].name = "scratch"
; CHECK:      kernels[0].buffers[1].space = "workgroup"
; CHECK:      kernels[0].buffers[2].arg = null
; CHECK:      kernels[0].buffers[2].host_input = true
; CHECK:      kernels[0].buffers[2].host_output = true
; CHECK:      kernels[0].buffers[2].name = "totals"
; CHECK:      kernels[0].buffers[2].space = "global"
; CHECK:      kernels[0].buffers[3].arg = null
; CHECK:      kernels[0].buffers[3].host_input = false
; CHECK:      kernels[0].buffers[3].host_output = false
; CHECK:      kernels[0].buffers[3].name = "stage"
; CHECK:      kernels[0].buffers[3].space = "workgroup"
; CHECK-NOT:  kernels[0].buffers[4]
; CHECK:      kernels[0].name = "sum_groups"

define spir_kernel void @sum_groups(ptr addrspace(2) %params, ptr addrspace(3) %scratch) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %grp = call spir_func i64 @_Z12get_group_idj(i32 0)
  %k = load i32, ptr addrspace(2) %params, align 4
  %sp = getelementptr inbounds i32, ptr addrspace(3) %scratch, i64 %lid
  store i32 %k, ptr addrspace(3) %sp, align 4
  %st = getelementptr inbounds [64 x i32], ptr addrspace(3) @stage, i64 0, i64 %lid
  store i32 %k, ptr addrspace(3) %st, align 4
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(3) %sp, align 4
  %w = load i32, ptr addrspace(3) %st, align 4
  %vw = add i32 %v, %w
  %slot = and i64 %grp, 7
  %tp = getelementptr inbounds [8 x i32], ptr addrspace(1) @totals, i64 0, i64 %slot
  %old = atomicrmw add ptr addrspace(1) %tp, i32 %vw seq_cst, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z12get_group_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
