; Kernel arguments CUDA cannot pass as they are (docs/targets.md): a
; workgroup (`local`) pointer becomes an offset into the kernel's dynamic
; shared memory, gs_dynamic_shared, which the host sizes at launch; a
; __constant pointer is a global buffer read through invariant loads, so the
; backend reads it with ld.global.nc, never from the constant bank (ld.const).
; The workgroup pointer's parameter is the plain u64 offset: LLVM 22 would
; declare a pointer parameter `.ptr .shared`, which the CUDA driver refuses.
; A __constant pointer used in a way the rewrite cannot follow (a select) is
; an error naming the instruction, with no output file.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --drop-original -o %t/ok %s
; RUN: FileCheck %s < %t/ok/Target_nvptx_params.ptx
; RUN: FileCheck %s --check-prefix=PARAM < %t/ok/Target_nvptx_params.ptx
; RUN: %gridsplit --target ir --drop-original -o %t/ir %s
; RUN: %plan2lines %t/ir/Target_nvptx_params.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: sed -e 's/^; BAD-KERNEL: //' %s > %t/bad.ll
; RUN: not %gridsplit --target nvptx -o %t/bad %t/bad.ll 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not ls %t/bad/bad.ptx

; PARAM-NOT: .ptr .shared
; CHECK: .extern .shared .align 16 .b8 gs_dynamic_shared[];
; CHECK-LABEL: .entry smooth_$_seg0(
; CHECK-NOT:   ld.const
; CHECK:       ld.global.nc.{{[bf]}}32
; CHECK:       st.shared.{{[bf]}}32
; CHECK-LABEL: .entry smooth_$_seg1(
; CHECK-NOT:   ld.const
; CHECK:       ld.shared.{{[bf]}}32
; CHECK-NOT:   ld.const

; PLAN: kernels[0].args[1].kind = "buffer"
; PLAN: kernels[0].args[3].kind = "workgroup"
; PLAN: kernels[0].buffers[1].space = "constant"

; BAD: bad.ll: error: nvptx code generation failed: '{{.*}}select{{.*}}' uses a __constant pointer in a way the PTX rewrite cannot follow

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; out[i] = coef[0] * in[i] + coef[1] * (tile[i+1 in the workgroup]), the
; tile kept across the grid barrier
define ptx_kernel void @smooth(ptr addrspace(1) %in, ptr addrspace(4) %coef, ptr addrspace(1) %out, ptr addrspace(3) %tile) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i32 %i
  %x = load float, ptr addrspace(1) %pin, align 4
  %c0 = load float, ptr addrspace(4) %coef, align 4
  %sx = fmul float %c0, %x
  %pt = getelementptr inbounds float, ptr addrspace(3) %tile, i32 %tid
  store float %sx, ptr addrspace(3) %pt, align 4
  call void @gridsplit_grid_sync()
  %nt = add i32 %tid, 1
  %wrap = urem i32 %nt, %ntid
  %pn = getelementptr inbounds float, ptr addrspace(3) %tile, i32 %wrap
  %y = load float, ptr addrspace(3) %pn, align 4
  %pc1 = getelementptr inbounds float, ptr addrspace(4) %coef, i32 1
  %c1 = load float, ptr addrspace(4) %pc1, align 4
; BAD-KERNEL:   %pick = select i1 true, ptr addrspace(4) %coef, ptr addrspace(4) %pc1
; BAD-KERNEL:   %c2 = load float, ptr addrspace(4) %pick, align 4
  %r = fmul float %c1, %y
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %i
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
