; REQUIRES: llvm15
; A carried value that a segment only carries through is not stored back:
; it is in its slot already, and only the invocation that owns the slot
; writes it (lib/clone.c, build_exit). Inputs/pass_through.cl carries KEEP
; through segment 1 untouched (no load, no store there), and STEPS into
; segment 2, which redefines it around the loop before carrying it out
; (stored: with the store skipped, c differs at 4 rounds). Each run on POCL
; against Inputs/pass_through.py's own arithmetic, for odd sizes (77 of 96
; invocations), at -O2 and -O0, with and without virtual workgroups, for 0,
; 1 and 4 rounds (a dynamic schedule).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/pass_through.py make %t 77
; RUN: %gridsplit -o %t/split %S/Inputs/pass_through.cl
; RUN: FileCheck %s --check-prefix=IR < %t/split/pass_through.ll
; RUN: %gridsplit run --grid 96 --workgroup 32 --out %t/r0 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=0
; RUN: %python %S/Inputs/pass_through.py check %t %t/r0 77 0 | FileCheck %s
; RUN: %gridsplit run --grid 96 --workgroup 32 --out %t/r1 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=1
; RUN: %python %S/Inputs/pass_through.py check %t %t/r1 77 1 | FileCheck %s
; RUN: %gridsplit run --grid 96 --workgroup 32 --out %t/r4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/r4 77 4 | FileCheck %s
; RUN: %gridsplit run -O0 --grid 96 --workgroup 32 --out %t/o4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/o4 77 4 | FileCheck %s
; RUN: %gridsplit run --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 --out %t/v4 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=4
; RUN: %python %S/Inputs/pass_through.py check %t %t/v4 77 4 | FileCheck %s
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 --out %t/ov1 %S/Inputs/pass_through.cl a=@%t/a.in b=zeros:308 c=zeros:308 n=77 rounds=1
; RUN: %python %S/Inputs/pass_through.py check %t %t/ov1 77 1 | FileCheck %s

; CHECK: a: as expected
; CHECK-NEXT: b: as expected
; CHECK-NEXT: c: as expected

; IR-LABEL: define spir_kernel void @pass_through.seg0(
; IR:         store i32 %keep.0, i32 addrspace(1)*
; IR-LABEL: define spir_kernel void @pass_through.seg1(
; IR-NOT:     %keep
; IR-LABEL: define spir_kernel void @pass_through.seg2(
; IR:         %keep.0 = load i32
; IR-NOT:     store i32 %keep.0
; IR:         ret void
