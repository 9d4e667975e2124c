; A call to a declaration whose parameter carries no attribute may do anything
; with the pointer: read and written, with a warning naming the call. The
; table goes to stdout, the warning to stderr as `FILE: warning: ...`
; (docs/formats.md).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'opaque': barriers 1, schedule static
; CHECK-NEXT:    buffer state: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer log: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      log write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      state readwrite read_write{{$}}
; CHECK-NOT:   warning

; WARN: {{.*}}Roles_escape_unknown_call.ll: warning: {{.*}}vendor_update_state

define spir_kernel void @opaque(ptr addrspace(1) %state, ptr addrspace(1) %log) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lp = getelementptr inbounds i32, ptr addrspace(1) %log, i64 %gid
  store i32 0, ptr addrspace(1) %lp, align 4
  call spir_func void @gridsplit_grid_sync()
  %sp = getelementptr inbounds i32, ptr addrspace(1) %state, i64 %gid
  call spir_func void @vendor_update_state(ptr addrspace(1) %sp, i32 3)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
declare spir_func void @vendor_update_state(ptr addrspace(1), i32)

attributes #0 = { convergent nounwind }
