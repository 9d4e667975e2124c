; REQUIRES: llvm15
; Workgroup memory that every reading segment overwrites first is copied
; between segments only in workgroups narrower than it (lib/wg_cover.c):
; Inputs/wg_cover.cl's S (64 ints) is stored at get_local_id(0) and read
; after a workgroup barrier in segments 1 and 2; its T is stored by half
; the invocations, so T is always carried. Run on POCL against
; Inputs/wg_cover.py's own arithmetic (181 elements: the last workgroup
; part idle), with 64 invocations in x (S not copied) and 32 (S's upper half
; is segment 0's: copied; with the copy dropped, out differs), at -O2 and
; -O0 (the reading helper not inlined; S still proven, T still carried),
; with and without virtual workgroups.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/wg_cover.py make %t 181
; RUN: %gridsplit --dump-after=layout -o %t/split %S/Inputs/wg_cover.cl 2>&1 | FileCheck %s --check-prefix=LAYOUT
; RUN: FileCheck %s --check-prefix=IR < %t/split/wg_cover.ll
; RUN: %gridsplit run --grid 192 --workgroup 64 --out %t/w64 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/w64 181 192 64 | FileCheck %s
; RUN: %gridsplit run --grid 192 --workgroup 32 --out %t/w32 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/w32 181 192 32 | FileCheck %s
; RUN: %gridsplit run -O0 --grid 192 --workgroup 64 --out %t/o64 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/o64 181 192 64 | FileCheck %s
; RUN: %gridsplit run --virtual-workgroups --physical-groups 2 --grid 192 --workgroup 64 --out %t/v64 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/v64 181 192 64 | FileCheck %s
; RUN: %gridsplit run --virtual-workgroups --physical-groups 2 --grid 192 --workgroup 32 --out %t/v32 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/v32 181 192 32 | FileCheck %s
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --grid 192 --workgroup 32 --out %t/ov32 %S/Inputs/wg_cover.cl in=@%t/in.bin out=zeros:724 flag=zeros:768 n=181
; RUN: %python %S/Inputs/wg_cover.py check %t %t/ov32 181 192 32 | FileCheck %s

; CHECK: out: as expected
; CHECK-NEXT: flag: as expected

; LAYOUT: workgroup memory: 512 bytes per workgroup, 0 arguments
; LAYOUT-NEXT: offset 0 size 256 align 4 contents: (where the workgroup's x size is below 64) @wg_cover.s =
; LAYOUT-NEXT: offset 256 size 256 align 4 contents: @wg_cover.t =

; Segment 0 saves S only in a narrow workgroup, segment 1 restores and
; saves it so, segment 2 restores it so; T each time.
; IR-LABEL: define spir_kernel void @wg_cover.seg0(
; IR:         %gs.wg_narrow = icmp ult i64 %{{[0-9]+}}, 64
; IR-NEXT:    br i1 %gs.wg_narrow, label %gs.wg_copy, label %gs.wg_copied
; IR-LABEL: define spir_kernel void @wg_cover.seg1(
; IR:         %gs.wg_narrow = icmp ult i64 %{{[0-9]+}}, 64
; IR:         %gs.wg_narrow{{[0-9]+}} = icmp ult i64 %{{[0-9]+}}, 64
; IR-LABEL: define spir_kernel void @wg_cover.seg2(
; IR:         %gs.wg_narrow = icmp ult i64 %{{[0-9]+}}, 64
; IR-NOT:     %gs.wg_narrow{{[0-9]+}} =
; IR:         ret void
