; Live state the split keeps per invocation and per grid (docs/split.md):
; - a status word only where invocations can part between returning and a
;   barrier (here `if (i >= n) return;` before the loop);
; - a value that no invocation id reaches (the loop counter `it`) is carried
;   once per grid, in the live state's header, with two copies in a dynamic
;   schedule (launch L reads copy L % 2 and writes the other: the loop
;   segment both reads and redefines it), stored by a relaxed atomic store
;   (it starts at an argument: from 0 the launch's number would give it,
;   Split_once_launch.ll);
; - a value that depends on the invocation (`x`) stays per invocation.
;
; RUN: %gridsplit --target ir -o %t.out --plan - %s | %plan2lines | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.out/Plan_json_status.ll

; PLAN: kernels[0].live_state.bytes_per_invocation = 8
; PLAN: kernels[0].live_state.header_bytes = 16
; PLAN: kernels[0].live_state.status_offset = 4
; PLAN: kernels[0].schedule = "dynamic"
; PLAN: kernels[0].segments[1].live_in[0].bytes = 4
; PLAN: kernels[0].segments[1].live_in[0].name = "it"
; PLAN: kernels[0].segments[1].live_in[0].offset = 0
; PLAN: kernels[0].segments[1].live_in[0].once = true
; PLAN: kernels[0].segments[1].live_in[1].bytes = 4
; PLAN: kernels[0].segments[1].live_in[1].name = "x"
; PLAN: kernels[0].segments[1].live_in[1].offset = 0
; PLAN-NOT: kernels[0].segments[1].live_in[1].once

; CHECK-LABEL: define spir_kernel void @walk.seg1(
; CHECK:         %gs.launch = load i32, ptr addrspace(1) %{{[0-9]+}}, align 4, !invariant.load
; CHECK:         %gs.copy = load i32, ptr addrspace(1) %gs_live_state, align 4, !invariant.load
; CHECK:         %gs.copy[[N:[0-9]+]] = load i32, ptr addrspace(1) %{{[0-9]+}}, align 4, !invariant.load
; CHECK:         %it = select i1 %gs.odd, i32 %gs.copy[[N]], i32 %gs.copy
; CHECK:         store atomic i32 %{{[a-z.0-9]+}}, ptr addrspace(1) %{{[0-9]+}} monotonic, align 4

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @walk(ptr addrspace(1) %a, i32 %n, i32 %from, i32 %rounds) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %out = icmp sge i32 %i, %n
  br i1 %out, label %done, label %start

start:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  %x0 = load i32, ptr addrspace(1) %p, align 4
  br label %loop

loop:
  %it = phi i32 [ %from, %start ], [ %it.next, %loop ]
  %x = phi i32 [ %x0, %start ], [ %x.next, %loop ]
  call spir_func void @gridsplit_grid_sync()
  %x.next = add i32 %x, %it
  store volatile i32 %x.next, ptr addrspace(1) %p, align 4
  %it.next = add i32 %it, 1
  %more = icmp slt i32 %it.next, %rounds
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
