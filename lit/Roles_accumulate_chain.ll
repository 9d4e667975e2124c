; The accumulate rule (SPEC section 3): a segment that writes a buffer an
; earlier segment wrote must merge into the earlier contents. "Earlier"
; means reachable in the segment graph, not only the segment just before:
; %twice is written in segments 0 and 2 with nothing in between.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'phases': barriers 2, schedule static
; CHECK-NEXT:    buffer acc: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer rw: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer late: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    buffer twice: arg 3, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      acc write write_only{{$}}
; CHECK-NEXT:      rw write write_only{{$}}
; CHECK-NEXT:      twice write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      acc accumulate read_write{{$}}
; CHECK-NEXT:      rw accumulate read_write{{$}}
; CHECK-NEXT:      late write write_only{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      late read read_only{{$}}
; CHECK-NEXT:      twice accumulate read_write{{$}}

define spir_kernel void @phases(ptr addrspace(1) %acc, ptr addrspace(1) %rw, ptr addrspace(1) %late, ptr addrspace(1) %twice) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %even = shl i64 %gid, 1
  %odd = or i64 %even, 1
  %acc.e = getelementptr inbounds i32, ptr addrspace(1) %acc, i64 %even
  %acc.o = getelementptr inbounds i32, ptr addrspace(1) %acc, i64 %odd
  %rw.p = getelementptr inbounds i32, ptr addrspace(1) %rw, i64 %gid
  %late.p = getelementptr inbounds i32, ptr addrspace(1) %late, i64 %gid
  %twice.p = getelementptr inbounds i32, ptr addrspace(1) %twice, i64 %gid
  ; Segment 0 fills the even slots, segment 1 the odd ones: segment 1 must
  ; not be handed a fresh buffer that loses the even slots.
  store i32 1, ptr addrspace(1) %acc.e, align 4
  store i32 1, ptr addrspace(1) %rw.p, align 4
  store i32 1, ptr addrspace(1) %twice.p, align 4
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %acc.o, align 4
  %r = load i32, ptr addrspace(1) %rw.p, align 4
  %r2 = add i32 %r, 1
  store i32 %r2, ptr addrspace(1) %rw.p, align 4
  store i32 %r2, ptr addrspace(1) %late.p, align 4
  call spir_func void @gridsplit_grid_sync()
  %l = load i32, ptr addrspace(1) %late.p, align 4
  store i32 %l, ptr addrspace(1) %twice.p, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
