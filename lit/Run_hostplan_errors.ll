; REQUIRES: llvm15
; The hosts' shared plan reader and argument binder (runtime/hostplan.h), as
; gridsplit run reports its bad inputs, each before anything runs, with one
; line and no output directory: a plan of another version, an argument the
; kernel does not have, one given twice, a buffer whose size is no whole
; number of its elements, a scalar that does not fit, an argument not given.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %gridsplit -o %t/split %S/Inputs/run_neighbor.cl
; RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); p['version']=2; json.dump(p, open(sys.argv[2],'w'))" %t/split/run_neighbor.plan.json %t/v2.json
; RUN: not %gridsplit run --plan %t/v2.json --grid 16 --workgroup 4 --out %t/bad %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 2> %t/err1
; RUN: FileCheck %s --check-prefix=VERSION < %t/err1
; RUN: not %gridsplit run --plan %t/split/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/bad %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 count=16 2> %t/err2
; RUN: FileCheck %s --check-prefix=UNKNOWN < %t/err2
; RUN: not %gridsplit run --plan %t/split/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/bad %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 tmp=zeros:64 2> %t/err3
; RUN: FileCheck %s --check-prefix=TWICE < %t/err3
; RUN: not %gridsplit run --plan %t/split/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/bad %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:62 out=zeros:64 n=16 2> %t/err4
; RUN: FileCheck %s --check-prefix=SIZE < %t/err4
; RUN: not %gridsplit run --plan %t/split/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/bad %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=4294967296 2> %t/err5
; RUN: FileCheck %s --check-prefix=FIT < %t/err5
; RUN: not %gridsplit run --plan %t/split/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/bad %t/split/run_neighbor.ll in=@%t/in.bin out=zeros:64 n=16 2> %t/err6
; RUN: FileCheck %s --check-prefix=MISSING < %t/err6
; RUN: cat %t/err1 %t/err2 %t/err3 %t/err4 %t/err5 %t/err6 | count 6
; RUN: not ls %t/bad

; VERSION: run_neighbor.ll: error: {{.*}}v2.json: not a gridsplit plan of version 1{{$}}
; UNKNOWN: run_neighbor.ll: error: kernel 'neighbor' has no argument 'count' (its arguments: in, tmp, out, n){{$}}
; TWICE: run_neighbor.ll: error: argument 'tmp' is given twice{{$}}
; SIZE: run_neighbor.ll: error: kernel 'neighbor': buffer 'tmp' has 62 bytes, not a whole number of 'int' elements (4 bytes each){{$}}
; FIT: run_neighbor.ll: error: kernel 'neighbor': argument 'n' = 4294967296 does not fit in 32 bits{{$}}
; MISSING: run_neighbor.ll: error: kernel 'neighbor': argument 'tmp' is not given{{$}}
