; Two straight-line grid barriers give three segment kernels <kernel>.seg0..2
; (SPEC section 2): segment 0 starts at the entry, segment i just after
; barrier i; each segment takes the original arguments (live_state is null
; here: nothing but the invocation id crosses a barrier, and it is
; recomputed), no control word for a static schedule; no segment calls the
; grid barrier any more, each ends in a return where a barrier was; the
; original kernel stays in the module by default; the output verifies.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir %s
; RUN: FileCheck %s < %t.dir/Split_static_chain.ll
; RUN: FileCheck %s --check-prefix=NOBAR < %t.dir/Split_static_chain.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_static_chain.ll
; RUN: %plan2lines %t.dir/Split_static_chain.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %opt -load-pass-plugin=%plugin -passes=gridsplit -S %s -o %t.opt.ll
; RUN: FileCheck %s < %t.opt.ll
; RUN: FileCheck %s --check-prefix=NOBAR < %t.opt.ll
; RUN: %opt -passes=verify -disable-output %t.opt.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; The original is kept, barriers and all.
; CHECK-LABEL: define spir_kernel void @chain(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c)
; CHECK:         call spir_func void @gridsplit_grid_sync()
; CHECK:         call spir_func void @gridsplit_grid_sync()
; CHECK:         ret void
;
; CHECK-LABEL: define spir_kernel void @chain.seg0(ptr addrspace(1) {{[a-z ]*}}%a, ptr addrspace(1) {{[a-z ]*}}%b, ptr addrspace(1) {{[a-z ]*}}%c)
; CHECK-NOT:     define
; CHECK:         store i32 1, ptr addrspace(1)
; CHECK-NOT:     define
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @chain.seg1(ptr addrspace(1) {{[a-z ]*}}%a, ptr addrspace(1) {{[a-z ]*}}%b, ptr addrspace(1) {{[a-z ]*}}%c)
; CHECK-NOT:     store i32 1,
; CHECK:         store i32 2, ptr addrspace(1)
; CHECK-NOT:     store i32 3,
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @chain.seg2(ptr addrspace(1) {{[a-z ]*}}%a, ptr addrspace(1) {{[a-z ]*}}%b, ptr addrspace(1) {{[a-z ]*}}%c)
; CHECK-NOT:     store i32 2,
; CHECK:         store i32 3, ptr addrspace(1)
; CHECK:         ret void
; CHECK-NOT:   define {{.*}}@chain.seg3

; Only the original calls the barrier: exactly two calls in the module.
; NOBAR-COUNT-2: call spir_func void @gridsplit_grid_sync()
; NOBAR-NOT:     call spir_func void @gridsplit_grid_sync()

; PLAN: kernels[0].barriers = 2
; PLAN: kernels[0].live_state = null
; PLAN: kernels[0].schedule = "static"
; PLAN: kernels[0].segments[0].begins_at = "entry"
; PLAN: kernels[0].segments[0].function = "chain.seg0"
; PLAN: kernels[0].segments[0].successors = [1]
; PLAN: kernels[0].segments[1].begins_at = "barrier 1"
; PLAN: kernels[0].segments[1].function = "chain.seg1"
; PLAN: kernels[0].segments[1].successors = [2]
; PLAN: kernels[0].segments[2].begins_at = "barrier 2"
; PLAN: kernels[0].segments[2].function = "chain.seg2"
; PLAN: kernels[0].segments[2].successors = [-1]
; PLAN-NOT: segments[3]

define spir_kernel void @chain(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %pa, align 4
  call spir_func void @gridsplit_grid_sync()
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %gid
  store i32 2, ptr addrspace(1) %pb, align 4
  call spir_func void @gridsplit_grid_sync()
  %pc = getelementptr inbounds i32, ptr addrspace(1) %c, i64 %gid
  store i32 3, ptr addrspace(1) %pc, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
