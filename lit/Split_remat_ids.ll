; Ids, sizes and address arithmetic on arguments live across a barrier are
; recomputed in the later segment, never carried (SPEC section 2): nothing
; is carried, live_state is null, and the segments take exactly the original
; arguments (no gs_live_state). Segment 1 calls the id and size builtins
; itself.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_remat_ids.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_remat_ids.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state = null
; PLAN: kernels[0].segments[0].live_out = []
; PLAN: kernels[0].segments[1].live_in = []

; CHECK-NOT:   gs_live_state
; CHECK-LABEL: define spir_kernel void @ids.seg0(ptr addrspace(1) {{[a-z ]*}}%a, ptr addrspace(1) {{[a-z ]*}}%b, i32 %n)
; CHECK-NOT:     define
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @ids.seg1(ptr addrspace(1) {{[a-z ]*}}%a, ptr addrspace(1) {{[a-z ]*}}%b, i32 %n)
; CHECK-DAG:     call spir_func i64 @_Z13get_global_idj(i32 0)
; CHECK-DAG:     call spir_func i64 @_Z12get_local_idj(i32 0)
; CHECK-DAG:     call spir_func i64 @_Z15get_global_sizej(i32 0)
; CHECK:         ret void
; CHECK-NOT:   gs_live_state

define spir_kernel void @ids(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gsz = call spir_func i64 @_Z15get_global_sizej(i32 0)
  %n64 = sext i32 %n to i64
  %idx = add i64 %gid, %n64
  %twice = shl i64 %idx, 1
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %twice
  store i32 1, ptr addrspace(1) %pa, align 4
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) %pa, align 4
  %lid32 = trunc i64 %lid to i32
  %gsz32 = trunc i64 %gsz to i32
  %s = add i32 %v, %lid32
  %t = add i32 %s, %gsz32
  store i32 %t, ptr addrspace(1) %pb, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z15get_global_sizej(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
