; A call to a declaration is judged by its parameter attributes: readonly
; reads, writeonly writes, readnone (with nocapture) touches nothing; none of
; them warns (SPEC section 3). On LLVM 22 `nocapture` reads back as
; captures(none).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: count 0 < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'library_calls': barriers 1, schedule static
; CHECK-NEXT:    buffer coeffs: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer samples: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer probe: arg 2, global, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      coeffs read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      samples write write_only{{$}}

define spir_kernel void @library_calls(ptr addrspace(1) %coeffs, ptr addrspace(1) %samples, ptr addrspace(1) %probe) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %c = getelementptr inbounds float, ptr addrspace(1) %coeffs, i64 %gid
  %sum = call spir_func float @ext_dot4(ptr addrspace(1) %c, i64 4)
  %aligned = call spir_func i64 @ext_alignment_of(ptr addrspace(1) %probe)
  call spir_func void @gridsplit_grid_sync()
  %s = getelementptr inbounds float, ptr addrspace(1) %samples, i64 %gid
  call spir_func void @ext_fill(ptr addrspace(1) %s, float 1.000000e+00, i64 4)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
declare spir_func float @ext_dot4(ptr addrspace(1) nocapture readonly, i64) #1
declare spir_func void @ext_fill(ptr addrspace(1) nocapture writeonly, float, i64) #1
declare spir_func i64 @ext_alignment_of(ptr addrspace(1) nocapture readnone) #1

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
