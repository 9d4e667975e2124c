; Two calls to the canonical gridsplit_grid_sync split a kernel into a static
; chain of three segments (SPEC sections 1, 2). Both the tool and the opt
; plugin print the same table.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'three_phase': barriers 2, schedule static
; CHECK-NEXT:    buffer in: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer tmp: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer out: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      in read read_only{{$}}
; CHECK-NEXT:      tmp write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      tmp read read_only{{$}}
; CHECK-NEXT:      out write write_only{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      tmp accumulate read_write{{$}}
; CHECK-NOT:   segment 3

define spir_kernel void @three_phase(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %tmp, ptr addrspace(1) noundef align 4 %out) #0 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0) #2
  %in.p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %in.p, align 4
  %tmp.p = getelementptr inbounds float, ptr addrspace(1) %tmp, i64 %gid
  store float %x, ptr addrspace(1) %tmp.p, align 4
  call spir_func void @gridsplit_grid_sync() #3
  %next = add i64 %gid, 1
  %tmp.q = getelementptr inbounds float, ptr addrspace(1) %tmp, i64 %next
  %y = load float, ptr addrspace(1) %tmp.q, align 4
  %out.p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %y, ptr addrspace(1) %out.p, align 4
  call spir_func void @gridsplit_grid_sync() #3
  store float 0.000000e+00, ptr addrspace(1) %tmp.p, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32) #1
declare spir_func void @gridsplit_grid_sync() #1

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent nounwind }
attributes #2 = { nounwind readnone willreturn }
attributes #3 = { convergent nounwind }
