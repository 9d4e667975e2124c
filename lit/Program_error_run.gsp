// REQUIRES: llvm15
// Errors of gridsplit run with a program, each an input error (exit 1)
// naming what is wrong: a malformed program (the parser's message as it
// is), a workgroup size other than the program's, a grid without the
// dimension the workgroup size needs, a buffer whose bytes are not its
// count, a scalar that is not a number of the element type, a buffer
// given as a number, and a buffer not given.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/gs_data.py write %t/src.bin f32 0:16
// RUN: not %gridsplit run --grid 8 %S/Program_error_parse.gsp a=@%t/src.bin 2>&1 | FileCheck %s --check-prefix=PARSE -DFILE=%S/Program_error_parse.gsp
// RUN: not %gridsplit run --grid 4,4 --workgroup 2,2 --out %t/o %s src=@%t/src.bin factor=2 dst=zeros:64 2>&1 | FileCheck %s --check-prefix=WG -DFILE=%s
// RUN: not %gridsplit run --grid 4,4 --workgroup 4 --out %t/o %s src=@%t/src.bin factor=2 dst=zeros:64 2>&1 | FileCheck %s --check-prefix=WG1 -DFILE=%s
// RUN: not %gridsplit run --grid 16 --out %t/o %s src=@%t/src.bin factor=2 dst=zeros:64 2>&1 | FileCheck %s --check-prefix=GRID -DFILE=%s
// RUN: not %gridsplit run --grid 4,4 --out %t/o %s src=@%t/src.bin factor=2 dst=zeros:60 2>&1 | FileCheck %s --check-prefix=BYTES -DFILE=%s
// RUN: not %gridsplit run --grid 4,4 --out %t/o %s src=@%t/src.bin factor=two dst=zeros:64 2>&1 | FileCheck %s --check-prefix=SCALAR -DFILE=%s
// RUN: not %gridsplit run --grid 4,4 --out %t/o %s src=@%t/src.bin factor=2 dst=7 2>&1 | FileCheck %s --check-prefix=NUMBER -DFILE=%s
// RUN: not %gridsplit run --grid 4,4 --out %t/o %s src=@%t/src.bin factor=2 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%s
// RUN: not ls %t/o

// PARSE:   {{^}}[[FILE]]:16:1: error: expected ';', found 'kernel'{{$}}
// WG:      {{^}}[[FILE]]: error: program 'scale' has workgroup size 4,2,1; --workgroup gives 2 in dimension 0{{$}}
// WG1:     {{^}}[[FILE]]: error: program 'scale' has workgroup size 4,2,1; --workgroup gives 1 in dimension 1{{$}}
// GRID:    {{^}}[[FILE]]: error: program 'scale' has workgroup size 4,2,1: --grid needs dimension 1{{$}}
// BYTES:   {{^}}[[FILE]]: error: kernel 'scale': buffer 'dst' is f32[16] (64 bytes), but 60 bytes were given{{$}}
// SCALAR:  {{^}}[[FILE]]: error: kernel 'scale': argument 'factor' is a floating-point number, not 'two'{{$}}
// NUMBER:  {{^}}[[FILE]]: error: kernel 'scale': argument 'dst' is a buffer: give it as dst=@FILE, dst=zeros:BYTES or dst=same:OTHER{{$}}
// MISSING: {{^}}[[FILE]]: error: kernel 'scale': argument 'dst' is not given{{$}}

program scale;
workgroup_size 4, 2;

buffer src:    read f32[?] @0;
buffer factor: uniform f32[1] @1;
buffer dst:    write f32[16] @2 output;

kernel {
  let i = global_id(1) * global_size(0) + global_id(0);
  dst[i] = src[i] * factor[0];
}
