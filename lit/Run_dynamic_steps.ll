; REQUIRES: llvm15
; End to end, dynamic schedule (SPEC section 2): two grid barriers inside a
; loop whose trip count is a kernel argument. The host follows the control
; word: segment 0, then (1, 2) once per iteration; with count=0 only
; segment 0 runs and 'a' is unchanged. Expected values computed by hand:
;   a = 1 0 0 0 0 0 0 0; b[i] = a[i] + a[(i+1)%8] + s; a = b; s = 0, 1, 2.
; The kernel is Inputs/run_steps.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/a.bin i32 1 0*7
; RUN: %gridsplit run --verbose --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3 2> %t/log
; RUN: FileCheck %s --check-prefix=LOG < %t/log
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/b.bin | FileCheck %s --check-prefix=A
; Every launch followed by launches of the other two segments, which the
; control word (naming the segment that runs now) keeps from doing anything:
; RUN: %gridsplit run --check-guards --grid 8 --workgroup 4 --out %t/guards %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/guards/a.bin | FileCheck %s --check-prefix=A
; RUN: %gridsplit run --check-guards --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/vguards %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=3
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vguards/a.bin | FileCheck %s --check-prefix=A
; RUN: %gridsplit run --verbose --grid 8 --workgroup 4 --out %t/zero %S/Inputs/run_steps.cl a=@%t/a.bin b=zeros:32 n=8 count=0 2> %t/log0
; RUN: FileCheck %s --check-prefix=LOG0 < %t/log0
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/zero/a.bin | FileCheck %s --check-prefix=A0

; LOG:      steps segment 0
; LOG-NEXT: steps segment 1
; LOG-NEXT: steps segment 2
; LOG-NEXT: steps segment 1
; LOG-NEXT: steps segment 2
; LOG-NEXT: steps segment 1
; LOG-NEXT: steps segment 2
; LOG-NOT:  segment

; LOG0:     steps segment 0
; LOG0-NOT: segment

; A: {{^}}5 4 4 4 4 5 7 7{{$}}
; A0: {{^}}1 0 0 0 0 0 0 0{{$}}
