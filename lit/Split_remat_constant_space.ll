; A load from the constant address space (2) is recomputed after the barrier
; instead of carried: live_state is null, segment 1 reads the buffer.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_remat_constant_space.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_remat_constant_space.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].buffers[0].host_input = true
; PLAN: kernels[0].buffers[0].name = "coef"
; PLAN: kernels[0].buffers[0].space = "constant"
; PLAN: kernels[0].live_state = null
; PLAN: kernels[0].segments[1].buffers[0].name = "coef"
; PLAN: kernels[0].segments[1].buffers[0].role = "read"

; CHECK-NOT:   gs_live_state
; CHECK-LABEL: define spir_kernel void @poly.seg1(ptr addrspace(2) {{.*}}%coef, ptr addrspace(1) {{.*}}%out)
; CHECK:         load i32, ptr addrspace(2)
; CHECK:         ret void

define spir_kernel void @poly(ptr addrspace(2) %coef, ptr addrspace(1) %out) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pc = getelementptr inbounds i32, ptr addrspace(2) %coef, i64 %gid
  %c = load i32, ptr addrspace(2) %pc, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 0, ptr addrspace(1) %po, align 4
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) %po, align 4
  %s = add i32 %v, %c
  store i32 %s, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
