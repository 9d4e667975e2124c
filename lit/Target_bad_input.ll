; Bad input for the targets (SPEC section 6): an unknown processor, a module
; compiled for another target, OpenCL C for amdgcn or nvptx, and a feature the
; processor lacks each give one clear error, exit 1, and no output files
; (opaque pointers for SPIR-V on LLVM 15: Target_spirv_opaque_llvm15.ll); an unknown target and --mcpu for a target without processors
; are usage errors (exit 2).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: sed -e 's/spir64-unknown-unknown/amdgcn-amd-amdhsa/' -e 's/spir_kernel/amdgpu_kernel/' %s > %t/amd.ll
; RUN: not %gridsplit --target amdgcn --mcpu gfx9999 -o %t/o1 %t/amd.ll 2> %t/e1
; RUN: FileCheck %s --check-prefix=CPU < %t/e1
; RUN: not ls %t/o1
; RUN: not %gridsplit --target nvptx -o %t/o2 %s 2> %t/e2
; RUN: FileCheck %s --check-prefix=TRIPLE < %t/e2
; RUN: not ls %t/o2
; RUN: not %gridsplit --target nvptx -o %t/o3 %S/Inputs/run_neighbor.cl 2> %t/e3
; RUN: FileCheck %s --check-prefix=OPENCL < %t/e3
; RUN: sh -c '%gridsplit --target riscv -o %t/o4 %s 2> %t/e4; echo "exit $?"' | FileCheck %s --check-prefix=USAGE
; RUN: FileCheck %s --check-prefix=UNKNOWN < %t/e4
; RUN: sh -c '%gridsplit --target spirv --mcpu gfx90a -o %t/o5 %s 2> %t/e5; echo "exit $?"' | FileCheck %s --check-prefix=USAGE
; RUN: FileCheck %s --check-prefix=MCPU < %t/e5
; RUN: count 1 < %t/e1
; A feature the processor lacks (MFMA on gfx1030): the backend gives up, the
; tool says why, and nothing is written.
; RUN: not %gridsplit --target amdgcn --mcpu gfx1030 -o %t/o6 %S/Inputs/amdgcn_mfma.ll 2> %t/e6
; RUN: FileCheck %s --check-prefix=FEATURE < %t/e6
; RUN: count 1 < %t/e6
; RUN: not ls %t/o6
; An OpenCL __constant pointer argument reaches a CUDA kernel as a global
; buffer read through the non-coherent path, never the constant bank (the
; rewrite's own bad input: Target_nvptx_params.ll).
; RUN: sed -e 's/spir64-unknown-unknown/nvptx64-nvidia-cuda/' -e 's/spir_kernel/ptx_kernel/' -e 's/ptr addrspace(1) %%a/ptr addrspace(4) %%a/' %s > %t/nvc.ll
; RUN: %gridsplit --target nvptx -o %t/o7 %t/nvc.ll
; RUN: FileCheck %s --check-prefix=CONSTANT < %t/o7/nvc.ptx
; RUN: not ls %t/o4 %t/o5

; CPU: amd.ll: error: amdgcn code generation failed: 'gfx9999' is not a processor the amdgcn target of LLVM {{[0-9]+}} knows
; TRIPLE: error: the module is for 'spir64-unknown-unknown', not for the nvptx target
; OPENCL: error: OpenCL C inputs are compiled for SPIR; for --target nvptx give LLVM IR
; UNKNOWN: unknown target 'riscv' (targets: ir, spirv, amdgcn, nvptx, vulkan)
; MCPU: --mcpu means nothing for --target spirv
; USAGE: exit 2
; FEATURE: amdgcn_mfma.ll: error: {{.*}}amdgcn{{.*}}mfma
; CONSTANT-LABEL: .entry twice_$_seg0(
; CONSTANT-NOT: ld.const
; CONSTANT: ld.global.nc.{{[bu]}}32

target triple = "spir64-unknown-unknown"

define spir_kernel void @twice(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %x = load i32, ptr addrspace(1) %a, align 4
  call void @gridsplit_grid_sync()
  store i32 %x, ptr addrspace(1) %b, align 4
  ret void
}

declare void @gridsplit_grid_sync()
