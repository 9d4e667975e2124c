; Values that cross a grid barrier and come from calls or memory are carried
; once (one copy for the grid) only where they are proven grid-uniform
; (issue 11, class 2). At -O0 and -O2:
; - out_param: a noinline helper stores an atomic ticket through a private
;   pointer; the early return on it gets the status word.
; - unknown_declaration: the result of a declared function known for
;   nothing (not readnone) is carried per invocation.
; - generic_local: workgroup memory read through a generic pointer differs
;   between workgroups.
; - uniform_helpers: noinline helpers doing arithmetic on arguments, or
;   reading a buffer at a uniform index, stay uniform: carried once.
; The kernels are Inputs/uniformity_calls.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O0 --kernel out_param -o %t/a --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=STATUS
; RUN: %gridsplit -O2 --kernel out_param -o %t/b --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=STATUS
; RUN: %gridsplit -O0 --kernel unknown_declaration -o %t/c --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=VARYING
; RUN: %gridsplit -O2 --kernel unknown_declaration -o %t/d --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=VARYING
; RUN: %gridsplit -O0 --kernel generic_local -o %t/e --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=VARYING
; RUN: %gridsplit -O2 --kernel generic_local -o %t/f --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=VARYING
; RUN: %gridsplit -O0 --kernel uniform_helpers -o %t/g --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=ONCE
; RUN: %gridsplit -O2 --kernel uniform_helpers -o %t/h --plan - %S/Inputs/uniformity_calls.cl | %plan2lines | FileCheck %s --check-prefix=ONCE

; STATUS: kernels[0].live_state.status_offset = {{[0-9]+}}
; STATUS: kernels[0].segments[1].live_in[0].bytes = 4
; STATUS-NOT: once

; VARYING: kernels[0].segments[1].live_in[0].bytes = 4
; VARYING-NOT: once

; ONCE: kernels[0].segments[1].live_in[0].once = true
; ONCE: kernels[0].segments[1].live_in[1].once = true
