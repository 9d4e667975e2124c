; An amdgcn module whose allocas are in address space 0 although its data
; layout puts allocas in 5 (A5), with a select between two of them after the
; barrier. The copies the split makes of carried allocas are built in the
; layout's space (LLVM's builder follows A5) and cast back to the input's
; pointer type, so the select still has operands of one type (it failed with
; "the split module does not verify: Select values must have same type").
; LLVM 22's verifier refuses such allocas ("alloca on amdgpu must be in
; addrspace(5)"): there the input is an input error.
;
; REQUIRES: llvm15
; RUN: rm -rf %t.out
; RUN: %gridsplit -o %t.out %s 2>/dev/null
; RUN: %opt -passes=verify -disable-output %t.out/Split_amdgcn_flat_alloca.ll
; RUN: FileCheck %s < %t.out/Split_amdgcn_flat_alloca.ll

; CHECK-LABEL: define amdgpu_kernel void @k.seg1(
; CHECK: %[[A:.+]] = alloca [4 x i32], align 4, addrspace(5)
; CHECK: %[[B:.+]] = alloca [4 x i32], align 4, addrspace(5)
; CHECK: %[[FA:.+]] = addrspacecast ptr addrspace(5) %[[A]] to ptr
; CHECK: %[[FB:.+]] = addrspacecast ptr addrspace(5) %[[B]] to ptr
; CHECK: select i1 %{{.+}}, ptr %[[FA]], ptr %[[FB]]

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  call void @fill(ptr %a)
  call void @fill(ptr %b)
  call void @__ockl_grid_sync()
  %c = icmp sgt i32 %n, 0
  %s = select i1 %c, ptr %a, ptr %b
  call void @use(ptr %s, ptr addrspace(1) %p)
  ret void
}

declare void @fill(ptr)
declare void @use(ptr, ptr addrspace(1))
declare void @__ockl_grid_sync()
