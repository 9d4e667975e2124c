; Every kernel of the module is listed, in module order, with or without grid
; barriers; a kernel without one is a single segment 0 (docs/formats.md).
; Non-kernel functions are not listed. OpenCL's work-group barrier
; (_Z7barrierj) is not a grid barrier.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'fill': barriers 0, schedule static
; CHECK-NEXT:    buffer dst: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors end{{$}}
; CHECK-NEXT:      dst write write_only{{$}}
; CHECK-LABEL: kernel 'split_me': barriers 1, schedule static
; CHECK-NEXT:    buffer v: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      v read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      v write write_only{{$}}
; CHECK-LABEL: kernel 'local_only': barriers 0, schedule static
; CHECK-NEXT:    buffer w: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer scratch: arg 1, workgroup, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors end{{$}}
; CHECK-NEXT:      w readwrite read_write{{$}}
; CHECK-NEXT:      scratch readwrite read_write{{$}}
; CHECK-NOT:   kernel 'helper'
; CHECK-NOT:   kernel

define spir_func void @helper(ptr addrspace(1) %p) {
  store i32 0, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @fill(ptr addrspace(1) %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 42, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @split_me(ptr addrspace(1) %v) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %v, i64 %gid
  %x = load i32, ptr addrspace(1) %p, align 4
  %odd = and i32 %x, 1
  call spir_func void @gridsplit_grid_sync()
  store i32 9, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @local_only(ptr addrspace(1) %w, ptr addrspace(3) %scratch) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %w, i64 %gid
  %x = load i32, ptr addrspace(1) %p, align 4
  %s = getelementptr inbounds i32, ptr addrspace(3) %scratch, i64 %lid
  store i32 %x, ptr addrspace(3) %s, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %l2 = xor i64 %lid, 1
  %s2 = getelementptr inbounds i32, ptr addrspace(3) %scratch, i64 %l2
  %y = load i32, ptr addrspace(3) %s2, align 4
  store i32 %y, ptr addrspace(1) %p, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32) #0
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
