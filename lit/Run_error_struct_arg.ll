; REQUIRES: llvm15
; A struct passed by value takes its bytes from a file of exactly its size
; (SPEC section 4, "values"): zeros:, local:, same:, a number, a file of
; another size, and a plan that does not list the struct among its values
; are each refused with one line naming the kernel and the argument, exit
; status 1, and nothing runs (no output directory). The kernel is
; Inputs/run_struct.cl (p is 24 bytes).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import sys; open(sys.argv[1],'wb').write(bytes(24)); open(sys.argv[2],'wb').write(bytes(20))" %t/p24.bin %t/p20.bin
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_struct.cl out=zeros:32 p=zeros:24 out2=zeros:64 2> %t/err1
; RUN: FileCheck %s --check-prefix=GIVE < %t/err1
; RUN: count 1 < %t/err1
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_struct.cl out=zeros:32 p=local:24 out2=zeros:64 2> %t/err2
; RUN: FileCheck %s --check-prefix=GIVE < %t/err2
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_struct.cl out=zeros:32 p=same:out out2=zeros:64 2> %t/err3
; RUN: FileCheck %s --check-prefix=GIVE < %t/err3
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_struct.cl out=zeros:32 p=7 out2=zeros:64 2> %t/err4
; RUN: FileCheck %s --check-prefix=GIVE < %t/err4
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_struct.cl out=zeros:32 p=@%t/p20.bin out2=zeros:64 2> %t/err5
; RUN: FileCheck %s --check-prefix=SIZE < %t/err5
; RUN: count 1 < %t/err5
; RUN: not ls %t/out
; A vector (Inputs/run_vector.cl) likewise; an int3 is 16 bytes, not 12:
; RUN: %python -c "import sys; open(sys.argv[1],'wb').write(bytes(16)); open(sys.argv[2],'wb').write(bytes(12))" %t/v16.bin %t/w12.bin
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_vector.cl o=zeros:32 v=@%t/v16.bin w=9 2> %t/err9
; RUN: FileCheck %s --check-prefix=VECGIVE < %t/err9
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/out %S/Inputs/run_vector.cl o=zeros:32 v=@%t/v16.bin w=@%t/w12.bin 2> %t/err10
; RUN: FileCheck %s --check-prefix=VECSIZE < %t/err10
; RUN: not ls %t/out
;
; A plan without the struct among its values (as an older gridsplit wrote
; it), or with another size for it, does not describe the module:
; RUN: %gridsplit -o %t/split %S/Inputs/run_struct.cl
; RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); del p['kernels'][0]['values']; json.dump(p, open(sys.argv[2],'w'))" %t/split/run_struct.plan.json %t/old.json
; RUN: not %gridsplit run --plan %t/old.json --grid 8 --workgroup 4 --out %t/out %t/split/run_struct.ll out=zeros:32 p=@%t/p24.bin out2=zeros:64 2> %t/err7
; RUN: FileCheck %s --check-prefix=OLDPLAN < %t/err7
; RUN: count 1 < %t/err7
; RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); p['kernels'][0]['values'][0]['bytes']=20; json.dump(p, open(sys.argv[2],'w'))" %t/split/run_struct.plan.json %t/size.json
; RUN: not %gridsplit run --plan %t/size.json --grid 8 --workgroup 4 --out %t/out %t/split/run_struct.ll out=zeros:32 p=@%t/p20.bin out2=zeros:64 2> %t/err8
; RUN: FileCheck %s --check-prefix=PLANSIZE < %t/err8
; RUN: not ls %t/out

; GIVE: run_struct.cl: error: kernel 'run_struct': argument 'p' is a struct passed by value (24 bytes): give its bytes as p=@FILE
; SIZE: run_struct.cl: error: kernel 'run_struct': argument 'p' is a struct of 24 bytes, but '{{.*}}p20.bin' holds 20 bytes
; VECGIVE: run_vector.cl: error: kernel 'vectors': argument 'w' is a vector passed by value (16 bytes): give its bytes as w=@FILE
; VECSIZE: run_vector.cl: error: kernel 'vectors': argument 'w' is a vector of 16 bytes, but '{{.*}}w12.bin' holds 12 bytes
; OLDPLAN: run_struct.ll: error: the plan and the module do not match: argument 1 of 'run_struct.seg0' is a struct or vector passed by value, which the plan does not list among its values
; PLANSIZE: run_struct.ll: error: the plan and the module do not match: the plan's value argument 1 (20 bytes) is not a struct or vector of that size passed by value to 'run_struct.seg0'
