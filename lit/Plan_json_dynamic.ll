; The plan of a dynamic kernel: successors hold -1 for the end, and a value
; that cannot be recomputed (the result of an atomic) crossing the barrier is
; carried in the live state. Segment functions take the original arguments,
; then the live-state pointer, so live_state.arg is 3, then the control word
; (SPEC sections 2, 4). No status word: the branch on mode is uniform, so
; the invocations all return or all reach the barrier, and the control word
; alone tells the host (Plan_json_status.ll has a kernel that needs one).
; The path follows from the arguments: only mode decides it (the atomic's
; result is carried, but no branch that picks a barrier reads it).
;
; RUN: %gridsplit --target ir -o %t.out --plan - %s | %plan2lines | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK:      kernels[0].barriers = 1
; CHECK:      kernels[0].buffers[0].host_input = true
; CHECK:      kernels[0].buffers[0].host_output = true
; CHECK:      kernels[0].buffers[0].name = "tickets"
; CHECK:      kernels[0].buffers[1].host_input = false
; CHECK:      kernels[0].buffers[1].host_output = true
; CHECK:      kernels[0].buffers[1].name = "out"
; CHECK:      kernels[0].control.arg = 4
; CHECK-NEXT: kernels[0].control.path_from_arguments = true
; CHECK-NEXT: kernels[0].control.words = 4
; CHECK:      kernels[0].live_state.arg = 3
; CHECK:      kernels[0].live_state.bytes_per_invocation = 4
; CHECK-NOT:  status_offset
; CHECK:      kernels[0].name = "take_ticket"
; CHECK:      kernels[0].schedule = "dynamic"
; CHECK:      kernels[0].segments[0].begins_at = "entry"
; CHECK:      kernels[0].segments[0].buffers[0].atomic = true
; CHECK:      kernels[0].segments[0].buffers[0].name = "tickets"
; CHECK:      kernels[0].segments[0].buffers[0].role = "accumulate"
; CHECK:      kernels[0].segments[0].buffers[1].access = "write_only"
; CHECK:      kernels[0].segments[0].buffers[1].consumes_input = false
; CHECK:      kernels[0].segments[0].buffers[1].name = "out"
; CHECK:      kernels[0].segments[0].buffers[1].produces_output = true
; CHECK:      kernels[0].segments[0].buffers[1].role = "write"
; CHECK:      kernels[0].segments[0].function = "take_ticket.seg0"
; CHECK:      kernels[0].segments[0].live_in = []
; CHECK:      kernels[0].segments[0].live_out[0].bytes = 4
; CHECK:      kernels[0].segments[0].live_out[0].name = "ticket"
; CHECK:      kernels[0].segments[0].live_out[0].offset = 0
; CHECK-NOT:  kernels[0].segments[0].live_out[1]
; CHECK:      kernels[0].segments[0].successors = [1, -1]
; CHECK:      kernels[0].segments[1].begins_at = "barrier 1"
; CHECK:      kernels[0].segments[1].buffers[0].access = "read_write"
; CHECK:      kernels[0].segments[1].buffers[0].atomic = false
; CHECK:      kernels[0].segments[1].buffers[0].consumes_input = true
; CHECK:      kernels[0].segments[1].buffers[0].name = "out"
; CHECK:      kernels[0].segments[1].buffers[0].produces_output = true
; CHECK:      kernels[0].segments[1].buffers[0].role = "accumulate"
; CHECK-NOT:  kernels[0].segments[1].buffers[1]
; CHECK:      kernels[0].segments[1].function = "take_ticket.seg1"
; CHECK:      kernels[0].segments[1].index = 1
; CHECK:      kernels[0].segments[1].live_in[0].bytes = 4
; CHECK:      kernels[0].segments[1].live_in[0].name = "ticket"
; CHECK:      kernels[0].segments[1].live_in[0].offset = 0
; CHECK:      kernels[0].segments[1].live_out = []
; CHECK:      kernels[0].segments[1].successors = [-1]

define spir_kernel void @take_ticket(ptr addrspace(1) %tickets, ptr addrspace(1) %out, i32 %mode) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %ticket = atomicrmw add ptr addrspace(1) %tickets, i32 1 seq_cst, align 4
  %wait = icmp ne i32 %mode, 0
  br i1 %wait, label %sync, label %done

sync:
  call spir_func void @gridsplit_grid_sync()
  br label %done

done:
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %ticket, ptr addrspace(1) %op, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
