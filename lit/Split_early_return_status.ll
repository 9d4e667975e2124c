; Invocations that return before a barrier run no later segment (SPEC
; section 2): the live state holds a status word (live_state.status_offset;
; here the only slot, 4 bytes at offset 0, since the id is recomputed), and
; segment 1 starts by checking it and returning for invocations that did not
; reach barrier 1.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_early_return_status.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_early_return_status.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state.arg = 2
; PLAN: kernels[0].live_state.bytes_per_invocation = 4
; PLAN: kernels[0].live_state.status_offset = 0
; PLAN: kernels[0].schedule = "static"
; PLAN: kernels[0].segments[0].successors = [1, -1]
; PLAN: kernels[0].segments[1].successors = [-1]

; CHECK-LABEL: define spir_kernel void @bounded.seg0(ptr addrspace(1) {{.*}}%xs, i32 %n, ptr addrspace(1) {{.*}}%gs_live_state)
; CHECK:         store i32 1, ptr addrspace(1)
; CHECK-LABEL: define spir_kernel void @bounded.seg1(ptr addrspace(1) {{.*}}%xs, i32 %n, ptr addrspace(1) {{.*}}%gs_live_state)
; CHECK:         [[ST:%[a-z0-9.]+]] = load i32, ptr addrspace(1)
; CHECK:         [[MINE:%[a-z0-9.]+]] = icmp {{eq|ne}} i32 [[ST]], 1
; CHECK:         br i1 [[MINE]]
; CHECK:         store i32 0, ptr addrspace(1)
; CHECK:         ret void

define spir_kernel void @bounded(ptr addrspace(1) %xs, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n64 = sext i32 %n to i64
  %oob = icmp uge i64 %gid, %n64
  br i1 %oob, label %exit, label %body

body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %xs, i64 %gid
  store i32 5, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  store i32 0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
