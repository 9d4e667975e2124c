; A workgroup-space global (an OpenCL `local` array declared in the kernel) is
; a workgroup buffer listed as a global variable after the arguments; never
; a host input or output (SPEC section 3). Written before the barrier and
; read after it, it is still a buffer with roles in both segments.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@reduce.scratch = internal addrspace(3) global [64 x i32] undef, align 4

; CHECK-LABEL: kernel 'reduce': barriers 1, schedule static
; CHECK-NEXT:    buffer src: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer dst: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer reduce.scratch: global variable, workgroup, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      src read read_only{{$}}
; CHECK-NEXT:      reduce.scratch write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      dst write write_only{{$}}
; CHECK-NEXT:      reduce.scratch read read_only{{$}}

define spir_kernel void @reduce(ptr addrspace(1) %src, ptr addrspace(1) %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %sp = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gid
  %v = load i32, ptr addrspace(1) %sp, align 4
  %lp = getelementptr inbounds [64 x i32], ptr addrspace(3) @reduce.scratch, i64 0, i64 %lid
  store i32 %v, ptr addrspace(3) %lp, align 4
  call spir_func void @gridsplit_grid_sync()
  %first = load i32, ptr addrspace(3) @reduce.scratch, align 4
  %dp = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 %first, ptr addrspace(1) %dp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
