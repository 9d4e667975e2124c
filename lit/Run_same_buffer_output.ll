; REQUIRES: llvm15
; After the run every host-output buffer is written to DIR/NAME.bin (SPEC
; section 5). Here the host output 'dst' shares its buffer with the
; read-only 'src' (dst=same:src): the result must still come back, as
; dst.bin (the name of the host output), not be dropped because the buffer
; it shares is not itself a host output.
; The kernel is Inputs/run_rotate.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin i32 0:8
; RUN: %gridsplit run --grid 8 --workgroup 8 --out %t/out %S/Inputs/run_rotate.cl src=@%t/s.bin dst=same:src n=8
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/dst.bin | FileCheck %s

; CHECK: {{^}}7 0 1 2 3 4 5 6{{$}}
