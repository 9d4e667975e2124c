; atomicrmw and cmpxchg are atomic accesses (A): the role is accumulate and
; the line says `atomic`. A plain load of the same buffer in the segment does
; not change that; a later segment that only loads it is `read`, not atomic.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'claim': barriers 1, schedule static
; CHECK-NEXT:    buffer counter: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer owner: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer maxv: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      counter accumulate read_write atomic{{$}}
; CHECK-NEXT:      owner accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      counter read read_only{{$}}
; CHECK-NEXT:      owner read read_only{{$}}
; CHECK-NEXT:      maxv accumulate read_write atomic{{$}}

define spir_kernel void @claim(ptr addrspace(1) %counter, ptr addrspace(1) %owner, ptr addrspace(1) %maxv) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %g32 = trunc i64 %gid to i32
  %seen = load i32, ptr addrspace(1) %counter, align 4
  %ticket = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst, align 4
  %slot = and i32 %g32, 15
  %slot64 = zext i32 %slot to i64
  %op = getelementptr inbounds i32, ptr addrspace(1) %owner, i64 %slot64
  %pair = cmpxchg ptr addrspace(1) %op, i32 -1, i32 %g32 seq_cst seq_cst, align 4
  call spir_func void @gridsplit_grid_sync()
  %total = load i32, ptr addrspace(1) %counter, align 4
  %who = load i32, ptr addrspace(1) %op, align 4
  %m = add i32 %total, %who
  %old = atomicrmw max ptr addrspace(1) %maxv, i32 %m syncscope("device") monotonic, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
