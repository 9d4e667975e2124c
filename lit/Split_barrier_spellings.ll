; Every spelling of a grid barrier (SPEC section 1) splits: the canonical
; call, __spirv_ControlBarrier with Device execution scope (1), mangled or
; not, __ockl_grid_sync, and a name given with barrier=NAME. A workgroup-
; scope __spirv_ControlBarrier (2) is an ordinary barrier and stays in its
; segment. No segment calls a grid barrier; the original keeps all five.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<barrier=my_grid_sync;plan=%t.plan.json>' -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: rm -rf %t.dir
; RUN: %gridsplit --barrier my_grid_sync -o %t.dir %s
; RUN: FileCheck %s < %t.dir/Split_barrier_spellings.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].barriers = 5
; PLAN: kernels[0].schedule = "static"
; PLAN: kernels[0].segments[5].successors = [-1]

; CHECK-LABEL: define spir_kernel void @spellings(
; CHECK-COUNT-2: call spir_func void @_Z22__spirv_ControlBarrieriii(i32
; CHECK-LABEL: define spir_kernel void @spellings.seg0(
; CHECK-NOT:     call
; CHECK:         store i32 0,
; CHECK-LABEL: define spir_kernel void @spellings.seg1(
; CHECK:         store i32 1,
; CHECK-LABEL: define spir_kernel void @spellings.seg2(
; CHECK:         store i32 2,
; CHECK:         call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
; CHECK:         store i32 22,
; CHECK-LABEL: define spir_kernel void @spellings.seg3(
; CHECK:         store i32 3,
; CHECK-LABEL: define spir_kernel void @spellings.seg4(
; CHECK:         store i32 4,
; CHECK-LABEL: define spir_kernel void @spellings.seg5(
; CHECK:         store i32 5,
; CHECK-NOT:   call {{.*}}@gridsplit_grid_sync
; CHECK-NOT:   call {{.*}}@__ockl_grid_sync
; CHECK-NOT:   call {{.*}}@my_grid_sync
; CHECK-NOT:   ControlBarrier{{.*}}(i32 1,

define spir_kernel void @spellings(ptr addrspace(1) %a) {
entry:
  store i32 0, ptr addrspace(1) %a, align 4
  call spir_func void @gridsplit_grid_sync()
  store i32 1, ptr addrspace(1) %a, align 4
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 1, i32 1, i32 272)
  store i32 2, ptr addrspace(1) %a, align 4
  call spir_func void @_Z22__spirv_ControlBarrieriii(i32 2, i32 2, i32 272)
  store i32 22, ptr addrspace(1) %a, align 4
  call spir_func void @__spirv_ControlBarrier(i32 1, i32 1, i32 272)
  store i32 3, ptr addrspace(1) %a, align 4
  call void @__ockl_grid_sync()
  store i32 4, ptr addrspace(1) %a, align 4
  call spir_func void @my_grid_sync()
  store i32 5, ptr addrspace(1) %a, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0
declare spir_func void @_Z22__spirv_ControlBarrieriii(i32, i32, i32) #0
declare spir_func void @__spirv_ControlBarrier(i32, i32, i32) #0
declare void @__ockl_grid_sync() #0
declare spir_func void @my_grid_sync() #0

attributes #0 = { convergent nounwind }
