; REQUIRES: llvm15
; Virtual workgroups reach the functions a segment calls (issue 11, class 1):
; grid queries in helpers that clang leaves as calls (noinline, and every
; helper at -O0) read the virtual workgroup, not the physical one. Each kernel
; of Inputs/virtual_callees.cl runs at -O2 and -O0 on one physical workgroup
; (every virtual workgroup reads physical group 0) and on three (no divisor
; of the virtual count). The expected bytes are computed by hand (grid3d: the
; formula of where() in Python, listed below).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in8.bin i32 0:8
;
; The issue's kernel: a noinline helper writes what the next segment reads.
; RUN: %gridsplit run --kernel callee --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/c2 %S/Inputs/virtual_callees.cl o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/c2/o2.bin | FileCheck %s --check-prefix=CALLEE
; RUN: %gridsplit run -O0 --kernel callee --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/c0 %S/Inputs/virtual_callees.cl o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/c0/o2.bin | FileCheck %s --check-prefix=CALLEE
;
; A 3-D grid (4x4x2, workgroups 2x2x1): every query in every dimension, two
; calls deep, from three call sites in two segments, and get_global_linear_id
; (b gains 1000000 where it differs from the linear id built from the rest).
; RUN: %gridsplit run --kernel grid3d --virtual-workgroups --physical-groups 1 --grid 4,4,2 --workgroup 2,2,1 --out %t/g2 %S/Inputs/virtual_callees.cl a=zeros:384 b=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/g2/a.bin | FileCheck %s --check-prefix=GRID-A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/g2/b.bin | FileCheck %s --check-prefix=GRID-B
; RUN: %gridsplit run -O0 --kernel grid3d --virtual-workgroups --physical-groups 3 --grid 4,4,2 --workgroup 2,2,1 --out %t/g0 %S/Inputs/virtual_callees.cl a=zeros:384 b=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/g0/a.bin | FileCheck %s --check-prefix=GRID-A
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/g0/b.bin | FileCheck %s --check-prefix=GRID-B
;
; The same helpers left calls without virtual workgroups, through SPIR-V:
; the translator marks their call sites noinline, which kept POCL from
; inlining them into the segments (undefined symbol _group_id_x); the runner
; lets POCL inline what it must.
; RUN: %gridsplit -O0 --target spirv -o %t/spv %S/Inputs/virtual_callees.cl
; RUN: llvm-spirv-15 -r %t/spv/virtual_callees.spv -o %t/spv/v.bc
; RUN: %gridsplit run --plan %t/spv/virtual_callees.plan.json --kernel grid3d --grid 4,4,2 --workgroup 2,2,1 --out %t/gs %t/spv/v.bc a=zeros:384 b=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/gs/b.bin | FileCheck %s --check-prefix=GRID-B
;
; A helper in a loop around two barriers (a dynamic schedule), n = 2:
; o[g] += 10r + g/4 per round, p[g] += o[g+1 mod 8].
; RUN: %gridsplit run --kernel rounds --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/r2 %S/Inputs/virtual_callees.cl o=zeros:32 p=zeros:32 n=2
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/r2/p.bin | FileCheck %s --check-prefix=ROUNDS
; RUN: %gridsplit run -O0 --kernel rounds --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/r0 %S/Inputs/virtual_callees.cl o=zeros:32 p=zeros:32 n=2
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/r0/p.bin | FileCheck %s --check-prefix=ROUNDS
;
; Workgroup memory and workgroup barriers in callees, one of which reads the
; group id: o[g] = sum of in over the workgroup + 1000 * group; o2[g] = the
; same of o shifted by 4, + 10000 * the sum of the workgroup's ids.
; RUN: %gridsplit run --kernel tiles --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/t2 %S/Inputs/virtual_callees.cl in=@%t/in8.bin o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t2/o2.bin | FileCheck %s --check-prefix=TILES
; RUN: %gridsplit run -O0 --kernel tiles --virtual-workgroups --physical-groups 3 --grid 8 --workgroup 4 --out %t/t0 %S/Inputs/virtual_callees.cl in=@%t/in8.bin o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/t0/o2.bin | FileCheck %s --check-prefix=TILES
;
; The segments call no helper that reads the grid: they are inlined.
; RUN: %gridsplit --virtual-workgroups --drop-original -o %t/ir %S/Inputs/virtual_callees.cl
; RUN: FileCheck %s --check-prefix=IR < %t/ir/virtual_callees.ll

; CALLEE: {{^}}100 101 102 103 104 105 106 107{{$}}
; GRID-A: {{^}}40020 40020 20020 41021 40020 20020 42120 40020 20020 43121 40020 20020 40020 41021 20020 41021 41021 20020 42120 41021 20020 43121 41021 20020 40020 42120 20020 41021 42120 20020 42120 42120 20020 43121 42120 20020 40020 43121 20020 41021 43121 20020 42120 43121 20020 43121 43121 20020 40020 40020 21120 41021 40020 21120 42120 40020 21120 43121 40020 21120 40020 41021 21120 41021 41021 21120 42120 41021 21120 43121 41021 21120 40020 42120 21120 41021 42120 21120 42120 42120 21120 43121 42120 21120 40020 43121 21120 41021 43121 21120 42120 43121 21120 43121 43121 21120{{$}}
; GRID-B: {{^}}61041 62140 63141 60040 61041 62140 63141 60040 61041 62140 63141 60040 61041 62140 63141 60040 62141 63240 64241 61140 62141 63240 64241 61140 62141 63240 64241 61140 62141 63240 64241 61140{{$}}
; ROUNDS: {{^}}10 10 10 13 13 13 13 10{{$}}
; TILES: {{^}}64088 64088 64088 64088 221024 221024 221024 221024{{$}}
; IR: define {{.*}} @callee.seg0(
; IR-NOT: call {{.*}}@{{put|where|coords|linear|bump|tile_sum}}(
; IR: call {{.*}}@tile_total(
; IR-NOT: call {{.*}}@{{put|where|coords|linear|bump|tile_sum}}(
