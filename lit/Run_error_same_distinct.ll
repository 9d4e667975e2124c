; REQUIRES: llvm15
; same:OTHER declares that two arguments are one buffer; with
; --distinct-buffers (no two buffers overlap, SPEC section 6: runners check
; it at launch) that is refused.
; Exit status 1, one line naming the kernel and the argument, and nothing
; runs: no output directory (docs/split.md: these are errors before
; anything runs).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin i32 0:8
; RUN: printf 'abcdef' > %t/six.bin
; RUN: not %gridsplit run --distinct-buffers --grid 8 --workgroup 8 --out %t/out %S/Inputs/run_rotate.cl dst=@%t/s.bin src=same:dst n=8 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/out
; RUN: sh -c '%gridsplit run --distinct-buffers --grid 8 --workgroup 8 --out %t/out %S/Inputs/run_rotate.cl dst=@%t/s.bin src=same:dst n=8 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS

; CHECK: run_rotate.cl: error: kernel 'rotate': buffers were declared distinct, but 'src' is the same buffer as 'dst'
; STATUS: exit 1
