; A workgroup (local, address space 3) kernel argument is a buffer of space
; `workgroup`. Segments give it roles like any buffer, but it is never a
; host input or output, however it is used (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'tile_sum': barriers 1, schedule static
; CHECK-NEXT:    buffer in: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer tile: arg 1, workgroup, host_input no, host_output no
; CHECK-NEXT:    buffer out: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    buffer spare: arg 3, workgroup, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      in read read_only{{$}}
; CHECK-NEXT:      tile write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      tile read read_only{{$}}
; CHECK-NEXT:      out write write_only{{$}}
; CHECK-NEXT:      spare accumulate read_write atomic{{$}}

define spir_kernel void @tile_sum(ptr addrspace(1) %in, ptr addrspace(3) %tile, ptr addrspace(1) %out, ptr addrspace(3) %spare) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %ip = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %v = load float, ptr addrspace(1) %ip, align 4
  %tp = getelementptr inbounds float, ptr addrspace(3) %tile, i64 %lid
  store float %v, ptr addrspace(3) %tp, align 4
  call spir_func void @gridsplit_grid_sync()
  %t0 = load float, ptr addrspace(3) %tile, align 4
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %t0, ptr addrspace(1) %op, align 4
  %n = atomicrmw add ptr addrspace(3) %spare, i32 1 seq_cst, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
