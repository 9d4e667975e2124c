; A global pointer cast to the generic address space (OpenCL 2.0 code passes
; buffers around as generic pointers) still refers to its buffer.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'generic_io': barriers 1, schedule static
; CHECK-NEXT:    buffer src: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer dst: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      src read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      dst write write_only{{$}}

define spir_kernel void @generic_io(ptr addrspace(1) %src, ptr addrspace(1) %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %src.gen = addrspacecast ptr addrspace(1) %src to ptr addrspace(4)
  %s = getelementptr inbounds i32, ptr addrspace(4) %src.gen, i64 %gid
  %v = load i32, ptr addrspace(4) %s, align 4
  %nz = icmp ne i32 %v, 0
  call spir_func void @gridsplit_grid_sync()
  %d = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  %d.gen = addrspacecast ptr addrspace(1) %d to ptr addrspace(4)
  store i32 1, ptr addrspace(4) %d.gen, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
