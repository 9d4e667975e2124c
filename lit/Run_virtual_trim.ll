; REQUIRES: llvm15
; Virtual workgroups that do nothing are not looped over (lib/vtrim.c,
; docs/split.md), run on POCL against gs-reference (the kernel with true
; grid barriers): Inputs/vtrim.cl's trim at -O2 and -O0 (its helper not
; inlined), on 3 and 4 physical workgroups for 37 virtual ones, n = 2300 of
; a grid of 2368, with bounds below the grid, at it, past it (the limit
; saturates), zero, and a signed bound that is negative. The launch order
; alternates direction, so the reversed start counts from the trimmed
; limit (checked: counted from the whole grid, m=36 k=40 gave other bytes).
; The struct-argument kernel (Inputs/vtrim_struct.cl) gives trim's bytes;
; keep, whose guards must not trim, matches the reference too.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<2300I', *[(k * 7919 + 13) %% 65521 for k in range(2300)]))" %t/a.bin
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel trim --grid 2368 --workgroup 64 --out %t/o1 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=5 k=7 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 4 --kernel trim --grid 2368 --workgroup 64 --out %t/o2 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=5 k=7 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 4 --kernel trim --grid 2368 --workgroup 64 --out %t/o3 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=100 k=-3 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel trim --grid 2368 --workgroup 64 --out %t/o4 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=0 k=40 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel trim --grid 2368 --workgroup 64 --out %t/o5 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=36 k=40 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel trim --grid 2368 --workgroup 64 --out %t/o6 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=36 k=40 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 4 --kernel trim --grid 2368 --workgroup 64 --out %t/o7 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=37 k=36 2>&1 | FileCheck %s
; CHECK: gridsplit run: --check: every host-output buffer matches the reference
;
; The bounds in a struct argument: trim's bytes (m=5 k=7, as o1 and o2)
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<Ii', 5, 7))" %t/b.bin
; RUN: %gridsplit run -O2 --virtual-workgroups --physical-groups 3 --kernel trims --grid 2368 --workgroup 64 --out %t/s2 %S/Inputs/vtrim_struct.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 b=@%t/b.bin
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 4 --kernel trims --grid 2368 --workgroup 64 --out %t/s0 %S/Inputs/vtrim_struct.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 b=@%t/b.bin
; RUN: cmp %t/s2/out.bin %t/o1/out.bin
; RUN: cmp %t/s2/part.bin %t/o1/part.bin
; RUN: cmp %t/s2/sg.bin %t/o1/sg.bin
; RUN: cmp %t/s2/a.bin %t/o1/a.bin
; RUN: cmp %t/s0/out.bin %t/o1/out.bin
; RUN: cmp %t/s0/part.bin %t/o1/part.bin
; RUN: cmp %t/s0/sg.bin %t/o1/sg.bin
;
; Guards that must not trim: the reference's bytes
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel keep --grid 2368 --workgroup 64 --out %t/k2 %S/Inputs/vtrim.cl out=zeros:9472 m=5 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 4 --kernel keep --grid 2368 --workgroup 64 --out %t/k0 %S/Inputs/vtrim.cl out=zeros:9472 m=5 2>&1 | FileCheck %s
