; A kernel argument in the constant address space (2 on SPIR) is a buffer of
; space `constant`: always a host input, never written (SPEC section 3).
; Constant-space *globals* (string literals, tables in __constant) are not
; buffers: only globals in the global space are.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@weights = internal addrspace(2) constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 2.000000e+00, float 1.000000e+00], align 4

; CHECK-LABEL: kernel 'convolve': barriers 1, schedule static
; CHECK-NEXT:    buffer filter: arg 0, constant, host_input yes, host_output no
; CHECK-NEXT:    buffer unread: arg 1, constant, host_input yes, host_output no
; CHECK-NEXT:    buffer signal: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      filter read read_only{{$}}
; CHECK-NEXT:      signal read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      filter read read_only{{$}}
; CHECK-NEXT:      signal write write_only{{$}}
; CHECK-NOT:   weights

define spir_kernel void @convolve(ptr addrspace(2) %filter, ptr addrspace(2) %unread, ptr addrspace(1) %signal) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %tap = and i64 %gid, 3
  %fp = getelementptr inbounds float, ptr addrspace(2) %filter, i64 %tap
  %f = load float, ptr addrspace(2) %fp, align 4
  %wp = getelementptr inbounds [4 x float], ptr addrspace(2) @weights, i64 0, i64 %tap
  %w = load float, ptr addrspace(2) %wp, align 4
  %sp = getelementptr inbounds float, ptr addrspace(1) %signal, i64 %gid
  %s = load float, ptr addrspace(1) %sp, align 4
  %fw = fmul float %f, %w
  %fws = fmul float %fw, %s
  %big = fcmp ogt float %fws, 0.000000e+00
  call spir_func void @gridsplit_grid_sync()
  %f2 = load float, ptr addrspace(2) %fp, align 4
  store float %f2, ptr addrspace(1) %sp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
