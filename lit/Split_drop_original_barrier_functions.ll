; keep-original=false leaves no function that reaches a grid barrier, whatever
; its linkage, and no barrier's declaration (issue 11, class 3; docs/split.md):
; a helper with external linkage, one linkonce_odr, a kernel another kernel
; calls, and a kernel that calls only a barrier helper go; a kernel without
; barriers and a helper without them stay. The default keeps the module
; whole (SPEC section 2). A function that reaches a barrier and is used
; otherwise than by a call from another such function (here its address, in
; a table nothing calls through) cannot be removed: an error, no output.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<keep-original=false>' -S %t/m.ll | FileCheck %s --check-prefix=DROP
; RUN: %gridsplit --drop-original --target ir -o %t/o %t/m.ll
; RUN: FileCheck %s --check-prefix=DROP < %t/o/m.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=gridsplit -S %t/m.ll | FileCheck %s --check-prefix=KEEP
; RUN: not %gridsplit --drop-original --target ir -o %t/t %t/table.ll 2>&1 | FileCheck %s --check-prefix=TABLE
; RUN: not ls %t/t/table.ll
; RUN: %gridsplit --target ir -o %t/t %t/table.ll

; DROP-NOT: gridsplit_grid_sync
; DROP-NOT: define {{.*}} @{{step|step_odr|inner|outer|k|__clang_ocl_kern_imp_inner}}(
; DROP-DAG: define spir_func void @plain(
; DROP-DAG: define spir_kernel void @no_barrier(
; DROP-DAG: define spir_kernel void @outer.seg2(
; DROP-DAG: define spir_kernel void @inner.seg1(
; DROP-DAG: define spir_kernel void @k.seg1(
; DROP-NOT: gridsplit_grid_sync
; DROP-NOT: define {{.*}} @{{step|step_odr|inner|outer|k|__clang_ocl_kern_imp_inner}}(

; KEEP-DAG: define spir_func void @step(
; KEEP-DAG: define linkonce_odr spir_func void @step_odr(
; KEEP-DAG: define spir_kernel void @inner(
; KEEP-DAG: define spir_kernel void @outer(
; KEEP-DAG: declare spir_func void @gridsplit_grid_sync()

; TABLE: {{.*}}table.ll: error: function 'step' reaches a grid barrier and is used by a constant, which does not: keep-original=false cannot remove it

;--- m.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func void @plain(ptr addrspace(1) %o) {
  store i32 7, ptr addrspace(1) %o, align 4
  ret void
}

define spir_func void @step(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o, align 4
  call spir_func void @gridsplit_grid_sync()
  ret void
}

define linkonce_odr spir_func void @step_odr(ptr addrspace(1) %o) {
  call spir_func void @step(ptr addrspace(1) %o)
  ret void
}

; a kernel that another kernel calls, as clang 22 spells it (LLVM 22 allows
; no call of a spir_kernel; lit Run_barrier_functions has clang 15's call)
define spir_func void @__clang_ocl_kern_imp_inner(ptr addrspace(1) %o) {
  call spir_func void @plain(ptr addrspace(1) %o)
  call spir_func void @gridsplit_grid_sync()
  ret void
}

define spir_kernel void @inner(ptr addrspace(1) %o) {
  call spir_func void @__clang_ocl_kern_imp_inner(ptr addrspace(1) %o)
  ret void
}

define spir_kernel void @outer(ptr addrspace(1) %o) {
  call spir_func void @__clang_ocl_kern_imp_inner(ptr addrspace(1) %o)
  call spir_func void @step_odr(ptr addrspace(1) %o)
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %o) {
  call spir_func void @step(ptr addrspace(1) %o)
  ret void
}

define spir_kernel void @no_barrier(ptr addrspace(1) %o) {
  call spir_func void @plain(ptr addrspace(1) %o)
  ret void
}

declare spir_func void @gridsplit_grid_sync()

;--- table.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@table = addrspace(1) global [1 x ptr] [ptr @step]

define spir_func void @step(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o, align 4
  call spir_func void @gridsplit_grid_sync()
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %o) {
  call spir_func void @step(ptr addrspace(1) %o)
  ret void
}

declare spir_func void @gridsplit_grid_sync()
