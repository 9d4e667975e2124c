; `--kernel NAME` naming no kernel of the module is an error naming it
; (include/gridsplit/options.h: "it is an error if there is none").
;
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out --kernel no_such_kernel %s 2>&1 | FileCheck %s

target triple = "spir64-unknown-unknown"

; CHECK: error: {{.*}}no_such_kernel

define spir_kernel void @present(ptr addrspace(1) %p) {
entry:
  call spir_func void @gridsplit_grid_sync()
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync()
