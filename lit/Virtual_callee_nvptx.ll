; NVPTX splits with virtual workgroups by default. A helper that reads
; %ctaid and %nctaid (here through a second helper, both noinline, one
; called from both segments) is inlined into the kernel before the split, so
; that the segment's remapping reaches its queries (issue 11, class 1): no
; segment calls it, and the only %ctaid/%nctaid reads left are the loop's
; own, before the loop over virtual workgroups. A helper that reads only
; %tid stays a call: local ids are the physical ones.
;
; RUN: %gridsplit --target ir --drop-original -o %t %s
; RUN: FileCheck %s < %t/Virtual_callee_nvptx.ll

; CHECK-LABEL: define ptx_kernel void @k.seg0(
; CHECK-NOT: call {{.*}}@{{global_id|block}}(
; CHECK: gs.vloop1d.preheader:
; CHECK-NOT: {{ctaid|call .*@global_id\(|call .*@block\(}}
; CHECK: call {{.*}}@lane(
; CHECK-NOT: {{ctaid|call .*@global_id\(|call .*@block\(}}
; CHECK: gs.vdone:
; CHECK-LABEL: define ptx_kernel void @k.seg1(
; CHECK-NOT: call {{.*}}@{{global_id|block}}(
; CHECK: gs.vloop1d.preheader:
; CHECK-NOT: {{ctaid|call .*@global_id\(|call .*@block\(}}
; CHECK: gs.vdone:

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i32 @block() #0 {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %r = add i32 %c, %n
  ret i32 %r
}

define i32 @global_id() #0 {
  %b = call i32 @block()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %b, %s
  %i = add i32 %m, %t
  ret i32 %i
}

define i32 @lane() #0 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %t
}

define ptx_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %p) {
entry:
  %i = call i32 @global_id()
  %l = call i32 @lane()
  %ip = getelementptr inbounds i32, ptr addrspace(1) %o, i32 %i
  store i32 %l, ptr addrspace(1) %ip, align 4
  call void @gridsplit_grid_sync()
  %j = call i32 @global_id()
  %v = load i32, ptr addrspace(1) %ip, align 4
  %jp = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %j
  store i32 %v, ptr addrspace(1) %jp, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @gridsplit_grid_sync()

attributes #0 = { noinline }
