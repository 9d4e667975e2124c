; REQUIRES: llvm22
; Run_live_pass_through.ll through Vulkan on lavapipe: a value carried
; through a segment untouched is not stored back, one redefined around the
; loop is (Inputs/pass_through.cl, checked by Inputs/pass_through.py's own
; arithmetic), with and without virtual workgroups, 0 and 4 rounds.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/pass_through.py make %t 77
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/r0 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=0
; RUN: %python %S/Inputs/pass_through.py check %t %t/r0 77 0 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/r4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/r4 77 4 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 --out %t/v4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/v4 77 4 | FileCheck %s

; CHECK: a: as expected
; CHECK-NEXT: b: as expected
; CHECK-NEXT: c: as expected
