; A .bc file that is not bitcode (garbage, or the bitcode magic followed by
; truncated data) is an input error naming the file: exit 1, no crash, no
; output (SPEC section 7).
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: printf 'this is not bitcode\n' > %t.garbage.bc
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %t.garbage.bc 2>&1 | FileCheck %s --check-prefix=GARBAGE
; RUN: printf 'BC\300\336\065\024\000\000\005\000\000\000' > %t.truncated.bc
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %t.truncated.bc 2>&1 | FileCheck %s --check-prefix=TRUNC
; RUN: sh -c '%gridsplit --target ir -o %t.out %t.truncated.bc 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS
; RUN: ls -A %t.out | count 0

; GARBAGE: {{.*}}garbage.bc{{.*}}: error: {{.+}}
; TRUNC: {{.*}}truncated.bc{{.*}}: error: {{.+}}
; STATUS: exit 1
