; REQUIRES: llvm15
; Functions that hold a grid barrier do not outlive the split in what a
; device builds (issue 11, class 3): a helper that is not static
; (Inputs/barrier_functions.cl: sync_step) and a kernel that another kernel
; calls (inner, called by outer). gridsplit run splits with
; keep-original=false, which removes every function that reaches a barrier,
; whatever its linkage; a module kept whole (the default, SPEC section 2) runs
; from its plan because the runner builds only the segments and what they
; call. Expected bytes by hand: outer sets o[g] = g, sync_step adds 1, inner
; doubles, then o2[g] = o[g+1 mod 8] = 2 * ((g + 1) mod 8 + 1).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in8.bin i32 0:8
; RUN: %gridsplit run --kernel outer --grid 8 --workgroup 4 --out %t/o2 %S/Inputs/barrier_functions.cl o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o2/o2.bin | FileCheck %s --check-prefix=OUTER
; RUN: %gridsplit run -O0 --kernel outer --grid 8 --workgroup 4 --out %t/o0 %S/Inputs/barrier_functions.cl o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o0/o2.bin | FileCheck %s --check-prefix=OUTER
; RUN: %gridsplit run -O0 --kernel inner --grid 8 --workgroup 4 --out %t/i0 %S/Inputs/barrier_functions.cl o=@%t/in8.bin
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/i0/o.bin | FileCheck %s --check-prefix=INNER
; With virtual workgroups (one physical group for two), -O2 and -O0:
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --kernel outer --grid 8 --workgroup 4 --out %t/v2 %S/Inputs/barrier_functions.cl o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v2/o2.bin | FileCheck %s --check-prefix=OUTER
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --kernel outer --grid 8 --workgroup 4 --out %t/v0 %S/Inputs/barrier_functions.cl o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v0/o2.bin | FileCheck %s --check-prefix=OUTER
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --kernel inner --grid 8 --workgroup 4 --out %t/vi0 %S/Inputs/barrier_functions.cl o=@%t/in8.bin
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vi0/o.bin | FileCheck %s --check-prefix=INNER
;
; The module kept whole, through SPIR-V, run from its plan.
; RUN: %gridsplit -O0 --target spirv -o %t/spv %S/Inputs/barrier_functions.cl
; RUN: llvm-spirv-15 -r %t/spv/barrier_functions.spv -o %t/spv/b.bc
; RUN: %gridsplit run --plan %t/spv/barrier_functions.plan.json --kernel outer --grid 8 --workgroup 4 --out %t/s0 %t/spv/b.bc o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/s0/o2.bin | FileCheck %s --check-prefix=OUTER
;
; With --drop-original, the module itself names no barrier and keeps none of
; the three functions.
; RUN: %gridsplit -O0 --drop-original --target ir -o %t/ir %S/Inputs/barrier_functions.cl
; RUN: FileCheck %s --check-prefix=DROP < %t/ir/barrier_functions.ll

; OUTER: {{^}}4 6 8 10 12 14 16 2{{$}}
; INNER: {{^}}0 2 4 6 8 10 12 14{{$}}
; DROP-NOT: gridsplit_grid_sync
; DROP-NOT: define {{.*}}@sync_step(
; DROP-NOT: define {{.*}}@inner(
; DROP-NOT: define {{.*}}@outer(
; DROP: define spir_kernel void @inner.seg0(
; DROP-NOT: gridsplit_grid_sync
; DROP-NOT: define {{.*}}@sync_step(
; DROP-NOT: define {{.*}}@inner(
; DROP-NOT: define {{.*}}@outer(
