; keep-original=false removes the original kernel: only the segments remain
; (SPEC section 2 "unless asked otherwise"); kernels without a grid barrier
; stay as they are. The default (and keep-original=true) keeps it. The plan
; option writes the plan from opt.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<keep-original=false;plan=%t.plan.json>' -S %s -o %t.drop.ll
; RUN: FileCheck %s --check-prefix=DROP < %t.drop.ll
; RUN: %opt -passes=verify -disable-output %t.drop.ll
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<keep-original=true>' -S %s | FileCheck %s --check-prefix=KEEP
; RUN: %opt -load-pass-plugin=%plugin -passes=gridsplit -S %s | FileCheck %s --check-prefix=KEEP

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; DROP-NOT:   define spir_kernel void @twice(
; DROP:       define spir_kernel void @plain(
; DROP-NOT:   define spir_kernel void @twice(
; DROP:       define spir_kernel void @twice.seg0(
; DROP-NOT:   define spir_kernel void @twice(
; DROP:       define spir_kernel void @twice.seg1(
; DROP-NOT:   define spir_kernel void @twice(
; DROP-NOT:   call spir_func void @gridsplit_grid_sync()

; KEEP-DAG:   define spir_kernel void @twice(
; KEEP-DAG:   define spir_kernel void @plain(
; KEEP-DAG:   define spir_kernel void @twice.seg0(
; KEEP-DAG:   define spir_kernel void @twice.seg1(

; PLAN: kernels[0].name = "twice"
; PLAN: kernels[0].segments[0].function = "twice.seg0"
; PLAN: kernels[0].segments[1].function = "twice.seg1"
; PLAN: kernels[1].name = "plain"
; PLAN: kernels[1].segments[0].function = "plain"

define spir_kernel void @twice(ptr addrspace(1) %a) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @plain(ptr addrspace(1) %a) {
entry:
  store i32 7, ptr addrspace(1) %a, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
