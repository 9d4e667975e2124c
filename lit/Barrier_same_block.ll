; Two barriers in one block are numbered in instruction order, and the
; segment between them, which touches no buffer, shows `(no buffers)`.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'back_to_back': barriers 2, schedule static
; CHECK-NEXT:    buffer xs: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer ys: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      xs read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      (no buffers)
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      ys write write_only{{$}}

define spir_kernel void @back_to_back(ptr addrspace(1) %xs, ptr addrspace(1) %ys) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %px = getelementptr inbounds i32, ptr addrspace(1) %xs, i64 %gid
  %x = load volatile i32, ptr addrspace(1) %px, align 4
  call spir_func void @gridsplit_grid_sync()
  call spir_func void @gridsplit_grid_sync()
  %py = getelementptr inbounds i32, ptr addrspace(1) %ys, i64 %gid
  store i32 7, ptr addrspace(1) %py, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
