; llvm.memcpy writes its destination and reads its source (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'copy_rows': barriers 1, schedule static
; CHECK-NEXT:    buffer from: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer to: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      from read read_only{{$}}
; CHECK-NEXT:      to write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      to accumulate read_write{{$}}

define spir_kernel void @copy_rows(ptr addrspace(1) %from, ptr addrspace(1) %to) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %off = mul i64 %gid, 64
  %s = getelementptr inbounds i8, ptr addrspace(1) %from, i64 %off
  %d = getelementptr inbounds i8, ptr addrspace(1) %to, i64 %off
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %d, ptr addrspace(1) align 4 %s, i64 64, i1 false)
  call spir_func void @gridsplit_grid_sync()
  ; Segment 1 copies within %to: it reads and writes it after segment 0 wrote it.
  %next = add i64 %off, 64
  %d2 = getelementptr inbounds i8, ptr addrspace(1) %to, i64 %next
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %d2, ptr addrspace(1) align 4 %d, i64 32, i1 false)
  ret void
}

declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) noalias nocapture writeonly, ptr addrspace(1) noalias nocapture readonly, i64, i1 immarg)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
