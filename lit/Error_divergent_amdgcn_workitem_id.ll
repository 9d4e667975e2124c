; In an amdgcn module the invocation id is llvm.amdgcn.workitem.id.x: a
; barrier reached only by some lanes of a branch on it, while the other lanes
; go on to a second barrier, is a divergent-barrier error.
;
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

; CHECK: {{.*}}Error_divergent_amdgcn_workitem_id.ll: error: {{.*(divergent.*first_wave_only|first_wave_only.*divergent)}}

define amdgpu_kernel void @first_wave_only(ptr addrspace(1) %flags) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %in.wave0 = icmp ult i32 %tid, 64
  br i1 %in.wave0, label %wave0, label %rest

wave0:
  %fp = getelementptr inbounds i32, ptr addrspace(1) %flags, i32 %tid
  store i32 1, ptr addrspace(1) %fp, align 4
  call void @__ockl_grid_sync() #2
  br label %rest

rest:
  call void @__ockl_grid_sync() #2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x() #1
declare void @__ockl_grid_sync() #2

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { nounwind readnone speculatable willreturn }
attributes #2 = { convergent nounwind }
