; Sync dependence (SPEC section 1): a value chosen on the two sides of an
; invocation-dependent branch (divergent_join.cl: x = 1 or 2 by gid), or left
; by a loop whose trip count depends on the invocation (divergent_loop_sum.cl),
; makes a later branch between barriers divergent, at -O0 (through allocas)
; and -O2 (through phis). After a bounds guard, a loop whose trip count is
; uniform leaves a uniform value, and the same branch is accepted.
;
; RUN: not %gridsplit -O0 --no-split %S/Inputs/divergent_join.cl --plan %t.0 2>&1 | FileCheck %s --check-prefix=JOIN
; RUN: not %gridsplit -O2 --no-split %S/Inputs/divergent_join.cl --plan %t.1 2>&1 | FileCheck %s --check-prefix=JOIN
; RUN: not %gridsplit -O0 --no-split %S/Inputs/divergent_loop_sum.cl --plan %t.2 2>&1 | FileCheck %s --check-prefix=LOOP
; RUN: not %gridsplit -O2 --no-split %S/Inputs/divergent_loop_sum.cl --plan %t.3 2>&1 | FileCheck %s --check-prefix=LOOP
; RUN: %gridsplit -O0 --no-split --print-roles %S/Inputs/uniform_after_guard.cl --plan %t.4 | FileCheck %s --check-prefix=OK
; RUN: %gridsplit -O2 --no-split --print-roles %S/Inputs/uniform_after_guard.cl --plan %t.5 | FileCheck %s --check-prefix=OK

; JOIN: divergent_join.cl: error: kernel 'd1': divergent grid barrier: the branch {{.*}} depends on the invocation id
; LOOP: divergent_loop_sum.cl: error: kernel 'd2': divergent grid barrier: the branch {{.*}} depends on the invocation id
; OK: kernel 'u3': barriers 2, schedule dynamic
