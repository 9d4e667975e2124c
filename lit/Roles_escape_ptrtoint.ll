; ptrtoint loses track of a buffer pointer: read and written, with a warning
; naming the ptrtoint (SPEC section 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'addr_hash': barriers 1, schedule static
; CHECK-NEXT:    buffer blob: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer hashes: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      (no buffers)
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      blob readwrite read_write{{$}}
; CHECK-NEXT:      hashes write write_only{{$}}

; WARN: {{.*}}Roles_escape_ptrtoint.ll: warning: {{.*(ptrtoint.*blob|blob.*ptrtoint)}}

define spir_kernel void @addr_hash(ptr addrspace(1) %blob, ptr addrspace(1) %hashes) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  call spir_func void @gridsplit_grid_sync()
  %addr = ptrtoint ptr addrspace(1) %blob to i64
  %h = xor i64 %addr, %gid
  %hp = getelementptr inbounds i64, ptr addrspace(1) %hashes, i64 %gid
  store i64 %h, ptr addrspace(1) %hp, align 8
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
