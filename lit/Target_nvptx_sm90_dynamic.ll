; REQUIRES: llvm22
; sm_90, a dynamic schedule (Inputs/sweep_loop.ll's sweeps for NVPTX, with
; virtual workgroups, the PTX default; the counter from an argument, so that
; it is read from the live state, not computed from the launch's number): a segment is a programmatic
; dependent of the step kernel before it (gs-cuda-run), and the control word
; and the carried counter it reads are written by the grids it depends on
; until griddepcontrol.wait returns. So the wait comes before every load,
; the guard's load and the launch's number included, and none of those
; loads is an invariant one (ld.global.nc), which the backend could order
; before the wait: the emission drops !invariant.load once the optimizer
; has taken the reads out of the loop over virtual workgroups.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_90 --drop-original -o %t %s
; RUN: FileCheck %s < %t/Target_nvptx_sm90_dynamic.ptx

; CHECK-LABEL: .entry sweeps_$_seg1(
; CHECK-NOT:     ld.global
; CHECK:         griddepcontrol.launch_dependents;
; CHECK-NOT:     ld.global
; CHECK:         griddepcontrol.wait;
; CHECK-NOT:     ld.global.nc
; CHECK:         ld.global.b32 %r{{[0-9]+}}, [%rd[[ST:[0-9]+]]];
; CHECK-NEXT:    ld.global.b32 %r{{[0-9]+}}, [%rd[[ST]]+8];
; CHECK-NOT:     ld.global.nc
; CHECK:         ld.global.b32 %r{{[0-9]+}}, [%rd[[CTL:[0-9]+]]+12];
; CHECK-NEXT:    ld.global.b32 %r{{[0-9]+}}, [%rd[[CTL]]+8];
; CHECK-NOT:     ld.global.nc
; CHECK:         ret;

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sweeps(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n, i32 %first, i32 %count) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %gid = zext i32 %i to i64
  %any = icmp slt i32 %first, %count
  br i1 %any, label %sweep, label %done

sweep:
  %it = phi i32 [ %first, %entry ], [ %it.next, %synced ]
  %odd = and i32 %it, 1
  %isodd = icmp ne i32 %odd, 0
  %src = select i1 %isodd, ptr addrspace(1) %b, ptr addrspace(1) %a
  %dst = select i1 %isodd, ptr addrspace(1) %a, ptr addrspace(1) %b
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %synced

body:
  %pc = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gid
  %c = load i32, ptr addrspace(1) %pc, align 4
  %hasl = icmp ugt i32 %i, 0
  br i1 %hasl, label %left, label %l.done

left:
  %im1 = add i64 %gid, -1
  %pl = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %im1
  %lv = load i32, ptr addrspace(1) %pl, align 4
  br label %l.done

l.done:
  %lft = phi i32 [ %lv, %left ], [ 0, %body ]
  %ip1 = add i32 %i, 1
  %hasr = icmp ult i32 %ip1, %n
  br i1 %hasr, label %right, label %r.done

right:
  %gp1 = add i64 %gid, 1
  %pr = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gp1
  %rv = load i32, ptr addrspace(1) %pr, align 4
  br label %r.done

r.done:
  %rgt = phi i32 [ %rv, %right ], [ 0, %l.done ]
  %s1 = add i32 %lft, %c
  %s2 = add i32 %s1, %rgt
  %pd = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 %s2, ptr addrspace(1) %pd, align 4
  br label %synced

synced:
  call void @gridsplit_grid_sync()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %count
  br i1 %more, label %sweep, label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @gridsplit_grid_sync()
