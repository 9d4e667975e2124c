; Virtual workgroups need every grid query of a segment remapped; AMDGPU
; kernels read the grid's size from the dispatch packet, which a segment
; cannot remap, so asking for them is an error that names the kernel and the
; query, leaves no output file, and says how to go on. AMDGPU's default is
; off, so the same kernel splits without the option.
;
; RUN: rm -rf %t && not %gridsplit --virtual-workgroups --target amdgcn -o %t %s 2>&1 | FileCheck %s
; RUN: not ls %t/Error_virtual_amdgcn.hsaco
; RUN: not ls %t/Error_virtual_amdgcn.plan.json
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<virtual-workgroups=true>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %gridsplit --target ir -o %t.ok %s
; RUN: %plan2lines %t.ok/Error_virtual_amdgcn.plan.json | FileCheck %s --check-prefix=OK

; CHECK: kernel 'fill': virtual workgroups: 'llvm.amdgcn.workgroup.id.x' reads the grid in a way a segment cannot remap (use virtual-workgroups=false)
; OK: kernels[0].schedule = "static"
; OK-NOT: kernels[0].virtual

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @fill(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %i = add i32 %wg, %id
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  store i32 1, ptr addrspace(1) %pa, align 4
  call void @__ockl_grid_sync()
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i32 %i
  %v = load i32, ptr addrspace(1) %pa, align 4
  store i32 %v, ptr addrspace(1) %pb, align 4
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @__ockl_grid_sync() #0

attributes #0 = { convergent nounwind }
