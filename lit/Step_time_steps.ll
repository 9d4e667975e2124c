; --time-steps (time-steps=true in the plugin) prints to stderr, after the
; split, the wall time of every step in step order (the kernel steps summed
; over the kernels) and their total, and changes nothing: the same module and
; plan as without it. A value other than true or false is an error that
; names it.
;
; RUN: %gridsplit --time-steps -o %t.t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %gridsplit -o %t.p %S/Inputs/steps.ll
; RUN: diff %t.t/steps.ll %t.p/steps.ll
; RUN: diff %t.t/steps.plan.json %t.p/steps.plan.json
; RUN: %gridsplit --time-steps --virtual-workgroups -O0 -o %t.t0 %S/Inputs/pingpong.cl 2> %t.err0
; RUN: FileCheck %s < %t.err0
; RUN: %gridsplit --virtual-workgroups -O0 -o %t.p0 %S/Inputs/pingpong.cl
; RUN: diff %t.t0/pingpong.ll %t.p0/pingpong.ll
; RUN: diff %t.t0/pingpong.plan.json %t.p0/pingpong.plan.json
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<time-steps=true>' -S %S/Inputs/steps.ll -o %t.pt.ll 2> %t.perr
; RUN: FileCheck %s < %t.perr
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit' -S %S/Inputs/steps.ll -o %t.pp.ll
; RUN: diff %t.pt.ll %t.pp.ll
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<time-steps=often>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s --check-prefix=BAD

; CHECK:      ; gridsplit step times (wall seconds)
; CHECK-NEXT: {{^analysis +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^prepare +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^segments +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^uniformity +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^access +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^liveness +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^remat +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^layout +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^clone +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^tidy +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^roles +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^attributes +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^link +[0-9]+\.[0-9]{6}$}}
; CHECK-NEXT: {{^total +[0-9]+\.[0-9]{6}$}}
; CHECK-NOT:  gridsplit step times

; BAD: gridsplit option 'time-steps=often': expected true or false
