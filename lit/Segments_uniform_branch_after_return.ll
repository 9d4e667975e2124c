; REQUIRES: llvm15
; A bounds guard `if (i >= n) return;` before a loop whose body chooses
; between barriers on the loop counter (`it & 1`): the choice is grid-uniform
; among the invocations that did not return, so the kernel is accepted (SPEC
; section 1) with a dynamic schedule. Only phis where paths from the two sides
; of the guard meet depend on it; the loop counter does not (regression: every
; phi after the guard was taken as invocation-dependent). With the grid equal
; to n the guard returns nobody, so the results must equal those of the same
; kernel without the guard, at -O0 and -O2.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O0 --no-split --print-roles %S/Inputs/pingpong_guarded.cl | FileCheck %s
; RUN: %gridsplit -O2 --no-split --print-roles %S/Inputs/pingpong_guarded.cl | FileCheck %s
; RUN: %python %S/Inputs/gs_data.py write %t/a.bin f32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/b.bin f32 100:116
; RUN: %gridsplit run -O0 --grid 16 --workgroup 4 --out %t/guarded0 %S/Inputs/pingpong_guarded.cl a=@%t/a.bin b=@%t/b.bin n=16 iters=5
; RUN: %gridsplit run -O2 --grid 16 --workgroup 4 --out %t/guarded2 %S/Inputs/pingpong_guarded.cl a=@%t/a.bin b=@%t/b.bin n=16 iters=5
; RUN: %gridsplit run -O2 --grid 16 --workgroup 4 --out %t/plain %S/Inputs/pingpong.cl a=@%t/a.bin b=@%t/b.bin n=16 iters=5
; RUN: cmp %t/guarded0/a.bin %t/plain/a.bin
; RUN: cmp %t/guarded0/b.bin %t/plain/b.bin
; RUN: cmp %t/guarded2/a.bin %t/plain/a.bin
; RUN: cmp %t/guarded2/b.bin %t/plain/b.bin

; CHECK: kernel 'pingpong': barriers {{[23]}}, schedule dynamic
