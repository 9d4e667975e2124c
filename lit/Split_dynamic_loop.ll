; A barrier inside a grid-uniform loop gives a dynamic schedule (SPEC
; section 2): segment 1 (after the barrier) can run again (its own
; successor) or end; the segments take the control-word pointer gs_control
; after gs_live_state, and every barrier exit records the next segment with
; a compare-exchange on it. The loop counter (a phi) is carried.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_dynamic_loop.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_dynamic_loop.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<keep-original=false>' -S %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].barriers = 1
; PLAN: kernels[0].control.arg = 3
; PLAN: kernels[0].live_state.arg = 2
; PLAN: kernels[0].schedule = "dynamic"
; PLAN: kernels[0].segments[0].begins_at = "entry"
; PLAN: kernels[0].segments[0].successors = [1, -1]
; PLAN: kernels[0].segments[1].begins_at = "barrier 1"
; PLAN: kernels[0].segments[1].successors = [1, -1]
; PLAN-NOT: segments[2]

; CHECK-LABEL: define spir_kernel void @relax.seg0(ptr addrspace(1) {{.*}}%a, i32 %steps, ptr addrspace(1) {{.*}}%gs_live_state, ptr addrspace(1) {{.*}}%gs_control)
; CHECK-NOT:     call spir_func void @gridsplit_grid_sync
; CHECK:         cmpxchg ptr addrspace(1) %gs_control, i32 -1, i32 1
; CHECK-NOT:     call spir_func void @gridsplit_grid_sync
; CHECK-LABEL: define spir_kernel void @relax.seg1(ptr addrspace(1) {{.*}}%a, i32 %steps, ptr addrspace(1) {{.*}}%gs_live_state, ptr addrspace(1) {{.*}}%gs_control)
; CHECK-NOT:     call spir_func void @gridsplit_grid_sync
; CHECK:         cmpxchg ptr addrspace(1) %gs_control, i32 -1, i32 1
; CHECK-NOT:     call spir_func void @gridsplit_grid_sync
; CHECK:         {{^}$}}

define spir_kernel void @relax(ptr addrspace(1) %a, i32 %steps) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %steps
  br i1 %more, label %body, label %exit

body:
  %v = load i32, ptr addrspace(1) %p, align 4
  %v1 = add i32 %v, %i
  store i32 %v1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  %i.next = add i32 %i, 1
  br label %head

exit:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
