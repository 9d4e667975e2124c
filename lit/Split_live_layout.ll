; Values live across a barrier that cannot be recomputed (loads from a buffer
; that the kernel writes) are carried in the live state (SPEC section 2).
; Slots are sorted by alignment: a double at 0, an i32 at 8, an i8 at 12,
; 16 bytes per invocation. The plan's live_out of segment 0 and live_in of
; segment 1 name them with their offsets and sizes; the live-state argument
; follows the original arguments; segment 0 stores, segment 1 loads them.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_live_layout.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_live_layout.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state.arg = 3
; PLAN: kernels[0].live_state.bytes_per_invocation = 16
; PLAN-NOT: status_offset
; PLAN: kernels[0].schedule = "static"
; PLAN: kernels[0].segments[0].live_in = []
; PLAN: kernels[0].segments[0].live_out[0].bytes = 8
; PLAN: kernels[0].segments[0].live_out[0].name = "d"
; PLAN: kernels[0].segments[0].live_out[0].offset = 0
; PLAN: kernels[0].segments[0].live_out[1].bytes = 4
; PLAN: kernels[0].segments[0].live_out[1].name = "w"
; PLAN: kernels[0].segments[0].live_out[1].offset = 8
; PLAN: kernels[0].segments[0].live_out[2].bytes = 1
; PLAN: kernels[0].segments[0].live_out[2].name = "b"
; PLAN: kernels[0].segments[0].live_out[2].offset = 12
; PLAN-NOT: live_out[3]
; PLAN: kernels[0].segments[1].live_in[0].bytes = 8
; PLAN: kernels[0].segments[1].live_in[0].name = "d"
; PLAN: kernels[0].segments[1].live_in[0].offset = 0
; PLAN: kernels[0].segments[1].live_in[1].bytes = 4
; PLAN: kernels[0].segments[1].live_in[1].name = "w"
; PLAN: kernels[0].segments[1].live_in[1].offset = 8
; PLAN: kernels[0].segments[1].live_in[2].bytes = 1
; PLAN: kernels[0].segments[1].live_in[2].name = "b"
; PLAN: kernels[0].segments[1].live_in[2].offset = 12
; PLAN: kernels[0].segments[1].live_out = []

; CHECK-LABEL: define spir_kernel void @layout.seg0(ptr addrspace(1) {{.*}}%in, ptr addrspace(1) {{.*}}%out, ptr addrspace(1) {{.*}}%tmp, ptr addrspace(1) {{.*}}%gs_live_state)
; CHECK-DAG:     store i8 %b, ptr addrspace(1)
; CHECK-DAG:     store double %d, ptr addrspace(1)
; CHECK-DAG:     store i32 %w, ptr addrspace(1)
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @layout.seg1(ptr addrspace(1) {{.*}}%in, ptr addrspace(1) {{.*}}%out, ptr addrspace(1) {{.*}}%tmp, ptr addrspace(1) {{.*}}%gs_live_state)
; CHECK-DAG:     %b = load i8, ptr addrspace(1)
; CHECK-DAG:     %d = load double, ptr addrspace(1)
; CHECK-DAG:     %w = load i32, ptr addrspace(1)
; CHECK:         store i8 %b,
; CHECK:         store double %d,
; CHECK:         store i32 %w,
; CHECK:         ret void

define spir_kernel void @layout(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %tmp) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pi = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %gid
  %b = load i8, ptr addrspace(1) %pi, align 1
  %pd = getelementptr inbounds double, ptr addrspace(1) %tmp, i64 %gid
  %d = load double, ptr addrspace(1) %pd, align 8
  %pw = getelementptr inbounds i32, ptr addrspace(1) %tmp, i64 %gid
  %w = load i32, ptr addrspace(1) %pw, align 4
  store double 0.0, ptr addrspace(1) %pd, align 8
  store i8 0, ptr addrspace(1) %pi, align 1
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %gid
  store i8 %b, ptr addrspace(1) %po, align 1
  %po2 = getelementptr inbounds double, ptr addrspace(1) %out, i64 %gid
  store double %d, ptr addrspace(1) %po2, align 8
  %po3 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %w, ptr addrspace(1) %po3, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
