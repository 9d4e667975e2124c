; A .bc input is read as bitcode and gives the same table as the text.
;
; RUN: llvm-as %s -o %t.bc
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %t.bc | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'bc_kernel': barriers 1, schedule static
; CHECK-NEXT:    buffer src: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer dst: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      src read read_only{{$}}
; CHECK-NEXT:      dst write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      dst accumulate read_write{{$}}

define spir_kernel void @bc_kernel(ptr addrspace(1) %src, ptr addrspace(1) %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %s = getelementptr inbounds i64, ptr addrspace(1) %src, i64 %gid
  %v = load i64, ptr addrspace(1) %s, align 8
  %d = getelementptr inbounds i64, ptr addrspace(1) %dst, i64 %gid
  store i64 %v, ptr addrspace(1) %d, align 8
  call spir_func void @gridsplit_grid_sync()
  %n = add i64 %gid, 1
  %d2 = getelementptr inbounds i64, ptr addrspace(1) %dst, i64 %n
  %w = load i64, ptr addrspace(1) %d2, align 8
  %sum = add i64 %w, 1
  store i64 %sum, ptr addrspace(1) %d, align 8
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
