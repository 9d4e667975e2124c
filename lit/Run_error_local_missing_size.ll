; REQUIRES: llvm15
; Workgroup memory passed as an argument must be given as local:BYTES;
; zeros:BYTES (a global buffer) is refused.
; Exit status 1, one line naming the kernel and the argument, and nothing
; runs: no output directory (docs/split.md: these are errors before
; anything runs).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin i32 0:8
; RUN: printf 'abcdef' > %t/six.bin
; RUN: not %gridsplit run --kernel tile_arg --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_tile.cl in=@%t/s.bin out=zeros:32 tile=zeros:16 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/out
; RUN: sh -c '%gridsplit run --kernel tile_arg --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_tile.cl in=@%t/s.bin out=zeros:32 tile=zeros:16 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS

; CHECK: run_tile.cl: error: kernel 'tile_arg': argument 'tile' is workgroup memory: give its size as tile=local:BYTES
; STATUS: exit 1
