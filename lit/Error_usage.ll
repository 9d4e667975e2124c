; Usage errors exit with status 2 (SPEC section 5): no input file, an
; unknown option, an option without its value. Each says what is wrong.
;
; RUN: sh -c '%gridsplit 2>&1; echo "exit $?"' | FileCheck %s --check-prefix=NOINPUT
; RUN: sh -c '%gridsplit --frobnicate %s 2>&1; echo "exit $?"' | FileCheck %s --check-prefix=UNKNOWN
; RUN: sh -c '%gridsplit --target 2>&1; echo "exit $?"' | FileCheck %s --check-prefix=MISSING

; NOINPUT: {{.+}}
; NOINPUT: exit 2
; UNKNOWN: {{.*}}frobnicate
; UNKNOWN: exit 2
; MISSING: {{.*}}target
; MISSING: exit 2
