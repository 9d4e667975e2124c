; An amdgcn module (HIP): the plan records the triple, and AMDGPU's constant
; space (4) and LDS (3) map to constant and workgroup. Ids come from
; llvm.amdgcn.workitem.id.x; the barrier is HIP's __ockl_grid_sync.
;
; RUN: %gridsplit --no-split --target ir -o %t.out --plan - %s | %plan2lines | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

; CHECK: kernels[0].barriers = 1
; CHECK: kernels[0].buffers[0].name = "table"
; CHECK: kernels[0].buffers[0].space = "constant"
; CHECK: kernels[0].buffers[1].name = "res"
; CHECK: kernels[0].buffers[1].space = "global"
; CHECK: kernels[0].buffers[2].host_input = false
; CHECK: kernels[0].buffers[2].host_output = false
; CHECK: kernels[0].buffers[2].name = "lds"
; CHECK: kernels[0].buffers[2].space = "workgroup"
; CHECK: kernels[0].name = "_Z6gatherPKiPiS1_"
; CHECK: kernels[0].schedule = "static"
; CHECK: kernels[0].segments[0].function = "_Z6gatherPKiPiS1_.seg0"
; CHECK: kernels[0].segments[1].begins_at = "barrier 1"
; CHECK: target = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @_Z6gatherPKiPiS1_(ptr addrspace(4) noundef %table, ptr addrspace(1) noundef %res, ptr addrspace(3) noundef %lds) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %tp = getelementptr inbounds i32, ptr addrspace(4) %table, i32 %tid
  %t = load i32, ptr addrspace(4) %tp, align 4
  %lp = getelementptr inbounds i32, ptr addrspace(3) %lds, i32 %tid
  store i32 %t, ptr addrspace(3) %lp, align 4
  call void @__ockl_grid_sync() #2
  %rp = getelementptr inbounds i32, ptr addrspace(1) %res, i32 %tid
  %v = load i32, ptr addrspace(3) %lp, align 4
  store i32 %v, ptr addrspace(1) %rp, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x() #1
declare void @__ockl_grid_sync() #2

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { nounwind readnone speculatable willreturn }
attributes #2 = { convergent nounwind }
