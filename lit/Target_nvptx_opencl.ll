; OpenCL C kernels for NVIDIA GPUs: compiled by clang for nvptx64-nvidia-cuda
; (kernels marked spir_kernel), linked with lowering/opencl_nvptx.ll (the
; work-item functions and barrier() from PTX special registers) and inlined,
; they split into ptx_kernel segments that the NVPTX backend emits as PTX
; entries; the plan lists the arguments a runner without LLVM needs
; (runtime/cuda/gs_cuda_run.c ran this kernel on an H200).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o %t/k.bc %S/Inputs/run_steps.cl
; RUN: llvm-link %t/k.bc %S/../lowering/opencl_nvptx.ll -o %t/linked.bc
; RUN: %opt -passes=always-inline,instcombine %t/linked.bc -o %t/run_steps.bc
; RUN: %gridsplit --target nvptx --drop-original -o %t/out %t/run_steps.bc
; RUN: FileCheck %s --check-prefix=PTX < %t/out/run_steps.ptx
; RUN: %plan2lines %t/out/run_steps.plan.json | FileCheck %s --check-prefix=PLAN

; PTX-DAG: .visible .entry steps_$_seg0(
; PTX-DAG: .visible .entry steps_$_seg1(
; PTX-DAG: .visible .entry steps_$_seg2(
; PTX-NOT: gridsplit_grid_sync
; PLAN: kernels[0].args[0].kind = "buffer"
; PLAN: kernels[0].args[0].name = "a"
; PLAN: kernels[0].args[2].kind = "scalar"
; PLAN: kernels[0].args[2].type = "i32"
; PLAN: kernels[0].control.arg = 5
; PLAN: kernels[0].schedule = "dynamic"
; PLAN: kernels[0].segments[0].function = "steps.seg0"
