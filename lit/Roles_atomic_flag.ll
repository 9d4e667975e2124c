; `atomic` marks a segment with an atomic access to the buffer. A later
; segment that only stores plainly to a buffer an atomic wrote is accumulate
; (the atomic is an earlier writer) but not atomic (SPEC sections 3, 4).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'histogram': barriers 1, schedule static
; CHECK-NEXT:    buffer data: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer bins: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer norm: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      data read read_only{{$}}
; CHECK-NEXT:      bins accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      bins accumulate read_write{{$}}
; CHECK-NEXT:      norm write write_only{{$}}

define spir_kernel void @histogram(ptr addrspace(1) %data, ptr addrspace(1) %bins, ptr addrspace(1) %norm) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %dp = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %v = load i32, ptr addrspace(1) %dp, align 4
  %b = and i32 %v, 63
  %b64 = zext i32 %b to i64
  %bp = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %b64
  %old = atomicrmw add ptr addrspace(1) %bp, i32 1 seq_cst, align 4
  call spir_func void @gridsplit_grid_sync()
  %lane = and i64 %gid, 63
  %mine = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %lane
  %np = getelementptr inbounds float, ptr addrspace(1) %norm, i64 %lane
  store float 1.000000e+00, ptr addrspace(1) %np, align 4
  store i32 0, ptr addrspace(1) %mine, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
