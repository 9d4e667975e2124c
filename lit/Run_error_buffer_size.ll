; REQUIRES: llvm15
; A buffer whose byte size is not a whole number of its element type (6
; bytes for an int buffer) is an error.
; Exit status 1, one line naming the kernel and the argument, and nothing
; runs: no output directory (docs/split.md: these are errors before
; anything runs).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin i32 0:8
; RUN: printf 'abcdef' > %t/six.bin
; RUN: not %gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/six.bin tmp=zeros:64 out=zeros:64 n=16 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/out
; RUN: sh -c '%gridsplit run --grid 16 --workgroup 4 --out %t/out %S/Inputs/run_neighbor.cl in=@%t/six.bin tmp=zeros:64 out=zeros:64 n=16 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS

; CHECK: run_neighbor.cl: error: kernel 'neighbor': buffer 'in' has 6 bytes, not a whole number of 'int' elements{{.*}}
; STATUS: exit 1
