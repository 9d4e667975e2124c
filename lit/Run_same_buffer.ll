; REQUIRES: llvm15
; End to end with two arguments bound to one buffer (src=same:dst): the
; value loaded from 'src' before the barrier must be carried, not loaded
; again after it, since segment 1 overwrites the same memory through 'dst'
; (DESIGN.md). The result is 'src' rotated by one. With separate buffers the
; result is the same.
; The kernel is Inputs/run_rotate.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin i32 0:8
; RUN: %gridsplit run --grid 8 --workgroup 8 --out %t/same %S/Inputs/run_rotate.cl dst=@%t/s.bin src=same:dst n=8
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/same/dst.bin | FileCheck %s
; RUN: %gridsplit run --grid 8 --workgroup 4 --out %t/two %S/Inputs/run_rotate.cl dst=zeros:32 src=@%t/s.bin n=8
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/two/dst.bin | FileCheck %s

; CHECK: {{^}}7 0 1 2 3 4 5 6{{$}}
