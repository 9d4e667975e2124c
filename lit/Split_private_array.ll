; A private array (alloca) whose contents are live across a barrier is
; carried by its contents: one slot of the array's size (8 x i32 = 32
; bytes); segment 1 gets its own copy, filled from the live state.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_private_array.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_private_array.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state.arg = 2
; PLAN: kernels[0].live_state.bytes_per_invocation = 32
; PLAN: kernels[0].segments[0].live_out[0].bytes = 32
; PLAN: kernels[0].segments[0].live_out[0].name = "priv"
; PLAN: kernels[0].segments[0].live_out[0].offset = 0
; PLAN-NOT: live_out[1]
; PLAN: kernels[0].segments[1].live_in[0].bytes = 32
; PLAN: kernels[0].segments[1].live_in[0].name = "priv"
; PLAN: kernels[0].segments[1].live_in[0].offset = 0

; CHECK-LABEL: define spir_kernel void @priv.seg0(
; CHECK:         alloca [8 x i32]
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @priv.seg1(
; CHECK:         alloca [8 x i32]
; CHECK:         ret void

define spir_kernel void @priv(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %priv = alloca [8 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  br label %fill

fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %pi = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %v = load i32, ptr addrspace(1) %pi, align 4
  %slot = getelementptr inbounds [8 x i32], ptr %priv, i64 0, i64 %i
  store i32 %v, ptr %slot, align 4
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 8
  br i1 %done, label %sync, label %fill

sync:
  call spir_func void @gridsplit_grid_sync()
  %k = and i64 %gid, 7
  %pk = getelementptr inbounds [8 x i32], ptr %priv, i64 0, i64 %k
  %x = load i32, ptr %pk, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %x, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
