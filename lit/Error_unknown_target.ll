; An unknown --target is a usage error: exit 2, a message naming the value,
; and no output files.
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: not %gridsplit --target bogus -o %t.out %s 2>&1 | FileCheck %s
; RUN: sh -c '%gridsplit --target bogus -o %t.out %s 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS
; RUN: ls -A %t.out | count 0

target triple = "spir64-unknown-unknown"

; CHECK: error: {{.*}}bogus
; STATUS: exit 2

define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  call spir_func void @gridsplit_grid_sync()
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync()
