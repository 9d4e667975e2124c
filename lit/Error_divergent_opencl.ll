; OpenCL C compiled at -O0 keeps the id in an alloca; the if/else on it,
; with a barrier in each arm, is a divergent barrier. The error names the
; kernel and, as the source has debug info, the file and line.
;
; RUN: not %gridsplit --no-split --print-roles --target ir -O0 -o %t.out %S/Inputs/divergent.cl > %t.stdout 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: FileCheck %s --check-prefix=LOC < %t.err

; CHECK: {{.*}}divergent.cl{{.*}}: error: {{.*(divergent.*bad|bad.*divergent)}}
; LOC: divergent.cl:{{[0-9]+}}
