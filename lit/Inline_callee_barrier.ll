; A barrier inside a function the kernel calls is found after inlining; the
; accesses the callee makes through its parameters land in the kernel's
; buffers, split at the inlined barrier (SPEC section 1). @exchange has
; internal linkage, as a `static` OpenCL C function does: once inlined it is
; dead and may be deleted.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'publish': barriers 1, schedule static
; CHECK-NEXT:    buffer vals: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer board: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer result: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      vals read read_only{{$}}
; CHECK-NEXT:      board write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      board read read_only{{$}}
; CHECK-NEXT:      result write write_only{{$}}
; CHECK-NOT:   kernel 'exchange'

define internal spir_func float @exchange(ptr addrspace(1) %slots, i64 %i, float %mine) #1 {
entry:
  %mine.p = getelementptr inbounds float, ptr addrspace(1) %slots, i64 %i
  store float %mine, ptr addrspace(1) %mine.p, align 4
  call spir_func void @gridsplit_grid_sync() #3
  %j = xor i64 %i, 1
  %theirs.p = getelementptr inbounds float, ptr addrspace(1) %slots, i64 %j
  %theirs = load float, ptr addrspace(1) %theirs.p, align 4
  ret float %theirs
}

define spir_kernel void @publish(ptr addrspace(1) %vals, ptr addrspace(1) %board, ptr addrspace(1) %result) #0 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %vp = getelementptr inbounds float, ptr addrspace(1) %vals, i64 %gid
  %v = load float, ptr addrspace(1) %vp, align 4
  %other = call spir_func float @exchange(ptr addrspace(1) %board, i64 %gid, float %v) #3
  %rp = getelementptr inbounds float, ptr addrspace(1) %result, i64 %gid
  store float %other, ptr addrspace(1) %rp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #2

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent noinline nounwind }
attributes #2 = { convergent nounwind }
attributes #3 = { convergent nounwind }
