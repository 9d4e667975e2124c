; Malformed textual IR is an input error (exit 1) that names the file and
; the line of the parse error, and leaves no output (SPEC sections 5, 7).
; The kernel below misspells `store`.
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s --check-prefix=LINE
; RUN: sh -c '%gridsplit --target ir -o %t.out %s 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS
; RUN: ls -A %t.out | count 0

; CHECK: {{.*}}Error_malformed_ll.ll{{(:[0-9]+:[0-9]+)?}}: error: {{.*}}expected instruction opcode
; LINE: {{.*}}Error_malformed_ll.ll:[[# @LINE + 9]]:3
; STATUS: exit 1

target triple = "spir64-unknown-unknown"

define spir_kernel void @typo(ptr addrspace(1) %p) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %gid
  stor i32 1, ptr addrspace(1) %q, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
