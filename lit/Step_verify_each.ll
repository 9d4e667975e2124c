; --verify-each (verify-each=true in the plugin) runs LLVM's verifier after
; every step and changes nothing: the same module and plan as without it.
;
; RUN: %gridsplit --verify-each -o %t.v %S/Inputs/steps.ll
; RUN: %gridsplit -o %t.p %S/Inputs/steps.ll
; RUN: diff %t.v/steps.ll %t.p/steps.ll
; RUN: diff %t.v/steps.plan.json %t.p/steps.plan.json
; RUN: %gridsplit --verify-each --virtual-workgroups -O0 -o %t.v0 %S/Inputs/pingpong.cl
; RUN: %gridsplit --virtual-workgroups -O0 -o %t.p0 %S/Inputs/pingpong.cl
; RUN: diff %t.v0/pingpong.ll %t.p0/pingpong.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<verify-each=true>' -S %S/Inputs/steps.ll -o %t.pv.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit' -S %S/Inputs/steps.ll -o %t.pp.ll
; RUN: diff %t.pv.ll %t.pp.ll
