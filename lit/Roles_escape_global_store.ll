; A buffer pointer stored to global memory escapes: the analysis can no longer
; see its uses, so the segment counts it as read and written and warns naming
; the storing instruction (SPEC section 3). The buffer it is stored into is
; simply written.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'register_buffer': barriers 1, schedule static
; CHECK-NEXT:    buffer payload: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer registry: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      payload readwrite read_write{{$}}
; CHECK-NEXT:      registry write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      (no buffers)

; WARN: {{.*}}Roles_escape_global_store.ll: warning: {{.*(store.*payload|payload.*store)}}

define spir_kernel void @register_buffer(ptr addrspace(1) %payload, ptr addrspace(1) %registry) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %slot = getelementptr inbounds ptr addrspace(1), ptr addrspace(1) %registry, i64 %gid
  store ptr addrspace(1) %payload, ptr addrspace(1) %slot, align 8
  call spir_func void @gridsplit_grid_sync()
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
