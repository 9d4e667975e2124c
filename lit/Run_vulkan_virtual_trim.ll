; REQUIRES: llvm22
; Virtual workgroups that do nothing are not looped over (lib/vtrim.c), on
; Vulkan (lavapipe): Inputs/vtrim.cl's trim at -O2 (at -O0 --target vulkan
; refuses its helper's pointer, as before), 2 and 3 physical workgroups for
; 37 virtual ones, bounds below the grid, past it,
; zero and negative, against gs-reference; keep's guards must not trim.
; (Where it was measured: bench/gpu's reduce at 2^27 on the H200 took 130 us
; in each of its three segments where few workgroups work.)
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<2300I', *[(k * 7919 + 13) %% 65521 for k in range(2300)]))" %t/a.bin
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 3 --kernel trim --grid 2368 --workgroup 64 --out %t/o1 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=5 k=7 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 2 --kernel trim --grid 2368 --workgroup 64 --out %t/o2 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=100 k=-3 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 2 --kernel trim --grid 2368 --workgroup 64 --out %t/o3 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=0 k=40 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 3 --kernel trim --grid 2368 --workgroup 64 --out %t/o4 %S/Inputs/vtrim.cl a=@%t/a.bin part=zeros:400 out=zeros:9600 sg=zeros:10000 n=2300 m=36 k=40 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 3 --kernel keep --grid 2368 --workgroup 64 --out %t/k2 %S/Inputs/vtrim.cl out=zeros:9472 m=5 2>&1 | FileCheck %s
; CHECK: gridsplit run: --check: every host-output buffer matches the reference
; A global id's bound at a workgroup size that is not a power of two (48)
; and one that is (64):
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 3 --kernel sized --grid 1776 --workgroup 48 --out %t/z1 %S/Inputs/vtrim.cl out=zeros:7104 n=986 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 2 --kernel sized --grid 2368 --workgroup 64 --out %t/z3 %S/Inputs/vtrim.cl out=zeros:9472 n=1315 2>&1 | FileCheck %s
; A dynamic schedule whose phase for the first m workgroups comes first keeps
; every virtual workgroup: with m = 0, trimmed, no workgroup recorded a
; choice and the run ended after the first launch with other bytes.
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<I', 0))" %t/zero.bin
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 3 --kernel dyn --grid 640 --workgroup 64 --out %t/d0 %S/Inputs/vtrim.cl a=@%t/zero.bin out=zeros:2560 m=0 n=4 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 2 --kernel dyn --grid 640 --workgroup 64 --out %t/d3 %S/Inputs/vtrim.cl a=@%t/zero.bin out=zeros:2560 m=3 n=4 2>&1 | FileCheck %s
