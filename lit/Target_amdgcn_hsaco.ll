; An HSA code object (SPEC section 6): the segments are compiled by LLVM's
; AMDGPU backend for --mcpu and linked with ld.lld -shared; the kernel
; descriptors hold every segment, and the argument metadata follows the roles:
; with --distinct-buffers a buffer a segment only reads (or does not touch)
; is readonly noalias, which the backend reports as .access (LLVM 15) or
; .actual_access (LLVM 22) read_only; without that knowledge it does not.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target amdgcn --mcpu gfx90a --drop-original --distinct-buffers -o %t/o %s
; RUN: llvm-readobj --notes %t/o/Target_amdgcn_hsaco.hsaco | FileCheck %s
; RUN: %gridsplit --target amdgcn --mcpu gfx1030 --drop-original -o %t/rdna %s
; RUN: llvm-readobj --notes %t/rdna/Target_amdgcn_hsaco.hsaco | FileCheck %s --check-prefix=RDNA

; CHECK: amdhsa.kernels:
; CHECK: .{{(actual_)?}}access: read_only
; CHECK-NEXT: .address_space: global
; CHECK-NEXT: .name: in
; CHECK: .name: scale.seg0
; CHECK: .symbol: scale.seg0.kd
; CHECK: .{{(actual_)?}}access: read_only
; CHECK-NEXT: .address_space: global
; CHECK-NEXT: .name: in
; CHECK: .name: scale.seg1
; CHECK: .symbol: scale.seg1.kd
; CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx90a
; RDNA-NOT: access: read_only
; RDNA: amdhsa.target: amdgcn-amd-amdhsa--gfx1030

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @scale(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %x, ptr addrspace(1) %q, align 4
  call void @__ockl_grid_sync()
  %w = load float, ptr addrspace(1) %q, align 4
  %y = fmul float %w, 2.0
  store float %y, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @__ockl_grid_sync()
