; REQUIRES: llvm15
; Virtual workgroups that do nothing are not looped over (lib/vtrim.c,
; docs/split.md), run on POCL against gs-reference (the kernel with true
; grid barriers): Inputs/vtrim.cl's trim at -O2 and -O0 (its helper not
; inlined; its guards on the virtual workgroup and on the global id, alone
; and joined by && and ||, unsigned and signed), on 3 and 4 physical workgroups for 37 virtual ones, n = 2300 of
; a grid of 2368, with bounds below the grid, at it, past it (the limit
; saturates), zero, and a signed bound that is negative. The launch order
; alternates direction, so the reversed start counts from the trimmed
; limit (checked: counted from the whole grid, m=36 k=40 gave other bytes).
; The struct-argument kernel (Inputs/vtrim_struct.cl: its fields are loads,
; so only the loops bounded otherwise, i < n and g == 0, are cut) gives
; trim's bytes;
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
;
; A global id's bound at workgroup sizes that are powers of two and not (48,
; 3: the limit divides by the greatest power of two below the size, more
; workgroups than needed; counted with the next one up, 48 gave other bytes)
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel sized --grid 1776 --workgroup 48 --out %t/z1 %S/Inputs/vtrim.cl out=zeros:7104 n=986 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 4 --kernel sized --grid 1776 --workgroup 48 --out %t/z2 %S/Inputs/vtrim.cl out=zeros:7104 n=986 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel sized --grid 2368 --workgroup 64 --out %t/z3 %S/Inputs/vtrim.cl out=zeros:9472 n=1315 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 5 --kernel sized --grid 111 --workgroup 3 --out %t/z4 %S/Inputs/vtrim.cl out=zeros:444 n=61 2>&1 | FileCheck %s
;
; A dynamic schedule keeps every virtual workgroup (lit/Run_vulkan_virtual_trim.ll)
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<I', 0))" %t/zero.bin
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel dyn --grid 640 --workgroup 64 --out %t/d0 %S/Inputs/vtrim.cl a=@%t/zero.bin out=zeros:2560 m=0 n=4 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 2 --kernel dyn --grid 640 --workgroup 64 --out %t/d3 %S/Inputs/vtrim.cl a=@%t/zero.bin out=zeros:2560 m=3 n=4 2>&1 | FileCheck %s
;
; A global id narrowed to a char (a reviewer's kernel): at 256 invocations
; it wraps past 127 and `c < -100` holds again from 128 on, so no workgroup
; is skipped (the negative bound had made the limit 0: 28 of 256 elements
; differed); at 128 it cannot wrap, and the limits apply.
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel narrow --grid 256 --workgroup 64 --out %t/n1 %S/Inputs/vtrim.cl out=zeros:1024 k=-100 le=-90 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 4 --kernel narrow --grid 256 --workgroup 64 --out %t/n2 %S/Inputs/vtrim.cl out=zeros:1024 k=5 le=-1 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 1 --kernel narrow --grid 128 --workgroup 32 --out %t/n3 %S/Inputs/vtrim.cl out=zeros:512 k=5 le=70 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel narrow --grid 128 --workgroup 32 --out %t/n4 %S/Inputs/vtrim.cl out=zeros:512 k=-100 le=-90 2>&1 | FileCheck %s
