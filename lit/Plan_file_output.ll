; `--plan FILE` writes the plan to FILE, not stdout, and `-o DIR` receives
; one LLVM IR module (--target ir) holding every segment kernel next to the
; original kernel, which stays (SPEC sections 2, 5). The module verifies.
;
; RUN: rm -rf %t.out %t.json && mkdir -p %t.out
; RUN: %gridsplit --target ir -o %t.out --plan %t.json %s | count 0
; RUN: %plan2lines %t.json | FileCheck %s --check-prefix=PLAN
; RUN: ls %t.out | FileCheck %s --check-prefix=FILES
; RUN: cat %t.out/*.ll | FileCheck %s --check-prefix=IR
; RUN: opt -passes=verify -disable-output %t.out/*.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: format = "gridsplit-plan"
; PLAN: kernels[0].name = "double_buffer"
; PLAN: kernels[0].segments[0].function = "double_buffer.seg0"
; PLAN: kernels[0].segments[1].function = "double_buffer.seg1"

; FILES: {{.+}}.ll

; IR-DAG: define {{.*}}spir_kernel void @double_buffer(
; IR-DAG: define {{.*}}spir_kernel void @double_buffer.seg0(
; IR-DAG: define {{.*}}spir_kernel void @double_buffer.seg1(

define spir_kernel void @double_buffer(ptr addrspace(1) %front, ptr addrspace(1) %back) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %f = getelementptr inbounds float, ptr addrspace(1) %front, i64 %gid
  %b = getelementptr inbounds float, ptr addrspace(1) %back, i64 %gid
  %v = load float, ptr addrspace(1) %f, align 4
  store float %v, ptr addrspace(1) %b, align 4
  call spir_func void @gridsplit_grid_sync()
  %n = add i64 %gid, 1
  %b2 = getelementptr inbounds float, ptr addrspace(1) %back, i64 %n
  %w = load float, ptr addrspace(1) %b2, align 4
  store float %w, ptr addrspace(1) %f, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
