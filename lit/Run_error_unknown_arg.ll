; REQUIRES: llvm15
; An argument name the kernel does not have is an error that lists the
; kernel's arguments.
; Exit status 1, one line naming the kernel and the argument, and nothing
; runs: no output directory (docs/split.md: these are errors before
; anything runs).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin i32 0:8
; RUN: printf 'abcdef' > %t/six.bin
; RUN: not %gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 count=3 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/out
; RUN: sh -c '%gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 count=3 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS

; CHECK: run_neighbor.cl: error: kernel 'neighbor' has no argument 'count' (its arguments: in, tmp, out, n)
; STATUS: exit 1
