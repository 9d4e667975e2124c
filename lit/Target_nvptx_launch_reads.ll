; REQUIRES: llvm22
; NVPTX, a dynamic schedule with virtual workgroups (Inputs/sweep_loop.ll's
; sweeps, as Target_nvptx_sm90_dynamic.ll, its counter from an argument, so
; that it is read from the live state: from 0 the launch's number would give
; it, lib/once_launch.c): a segment's launch-invariant reads (both copies of
; the counter carried once) move to its entry block once the loop bodies
; are inlined (lib/launch_reads.c), so that they issue together instead of
; one after the other after the guard; the copies stay two loads and a
; select of their values (the backend folded a select of two loads in one
; block into a load of a selected address, which waited for the count). cg
; at 2^20 on the H200: 1.43 -> 1.39x cooperative time; jacobi_loop and bfs
; unchanged.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target ir --drop-original --dump-after=tidy -o %t/ir %s 2> %t/tidy.ll
; RUN: FileCheck %s --check-prefix=IR < %t/tidy.ll
; RUN: %gridsplit --target nvptx --mcpu sm_90 --drop-original -o %t %s
; RUN: FileCheck %s --check-prefix=PTX < %t/Target_nvptx_launch_reads.ptx

; The guard's reads of control[3] and of the launch's number (control[2])
; follow them, on the way a launch that is not a replay takes (docs/split.md,
; "Replaying a path"): the reads are in flight together either way, and a
; replay, whose number is in the order argument, waits for neither
; (jacobi_loop100 at 2^20 on the H200: 1.01 -> 0.98x cooperative time, cg
; 1.42 -> 1.37 where the guard was an `or` of the two).
;
; IR-LABEL: define ptx_kernel void @sweeps.seg1(
; IR-NEXT:  gs.ventry:
; IR-NOT:   {{^[a-z.0-9]+:}}
; IR:         %[[ORD:[0-9]+]] = lshr i32 %gs_vorder, 2
; IR-NEXT:    load i32, ptr addrspace(1) %gs_live_state, align 4, !invariant.load
; IR-NEXT:    getelementptr inbounds nuw i8, ptr addrspace(1) %gs_live_state, i64 8
; IR-NEXT:    load i32, ptr addrspace(1) %{{[0-9]+}}, align 4, !invariant.load
; IR-NEXT:    br i1 %gs.vreplay.not, label %gs.guard, label %gs.run
; IR:       gs.guard:
; IR:         %gs.current = load i32
; IR:         %gs.launch_read = load i32
; IR:       gs.run:
; IR-NEXT:    %gs.launch = phi i32 [ %[[ORD]], %gs.ventry ], [ %gs.launch_read, %gs.guard ]

; PTX-LABEL: .entry sweeps_$_seg1(
; PTX:         griddepcontrol.wait;
; PTX-NOT:     ld.
; PTX:         shr.u32 %r[[L:[0-9]+]], %r{{[0-9]+}}, 2;
; PTX-NEXT:    ld.global.b32 %r[[C0:[0-9]+]], [%rd[[ST:[0-9]+]]];
; PTX-NEXT:    ld.global.b32 %r[[C1:[0-9]+]], [%rd[[ST]]+8];
; PTX-NEXT:    @%p{{[0-9]+}} bra
; PTX-NEXT:    ld.global.b32 %r{{[0-9]+}}, [%rd[[CTL:[0-9]+]]+12];
; PTX-NEXT:    ld.global.b32 %r[[L]], [%rd[[CTL]]+8];
; PTX:         selp.b32 %r{{[0-9]+}}, %r[[C0]], %r[[C1]], %p{{[0-9]+}};

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
