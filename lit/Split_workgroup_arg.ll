; Workgroup memory passed as a kernel argument (an addrspace(3) pointer,
; sized by the host) written before a grid barrier and read after it is
; carried like a kernel-scope local array (SPEC section 2: workgroup memory
; written before a barrier and read after it is saved and restored per
; workgroup; docs/split.md: the plan lists it in workgroup_args and the host
; writes its size into the live-state header). The segments wait for the
; workgroup (_Z7barrierj) around the copies, and the argument is never a
; host input or output.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_workgroup_arg.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_workgroup_arg.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].buffers[0].host_input = false
; PLAN: kernels[0].buffers[0].host_output = false
; PLAN: kernels[0].buffers[0].name = "tile"
; PLAN: kernels[0].buffers[0].space = "workgroup"
; PLAN: kernels[0].live_state.arg = 2
; PLAN: kernels[0].live_state.workgroup_args[0].arg = 0
; PLAN: kernels[0].live_state.workgroup_args[0].size_offset = {{[0-9]+}}
; PLAN-NOT: workgroup_args[1]

; CHECK-LABEL: define spir_kernel void @wgarg.seg0(ptr addrspace(3) {{.*}}%tile, ptr addrspace(1) {{.*}}%out, ptr addrspace(1) {{.*}}%gs_live_state)
; CHECK:         store i32 %lid32, ptr addrspace(3)
; CHECK:         call spir_func void @_Z7barrierj(i32
; CHECK:         load {{.*}}, ptr addrspace(3)
; CHECK:         store {{.*}}, ptr addrspace(1)
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @wgarg.seg1(ptr addrspace(3) {{.*}}%tile, ptr addrspace(1) {{.*}}%out, ptr addrspace(1) {{.*}}%gs_live_state)
; CHECK:         load {{.*}}, ptr addrspace(1)
; CHECK:         store {{.*}}, ptr addrspace(3)
; CHECK:         call spir_func void @_Z7barrierj(i32
; CHECK:         %v = load i32, ptr addrspace(3)
; CHECK:         ret void

define spir_kernel void @wgarg(ptr addrspace(3) %tile, ptr addrspace(1) %out) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid32 = trunc i64 %lid to i32
  %p = getelementptr inbounds i32, ptr addrspace(3) %tile, i64 %lid
  store i32 %lid32, ptr addrspace(3) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  %q = getelementptr inbounds i32, ptr addrspace(3) %tile, i64 0
  %v = load i32, ptr addrspace(3) %q, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
