; Workgroup memory (a kernel-scope 'local' array, an addrspace(3) global)
; written before a grid barrier and read after it is saved to and restored
; from global memory per workgroup (SPEC section 2): the plan has
; workgroup_bytes (at least the array's 256 bytes), and the segments wait
; for the workgroup with the OpenCL barrier (_Z7barrierj) around the copy.
; The array is a workgroup buffer: never a host input or output.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_workgroup_memory.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_workgroup_memory.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

; PLAN: kernels[0].buffers[1].arg = null
; PLAN: kernels[0].buffers[1].host_input = false
; PLAN: kernels[0].buffers[1].host_output = false
; PLAN: kernels[0].buffers[1].name = "tile"
; PLAN: kernels[0].buffers[1].space = "workgroup"
; PLAN: kernels[0].live_state.arg = 1
; PLAN: kernels[0].live_state.workgroup_bytes = {{(25[6-9])|(2[6-9][0-9])|([3-9][0-9][0-9])}}

; CHECK-LABEL: define spir_kernel void @wg.seg0(
; CHECK-SAME:    %gs_live_state)
; CHECK:         store i32 {{.*}}, ptr addrspace(3)
; CHECK:         call spir_func void @_Z7barrierj(i32
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @wg.seg1(
; CHECK-SAME:    %gs_live_state)
; CHECK:         call spir_func void @_Z7barrierj(i32
; CHECK:         load i32, ptr addrspace(3)
; CHECK:         ret void

define spir_kernel void @wg(ptr addrspace(1) %out) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid32 = trunc i64 %lid to i32
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %lid
  store i32 %lid32, ptr addrspace(3) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  %r = sub i64 63, %lid
  %q = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %r
  %v = load i32, ptr addrspace(3) %q, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
