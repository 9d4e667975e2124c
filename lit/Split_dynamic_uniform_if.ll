; A barrier under a grid-uniform branch (on a kernel argument) makes the
; next segment a choice: segment 0 goes on to segment 1 or 2, and records
; which in the control word (SPEC section 2, schedule dynamic). Both
; exits of segment 0 write the control word with their own segment id.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_dynamic_uniform_if.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_dynamic_uniform_if.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].barriers = 2
; PLAN: kernels[0].control.arg = {{[0-9]+}}
; PLAN: kernels[0].schedule = "dynamic"
; PLAN: kernels[0].segments[0].successors = [1, 2]
; PLAN: kernels[0].segments[1].successors = [2]
; PLAN: kernels[0].segments[2].successors = [-1]

; CHECK-LABEL: define spir_kernel void @choose.seg0(
; CHECK-SAME:    %gs_control)
; CHECK-DAG:     cmpxchg ptr addrspace(1) %gs_control, i32 -1, i32 1
; CHECK-DAG:     cmpxchg ptr addrspace(1) %gs_control, i32 -1, i32 2
; CHECK-LABEL: define spir_kernel void @choose.seg1(
; CHECK-SAME:    %gs_control)
; CHECK:         cmpxchg ptr addrspace(1) %gs_control, i32 -1, i32 2
; CHECK-LABEL: define spir_kernel void @choose.seg2(
; CHECK-SAME:    %gs_control)
; CHECK-NOT:     cmpxchg ptr addrspace(1) %gs_control, i32 -1, i32 {{[0-9]}}
; CHECK:         ret void

define spir_kernel void @choose(ptr addrspace(1) %a, i32 %mode) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %p, align 4
  %on = icmp ne i32 %mode, 0
  br i1 %on, label %extra, label %join

extra:
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  br label %join

join:
  call spir_func void @gridsplit_grid_sync()
  store i32 3, ptr addrspace(1) %p, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
