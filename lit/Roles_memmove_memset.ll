; llvm.memmove writes its destination and reads its source; llvm.memset writes
; its destination (SPEC section 3). On a single buffer, memmove is a read and
; a write of it.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'shift_and_clear': barriers 1, schedule static
; CHECK-NEXT:    buffer ring: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer hist: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer pending: arg 2, global, host_input yes, host_output no
; CHECK-NEXT:    buffer stash: arg 3, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      ring readwrite read_write{{$}}
; CHECK-NEXT:      hist write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      pending read read_only{{$}}
; CHECK-NEXT:      stash write write_only{{$}}

define spir_kernel void @shift_and_clear(ptr addrspace(1) %ring, ptr addrspace(1) %hist, ptr addrspace(1) %pending, ptr addrspace(1) %stash) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %base = mul i64 %gid, 256
  %r0 = getelementptr inbounds i8, ptr addrspace(1) %ring, i64 %base
  %r1 = getelementptr inbounds i8, ptr addrspace(1) %r0, i64 16
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 4 %r0, ptr addrspace(1) align 4 %r1, i64 240, i1 false)
  %h = getelementptr inbounds i8, ptr addrspace(1) %hist, i64 %base
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %h, i8 0, i64 256, i1 false)
  call spir_func void @gridsplit_grid_sync()
  %p = getelementptr inbounds i8, ptr addrspace(1) %pending, i64 %base
  %s = getelementptr inbounds i8, ptr addrspace(1) %stash, i64 %base
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 4 %s, ptr addrspace(1) align 4 %p, i64 256, i1 false)
  ret void
}

declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1) nocapture writeonly, ptr addrspace(1) nocapture readonly, i64, i1 immarg)
declare void @llvm.memset.p1.i64(ptr addrspace(1) nocapture writeonly, i8, i64, i1 immarg)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
