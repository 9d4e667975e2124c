; REQUIRES: llvm15
; gridsplit run --check: the original kernel runs on gs-reference (one thread
; per invocation, a real grid barrier) and every host output of the split's
; run must hold the same bits. Here they do, with and without virtual
; workgroups, at -O0 and -O2; the reference's outputs are kept in
; DIR/reference, and a read-only buffer is not compared (nor written).
; The kernel is Inputs/check_mixed.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/a.bin f32 1.5 2.25 -3 8 0.125 5 7 9
; RUN: %gridsplit run --check --grid 8 --workgroup 4 --out %t/o2 %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 | FileCheck %s --check-prefix=PASS
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/o0 %S/Inputs/check_mixed.cl a=@%t/a.bin f=zeros:32 i=zeros:32 n=3 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o2/reference/i.bin | FileCheck %s --check-prefix=INT
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/o2/reference/f.bin | FileCheck %s --check-prefix=FLOAT
; RUN: not ls %t/o2/reference/a.bin
; RUN: not ls %t/o2/a.bin

; PASS: gridsplit run: --check: every host-output buffer matches the reference
; INT: {{^}}-3 -2 -1 0 1 2 3 4{{$}}
; FLOAT: {{^}}3 -1.875 6.5 4.125 5.0625 9.5 12.5 6{{$}}
