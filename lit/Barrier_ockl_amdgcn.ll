; HIP's cooperative-groups grid sync, __ockl_grid_sync, in an amdgcn module
; with amdgpu_kernel kernels is a grid barrier (SPEC section 1). Address space
; 4 is AMDGPU's constant space, 3 its LDS (workgroup) space.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

@partials = internal addrspace(3) global [256 x float] undef, align 4

; CHECK-LABEL: kernel '_Z9grid_normPfPKfS_': barriers 1, schedule static
; CHECK-NEXT:    buffer out: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer in: arg 1, constant, host_input yes, host_output no
; CHECK-NEXT:    buffer sums: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer partials: global variable, workgroup, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      in read read_only{{$}}
; CHECK-NEXT:      sums accumulate read_write atomic{{$}}
; CHECK-NEXT:      partials write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      out write write_only{{$}}
; CHECK-NEXT:      in read read_only{{$}}
; CHECK-NEXT:      sums read read_only{{$}}

define amdgpu_kernel void @_Z9grid_normPfPKfS_(ptr addrspace(1) noundef %out, ptr addrspace(4) noundef %in, ptr addrspace(1) noundef %sums) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %wg, 8
  %gid32 = add i32 %base, %tid
  %gid = zext i32 %gid32 to i64
  %src = getelementptr inbounds float, ptr addrspace(4) %in, i64 %gid
  %x = load float, ptr addrspace(4) %src, align 4
  %sq = fmul float %x, %x
  %lds = getelementptr inbounds [256 x float], ptr addrspace(3) @partials, i32 0, i32 %tid
  store float %sq, ptr addrspace(3) %lds, align 4
  %old = atomicrmw fadd ptr addrspace(1) %sums, float %sq syncscope("agent") monotonic, align 4
  call void @__ockl_grid_sync() #2
  %total = load float, ptr addrspace(1) %sums, align 4
  %y = load float, ptr addrspace(4) %src, align 4
  %r = fdiv float %y, %total
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x() #1
declare i32 @llvm.amdgcn.workgroup.id.x() #1
declare void @__ockl_grid_sync() #2

attributes #0 = { convergent mustprogress norecurse nounwind "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { nounwind readnone speculatable willreturn }
attributes #2 = { convergent nounwind }
