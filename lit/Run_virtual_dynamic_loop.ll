; REQUIRES: llvm15
; End to end, a dynamic schedule with virtual workgroups: five sweeps of a
; three-point sum whose count is an argument (Inputs/sweep_loop.ll). The loop
; segment reads the launch's number and the carried sweep counter once, before
; its loop over virtual workgroups (Virtual_launch_invariant.ll), so every
; virtual workgroup of a launch must still see the counter the launch before
; wrote, whichever physical workgroup runs it and in either order. The loop
; segment accumulates into both buffers, so each of its launches runs in the
; reverse order of the one before (runtime/order.h). The bytes are the
; sweeps computed by hand; the launch without virtual workgroups gives the same.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/a.bin i32 100:164
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --verbose --grid 64 --workgroup 8 --out %t/v %S/Inputs/sweep_loop.ll a=@%t/a.bin b=zeros:256 n=60 count=5 2>&1 | FileCheck %s --check-prefix=LOG
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v/b.bin | FileCheck %s --check-prefix=B
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --grid 64 --workgroup 8 --out %t/one %S/Inputs/sweep_loop.ll a=@%t/a.bin b=zeros:256 n=60 count=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/one/b.bin | FileCheck %s --check-prefix=B
; RUN: %gridsplit run --grid 64 --workgroup 8 --out %t/plain %S/Inputs/sweep_loop.ll a=@%t/a.bin b=zeros:256 n=60 count=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/plain/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/plain/b.bin | FileCheck %s --check-prefix=B
; Each launch followed by one of the other segment, which must do nothing:
; RUN: %gridsplit run --check-guards --virtual-workgroups --physical-groups 3 --grid 64 --workgroup 8 --out %t/guards %S/Inputs/sweep_loop.ll a=@%t/a.bin b=zeros:256 n=60 count=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/guards/a.bin | FileCheck %s --check-prefix=A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/guards/b.bin | FileCheck %s --check-prefix=B
; RUN: %gridsplit run --check-guards --grid 64 --workgroup 8 --out %t/pguards %S/Inputs/sweep_loop.ll a=@%t/a.bin b=zeros:256 n=60 count=5
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/pguards/b.bin | FileCheck %s --check-prefix=B
; A sweep count of zero runs segment 0 alone, which returns: a is kept, b untouched.
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --grid 64 --workgroup 8 --out %t/zero %S/Inputs/sweep_loop.ll a=@%t/a.bin b=zeros:256 n=60 count=0
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/zero/b.bin | FileCheck %s --check-prefix=ZERO

; LOG:      gridsplit run: 8 virtual workgroups on 3 physical
; LOG-NEXT: gridsplit run: sweeps segment 0
; LOG-NEXT: gridsplit run: sweeps segment 1
; LOG-NEXT: gridsplit run: sweeps segment 1 runs its virtual workgroups last to first
; LOG-NEXT: gridsplit run: sweeps segment 1
; LOG-NEXT: gridsplit run: sweeps segment 1
; LOG-NEXT: gridsplit run: sweeps segment 1 runs its virtual workgroups last to first
; LOG-NEXT: gridsplit run: sweeps segment 1
; LOG-NEXT: gridsplit run: sweeps segment 1
; LOG-NEXT: gridsplit run: sweeps segment 1 runs its virtual workgroups last to first
; LOG-NOT:  segment

; A:      {{^}}3546 6201 7668 8244 8424 8505 8586 8667 8748 8829 8910 8991 9072 9153 9234 9315 9396 9477 9558 9639 9720 9801 9882 9963 10044 10125 10206 10287 10368 10449 10530 10611 10692 10773 10854 10935 11016 11097 11178 11259 11340 11421 11502 11583 11664 11745 11826 11907 11988 12069 12150 12231 12312 12393 12474 12555 12476 11757 9598 5519 160 161 162 163{{$}}
; A-NEXT: count 64
; B:      {{^}}9747 17415 22113 24336 25173 25515 25758 26001 26244 26487 26730 26973 27216 27459 27702 27945 28188 28431 28674 28917 29160 29403 29646 29889 30132 30375 30618 30861 31104 31347 31590 31833 32076 32319 32562 32805 33048 33291 33534 33777 34020 34263 34506 34749 34992 35235 35478 35721 35964 36207 36450 36693 36936 37179 37422 37505 36788 33831 26874 15117 0 0 0 0{{$}}
; B-NEXT: count 64
; ZERO:   {{^}}0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0{{$}}
