; `--barrier NAME` adds a grid-barrier spelling (SPEC section 1); without it
; the call is an ordinary call to a declaration and does not split the kernel.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out --barrier my_frontend_grid_sync %s | FileCheck %s --check-prefix=WITH
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out2 %s | FileCheck %s --check-prefix=WITHOUT

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; WITH-LABEL: kernel 'staged': barriers 2, schedule static
; WITH-NEXT:    buffer a: arg 0, global, host_input no, host_output yes
; WITH-NEXT:    buffer b: arg 1, global, host_input no, host_output yes
; WITH-NEXT:    segment 0: begins at entry, successors 1{{$}}
; WITH-NEXT:      a write write_only{{$}}
; WITH-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; WITH-NEXT:      a read read_only{{$}}
; WITH-NEXT:      b write write_only{{$}}
; WITH-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; WITH-NEXT:      a accumulate read_write{{$}}
; WITH-NEXT:      b read read_only{{$}}

; WITHOUT-LABEL: kernel 'staged': barriers 1, schedule static
; WITHOUT-NEXT:    buffer a: arg 0, global, host_input yes, host_output yes
; WITHOUT-NEXT:    buffer b: arg 1, global, host_input no, host_output yes
; WITHOUT-NEXT:    segment 0: begins at entry, successors 1{{$}}

define spir_kernel void @staged(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %pa, align 4
  call void @my_frontend_grid_sync()
  %va = load i32, ptr addrspace(1) %pa, align 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %gid
  store i32 %va, ptr addrspace(1) %pb, align 4
  call spir_func void @gridsplit_grid_sync()
  %vb = load i32, ptr addrspace(1) %pb, align 4
  %twice = shl i32 %vb, 1
  store i32 %twice, ptr addrspace(1) %pa, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
declare void @my_frontend_grid_sync() #0

attributes #0 = { convergent nounwind }
