; REQUIRES: llvm22
; Bad input to the Vulkan runner and to --workgroup (issue 13): each is a
; clear error naming what and where, exit 1 (2 for usage), before anything
; runs, and no output is written.
;
; RUN: rm -rf %t && split-file %s %t && mkdir -p %t/in
; RUN: %python %S/Inputs/vk_runtime.py make %t/in 100 96
; RUN: %gridsplit --target vulkan --workgroup 32 -o %t/split %S/Inputs/vk_runtime.cl
; RUN: %gridsplit --target spirv -o %t/ocl %S/Inputs/vk_runtime.cl
; RUN: %gridsplit --target vulkan -o %t/other %t/other.ll
;
; RUN: not %gridsplit run --runtime vulkan --grid 100 --workgroup 32 --out %t/o1 %S/Inputs/vk_runtime.cl in=@%t/in/in tmp=zeros:400 out=zeros:400 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=GRID
; RUN: not %gridsplit run --runtime vulkan --plan %t/split/vk_runtime.plan.json --grid 96 --workgroup 64 --out %t/o2 %t/split/vk_runtime.spv in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=WG
; RUN: not %gridsplit run --runtime vulkan --plan %t/ocl/vk_runtime.plan.json --grid 96 --out %t/o3 %t/split/vk_runtime.spv in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=NOTVK
; RUN: not %gridsplit run --runtime vulkan --plan %t/split/vk_runtime.plan.json --grid 96 --out %t/o4 %t/other/other.spv in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=MISMATCH
; RUN: not %gridsplit run --runtime vulkan --plan %t/split/vk_runtime.plan.json --grid 96 --out %t/o5 %t/split/vk_runtime.plan.json in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=NOSPV
; RUN: not %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/o6 %S/Inputs/vk_runtime.cl in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/o7 %S/Inputs/vk_runtime.cl in=@%t/in/in tmp=zeros:384 out=zeros:384 k=300 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=FIT
; RUN: not %gridsplit run --runtime vulkan --device 9 --grid 96 --workgroup 32 --out %t/o8 %S/Inputs/vk_runtime.cl in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=DEVICE
; RUN: not %gridsplit run --runtime vulkan --check --plan %t/split/vk_runtime.plan.json --grid 96 --out %t/o9 %t/split/vk_runtime.spv in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=CHECKREF
; RUN: not %gridsplit run --runtime vulkan --grid 96,1,70000 --workgroup 32 --out %t/o10 %S/Inputs/vk_runtime.cl in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=TOOMANY
; RUN: not %gridsplit run --runtime metal --grid 96 --workgroup 32 %S/Inputs/vk_runtime.cl 2>&1 | FileCheck %s --check-prefix=RUNTIME
; RUN: not ls %t/o1 %t/o2 %t/o3 %t/o4 %t/o5 %t/o6 %t/o7 %t/o8 %t/o9 %t/o10
;
; A plan whose binding names no buffer of the kernel (argument 5 is n)
; RUN: sed 's/"binding": 2, "buffer": "out", "arg": 2/"binding": 2, "buffer": "out", "arg": 5/' %t/split/vk_runtime.plan.json > %t/bad.plan.json
; RUN: not %gs_vk_run %t/split/vk_runtime.spv %t/bad.plan.json --grid 96 --out %t/o11 in=@%t/in/in tmp=zeros:384 out=zeros:384 k=1 bias=2 n=3 2>&1 | FileCheck %s --check-prefix=BINDING
; RUN: not %gs_vk_run %t/split/vk_runtime.spv %t/split/vk_runtime.plan.json in=@%t/in/in 2>&1 | FileCheck %s --check-prefix=USAGE
; RUN: not ls %t/o11
;
; --workgroup against the kernel's own reqd_work_group_size: nothing written
; RUN: not %gridsplit --target vulkan --workgroup 16 -o %t/o12 %t/reqd.ll 2>&1 | FileCheck %s --check-prefix=REQD
; RUN: not ls %t/o12
; RUN: %gridsplit --target vulkan --workgroup 32 -o %t/o13 %t/reqd.ll
; RUN: not %gridsplit --workgroup 0 -o %t/o14 %t/reqd.ll 2>&1 | FileCheck %s --check-prefix=ZERO

; GRID: vk_runtime.cl: error: the grid (100 in dimension 0) is not a multiple of the workgroup size (32)
; WG: vk_runtime.spv: error: kernel 'stages': its shaders were emitted for workgroups of 32,1,1, not 64,1,1 (split with --workgroup to change it)
; NOTVK: vk_runtime.spv: error: {{.*}}ocl/vk_runtime.plan.json: not a plan for --target vulkan (its target is no Vulkan triple)
; MISMATCH: other.spv: error: the plan and the module do not match: the module has no entry point 'stages.seg0'
; NOSPV: error: the module is no SPIR-V
; MISSING: vk_runtime.cl: error: kernel 'stages': argument 'n' is not given
; FIT: vk_runtime.cl: error: {{.*}}'k'{{.*}}300
; DEVICE: vk_runtime.cl: error: there is no Vulkan device 9: the loader found {{[0-9]+}}
; CHECKREF: vk_runtime.spv: error: --check runs the original kernel, which a module the split already wrote (--plan) no longer holds: give the OpenCL C source instead
; TOOMANY: vk_runtime.cl: error: the grid needs 70000 workgroups in dimension 2; Vulkan device {{.*}} dispatches at most {{[0-9]+}} (split with --virtual-workgroups)
; RUNTIME: gridsplit: error: --runtime 'metal': expected opencl or vulkan
; BINDING: gs-vk-run: {{.*}}bad.plan.json: segment 2 of 'stages': binding 0 is no buffer of the kernel
; USAGE: gs-vk-run: give MODULE.spv, PLAN and --grid
; REQD: reqd.ll: error: kernel 'fixed' requires a workgroup size of 32,1,1 (reqd_work_group_size), not 16,1,1
; ZERO: gridsplit: error: --workgroup takes X[,Y,Z] with positive sizes, not '0'

;--- other.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
define spir_kernel void @other(ptr addrspace(1) %a) {
  store i32 1, ptr addrspace(1) %a, align 4
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %a, align 4
  ret void
}

;--- reqd.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
define spir_kernel void @fixed(ptr addrspace(1) %a) !reqd_work_group_size !0 {
  store i32 1, ptr addrspace(1) %a, align 4
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %a, align 4
  ret void
}
!0 = !{i32 32, i32 1, i32 1}
