; A missing input file is an error naming the file (SPEC section 5), not a
; crash.
;
; RUN: rm -rf %t.missing.ll
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %t.missing.ll 2>&1 | FileCheck %s

; CHECK: {{.*}}missing.ll{{.*}}: error: {{.+}}
