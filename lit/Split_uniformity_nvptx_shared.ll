; Shared (workgroup) memory read through a generic pointer, as CUDA code
; does at -O0 and through helpers (issue 11, class 2): in NVPTX the generic
; space also holds buffers, so the load's space alone does not say; the
; pointer's origin does. The value read differs between workgroups and is
; carried per invocation; the value a noinline helper reads through a
; generic pointer into shared memory likewise. A value read from a buffer
; at a uniform index stays uniform (carried once).
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit --no-virtual-workgroups -o %t.dir --plan - %s | %plan2lines | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: kernels[0].segments[1].live_in[0].name = "lead"
; CHECK-NOT: once
; CHECK: kernels[0].segments[1].live_in[1].name = "helped"
; CHECK-NOT: once
; CHECK: kernels[0].segments[1].live_in[2].name = "first"
; CHECK-NEXT: kernels[0].segments[1].live_in[2].offset
; CHECK-NEXT: kernels[0].segments[1].live_in[2].once = true

@tile = internal addrspace(3) global [32 x i32] undef

define internal i32 @read_first(ptr %p) #1 {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define ptx_kernel void @k(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %src = getelementptr inbounds i32, ptr %in, i32 %gid
  %x = load i32, ptr %src, align 4
  %slot = getelementptr inbounds [32 x i32], ptr addrspace(3) @tile, i32 0, i32 %tid
  store i32 %x, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %generic = addrspacecast ptr addrspace(3) @tile to ptr
  %lead = load i32, ptr %generic, align 4
  %helped = call i32 @read_first(ptr %generic)
  %first = load i32, ptr %in, align 4
  call void @gridsplit_grid_sync()
  %s = add i32 %lead, %helped
  %t = add i32 %s, %first
  %dst = getelementptr inbounds i32, ptr %out, i32 %gid
  store i32 %t, ptr %dst, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0() #0
declare void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
attributes #1 = { noinline }
