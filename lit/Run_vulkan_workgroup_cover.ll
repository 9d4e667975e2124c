; REQUIRES: llvm22
; Run_workgroup_cover.ll through Vulkan on lavapipe: workgroup memory every
; reading segment overwrites first is copied only in workgroups narrower
; than it (64 invocations: not copied; 32: copied), with and without
; virtual workgroups, against Inputs/wg_cover.py's own arithmetic. At -O0
; the helper takes a workgroup pointer, which Vulkan refuses (asserted).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/wg_cover.py make %t 181
; RUN: %gridsplit run --runtime vulkan --grid 192 --workgroup 64 --out %t/w64 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/w64 181 192 64 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 192 --workgroup 32 --out %t/w32 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/w32 181 192 32 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 2 --grid 192 --workgroup 32 --out %t/v32 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/v32 181 192 32 | FileCheck %s
; RUN: not %gridsplit run --runtime vulkan -O0 --grid 192 --workgroup 32 --out %t/o0 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181 2> %t/o0.err
; RUN: FileCheck %s --check-prefix=O0 < %t/o0.err
; RUN: not ls %t/o0/out.bin

; O0: wg_cover.cl: error: vulkan code generation failed: --target vulkan: '{{.*}}load i32, ptr addrspace(3){{.*}}' (wg_cover.cl:14:10) reaches memory through a pointer that resolves to no one buffer or workgroup variable

; CHECK: out: as expected
; CHECK-NEXT: flag: as expected
