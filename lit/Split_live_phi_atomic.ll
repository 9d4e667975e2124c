; A phi result (the join of an if/else on the id) and an atomic's result live across a barrier
; cannot be recomputed: both are carried (4-byte slots; the i64 sum first by
; alignment), stored by segment 0 and loaded by segment 1.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json %s
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_live_phi_atomic.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_live_phi_atomic.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state.arg = 3
; PLAN: kernels[0].live_state.bytes_per_invocation = 16
; PLAN: kernels[0].schedule = "static"
; PLAN: kernels[0].segments[0].live_out[0].bytes = 8
; PLAN: kernels[0].segments[0].live_out[0].name = "sum"
; PLAN: kernels[0].segments[0].live_out[0].offset = 0
; PLAN: kernels[0].segments[0].live_out[1].bytes = 4
; PLAN: kernels[0].segments[0].live_out[1].name = "ticket"
; PLAN: kernels[0].segments[0].live_out[1].offset = 8
; PLAN: kernels[0].segments[1].live_in[0].name = "sum"
; PLAN: kernels[0].segments[1].live_in[1].name = "ticket"

; CHECK-LABEL: define spir_kernel void @phiatom.seg0(
; CHECK-SAME:    %gs_live_state)
; CHECK:         atomicrmw add ptr addrspace(1) %counter
; CHECK-DAG:     store i64 %{{[a-z.]+}}, ptr addrspace(1)
; CHECK-DAG:     store i32 %ticket, ptr addrspace(1)
; CHECK:         ret void
; CHECK-LABEL: define spir_kernel void @phiatom.seg1(
; CHECK-NOT:     atomicrmw
; CHECK-DAG:     %sum = load i64, ptr addrspace(1)
; CHECK-DAG:     %ticket = load i32, ptr addrspace(1)
; CHECK:         ret void

define spir_kernel void @phiatom(ptr addrspace(1) %counter, ptr addrspace(1) %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n64 = zext i32 %n to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %sum.next, %loop ]
  %prod = mul i64 %i, %gid
  %sum.next = add i64 %acc, %prod
  %i.next = add i64 %i, 1
  %done = icmp uge i64 %i.next, %n64
  br i1 %done, label %pick, label %loop

pick:
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %isodd, label %join

isodd:
  %tripled = mul i64 %gid, 3
  br label %join

join:
  %sum = phi i64 [ %sum.next, %pick ], [ %tripled, %isodd ]
  %ticket = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %gid
  %t64 = zext i32 %ticket to i64
  %r = add i64 %sum, %t64
  store i64 %r, ptr addrspace(1) %po, align 8
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
