; A callee holding a barrier, called twice, is inlined at both call sites and
; gives two barrier sites; a chain of calls (kernel -> step -> sync_all) is
; inlined all the way down (SPEC section 1).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'two_steps': barriers 2, schedule static
; CHECK-NEXT:    buffer ping: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer pong: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      ping read read_only{{$}}
; CHECK-NEXT:      pong write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      ping write write_only{{$}}
; CHECK-NEXT:      pong read read_only{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      (no buffers)

define spir_func void @sync_all() #1 {
entry:
  call spir_func void @gridsplit_grid_sync() #2
  ret void
}

; dst[i] = src[i] + 1; then every invocation waits.
define spir_func void @step(ptr addrspace(1) %src, ptr addrspace(1) %dst, i64 %i) #1 {
entry:
  %s = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %i
  %x = load i32, ptr addrspace(1) %s, align 4
  %y = add nsw i32 %x, 1
  %d = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %i
  store i32 %y, ptr addrspace(1) %d, align 4
  call spir_func void @sync_all() #2
  ret void
}

define spir_kernel void @two_steps(ptr addrspace(1) %ping, ptr addrspace(1) %pong) #0 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @step(ptr addrspace(1) %ping, ptr addrspace(1) %pong, i64 %gid) #2
  call spir_func void @step(ptr addrspace(1) %pong, ptr addrspace(1) %ping, i64 %gid) #2
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #2

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent noinline nounwind }
attributes #2 = { convergent nounwind }
