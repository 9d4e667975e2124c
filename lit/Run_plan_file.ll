; REQUIRES: llvm15
; gridsplit run --plan (docs/split.md): a module the split already wrote runs
; with its plan file, without splitting again, and gives the same bytes as a
; run that splits; a plan that does not describe the module (another kernel,
; a wrong live-state index, a malformed file, a plan of virtual workgroups
; without the argument for their order) is refused before anything runs,
; with one clear message and no output directory.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 0:16
; RUN: %gridsplit -o %t/split %S/Inputs/run_neighbor.cl
; RUN: %gridsplit run --plan %t/split/run_neighbor.plan.json --grid 16 --workgroup 4 --out %t/out %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/out.bin | FileCheck %s --check-prefix=OUT
;
; A plan of another kernel:
; RUN: %gridsplit -o %t/other %S/Inputs/run_steps.cl
; RUN: not %gridsplit run --plan %t/other/run_steps.plan.json --grid 16 --workgroup 4 --out %t/bad1 %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 2> %t/err1
; RUN: FileCheck %s --check-prefix=OTHER < %t/err1
; RUN: count 1 < %t/err1
; RUN: not ls %t/bad1
;
; A live-state argument index that the segments cannot have:
; RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); p['kernels'][0]['live_state']={'arg': 1, 'bytes_per_invocation': 4}; json.dump(p, open(sys.argv[2],'w'))" %t/split/run_neighbor.plan.json %t/wrong.json
; RUN: not %gridsplit run --plan %t/wrong.json --grid 16 --workgroup 4 --out %t/bad2 %t/split/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 2> %t/err2
; RUN: FileCheck %s --check-prefix=INDEX < %t/err2
; RUN: not ls %t/bad2
;
; A truncated plan:
; RUN: head -c 100 %t/split/run_neighbor.plan.json > %t/cut.json
; RUN: not %gridsplit run --plan %t/cut.json --grid 16 --workgroup 4 --out %t/bad3 %t/split/run_neighbor.ll in=@%t/in.bin 2> %t/err3
; RUN: FileCheck %s --check-prefix=CUT < %t/err3
; RUN: not ls %t/bad3

; Virtual workgroups from a plan file, and a plan whose virtual_groups lacks
; order_arg (as an older gridsplit wrote it):
; RUN: %gridsplit --virtual-workgroups -o %t/virt %S/Inputs/run_neighbor.cl
; RUN: %gridsplit run --plan %t/virt/run_neighbor.plan.json --physical-groups 3 --grid 16 --workgroup 4 --out %t/vout %t/virt/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vout/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); del p['kernels'][0]['virtual_groups']['order_arg']; json.dump(p, open(sys.argv[2],'w'))" %t/virt/run_neighbor.plan.json %t/noorder.json
; RUN: not %gridsplit run --plan %t/noorder.json --grid 16 --workgroup 4 --out %t/bad4 %t/virt/run_neighbor.ll in=@%t/in.bin tmp=zeros:64 out=zeros:64 n=16 2> %t/err4
; RUN: FileCheck %s --check-prefix=ORDER < %t/err4
; RUN: count 1 < %t/err4
; RUN: not ls %t/bad4

; OUT: {{^}}2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 30{{$}}
; ORDER: run_neighbor.ll: error: {{.*}}noorder.json: kernel 'neighbor': virtual_groups has no order_arg after its three counts
; OTHER: run_neighbor.ll: error: the plan and the module do not match: the module has no kernel 'steps.seg0'
; INDEX: run_neighbor.ll: error: the plan and the module do not match: 'neighbor.seg0' takes {{[0-9]+}} arguments, which cannot end with the plan's live state (argument 1)
; CUT: error: {{.*}}cut.json: not a valid plan: line {{[0-9]+}}, column {{[0-9]+}}: {{.*}}
