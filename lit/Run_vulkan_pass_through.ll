; REQUIRES: llvm22
; Run_live_pass_through.ll through Vulkan on lavapipe: a value carried
; through a segment untouched is not stored back, one redefined around the
; loop is (Inputs/pass_through.cl, checked by Inputs/pass_through.py's own
; arithmetic), with and without virtual workgroups, 0 and 4 rounds. At -O0
; the helper takes a buffer pointer, which Vulkan refuses (asserted: an
; error naming the load, nothing run).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/pass_through.py make %t 77
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/r0 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=0
; RUN: %python %S/Inputs/pass_through.py check %t %t/r0 77 0 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/r4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/r4 77 4 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 --out %t/v4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/v4 77 4 | FileCheck %s
; RUN: not %gridsplit run --runtime vulkan -O0 --grid 96 --workgroup 32 --out %t/o0 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4 2> %t/o0.err
; RUN: FileCheck %s --check-prefix=O0 < %t/o0.err
; RUN: not ls %t/o0/c.bin

; O0: pass_through.cl: error: vulkan code generation failed: --target vulkan: '{{.*}}load i32, ptr addrspace(1){{.*}}' (pass_through.cl:10:10) reaches memory through a pointer that resolves to no one buffer or workgroup variable

; CHECK: a: as expected
; CHECK-NEXT: b: as expected
; CHECK-NEXT: c: as expected
