; REQUIRES: llvm22
; sm_90 (PTX ISA 7.8): every segment begins with griddepcontrol, so that
; gs-cuda-run can launch the next segment as a programmatic dependent launch;
; and a load from global memory whose address advances by its own size from
; one invocation to the next along x asks the L2 for 256 bytes
; (ld.global.L2::256B). A gather through a loaded index, a load every
; invocation makes from the same address, and a load with a stride of two
; elements keep plain loads, as do volatile, atomic and vector loads; a
; grid-stride loop's index (i, i + stride, ...) streams, and bytes and
; doubles have hints of their own size. Through struct types: a field's
; array indexed by the invocation streams; a field of an array of structs
; (stride 8 for a float), a field after a constant index past the end of a
; struct (2, -1: the same address in every invocation) and an i16 whose
; array steps by a whole struct do not (the first struct GEPs crashed the
; analysis). On sm_80 no load has the hint.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_90 --drop-original -o %t/90 %s
; RUN: FileCheck %s < %t/90/Target_nvptx_sm90.ptx
; RUN: %gridsplit --target nvptx --mcpu sm_80 --drop-original -o %t/80 %s
; RUN: FileCheck %s --check-prefix=SM80 < %t/80/Target_nvptx_sm90.ptx

; CHECK: .target sm_90
; CHECK-LABEL: .visible .entry smooth_$_seg0(
; CHECK: griddepcontrol.launch_dependents;
; CHECK: griddepcontrol.wait;
; the sample and its left neighbour stream; the table, the scale and the
; pair do not; in the loop over virtual workgroups for one-dimensional grids,
; then in the other
; CHECK-COUNT-2: ld.global.L2::256B.f32 {{%r[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-COUNT-3: ld.global.b32
; CHECK-COUNT-2: ld.global.L2::256B.f32 {{%r[0-9]+}}, [{{%rd[0-9]+}}];
; CHECK-COUNT-3: ld.global.b32
; CHECK-NOT: ld.global
; CHECK-LABEL: .visible .entry smooth_$_seg1(
; CHECK: griddepcontrol.launch_dependents;
; CHECK: griddepcontrol.wait;
; CHECK-COUNT-2: ld.global.L2::256B.f32
; CHECK-NOT: ld.global
; CHECK-LABEL: .visible .entry mixed_$_seg0(
; CHECK: ld.global.L2::256B.u8 %rs{{[0-9]+}}, [%rd{{[0-9]+}}];
; CHECK: ld.global.L2::256B.f64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}];
; CHECK-NEXT: // end inline asm
; CHECK-NOT: L2::256B
; CHECK: ld.volatile.global.b32
; CHECK-NOT: L2::256B
; CHECK: ld.relaxed.sys.global.b32
; CHECK-NOT: L2::256B
; CHECK: ld.global.v2.b32
; CHECK-LABEL: .visible .entry mixed_$_seg1(
; CHECK-LABEL: .visible .entry fields_$_seg0(
; CHECK: ld.global.b32 {{.*}}+20];
; CHECK-NEXT: ld.global.b32 {{.*}}+-4];
; CHECK: ld.global.L2::256B.f32
; CHECK-NOT: L2::256B
; CHECK: ld.global.b16
; CHECK-NOT: L2::256B
; CHECK: ld.global.b32
; CHECK-LABEL: .visible .entry fields_$_seg1(

; SM80: .target sm_80
; SM80-NOT: griddepcontrol
; SM80-NOT: L2::256B

target triple = "nvptx64-nvidia-cuda"

%S = type { float, float }
%T = type { i32, [1024 x float] }
%U = type { [1024 x float], [1024 x i16] }

; dst[i] = src[i] + src[i - 1] * lut[(int)src[i] & 255] * lut[0] + pairs[2 * i];
; barrier; src[i] = dst[i] * 0.5
define ptx_kernel void @smooth(ptr addrspace(1) %src, ptr addrspace(1) %dst,
                               ptr addrspace(1) %lut, ptr addrspace(1) %pairs, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %in = icmp ult i32 %i, %n
  %pos = icmp ugt i32 %i, 0
  %ok = and i1 %in, %pos
  br i1 %ok, label %work, label %sync

work:
  %i64 = zext i32 %i to i64
  %pc = getelementptr inbounds float, ptr addrspace(1) %src, i64 %i64
  %c = load float, ptr addrspace(1) %pc, align 4
  %im1 = add nsw i64 %i64, -1
  %pl = getelementptr inbounds float, ptr addrspace(1) %src, i64 %im1
  %l = load float, ptr addrspace(1) %pl, align 4
  %ci = fptosi float %c to i32
  %slot = and i32 %ci, 255
  %slot64 = zext i32 %slot to i64
  %pt = getelementptr inbounds float, ptr addrspace(1) %lut, i64 %slot64
  %t = load float, ptr addrspace(1) %pt, align 4
  %s = load float, ptr addrspace(1) %lut, align 4
  %twice = shl nuw nsw i64 %i64, 1
  %pp = getelementptr inbounds float, ptr addrspace(1) %pairs, i64 %twice
  %q = load float, ptr addrspace(1) %pp, align 4
  %lt = fmul float %l, %t
  %lts = fmul float %lt, %s
  %sum = fadd float %c, %lts
  %v = fadd float %sum, %q
  %pd = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %i64
  store float %v, ptr addrspace(1) %pd, align 4
  br label %sync

sync:
  call void @gridsplit_grid_sync()
  br i1 %in, label %back, label %done

back:
  %j64 = zext i32 %i to i64
  %pd2 = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %j64
  %d = load float, ptr addrspace(1) %pd2, align 4
  %h = fmul float %d, 5.000000e-01
  %ps2 = getelementptr inbounds float, ptr addrspace(1) %src, i64 %j64
  store float %h, ptr addrspace(1) %ps2, align 4
  br label %done

done:
  ret void
}

; sum of bytes[j] for j = i, i + stride, ... < n (a grid-stride loop), then
; out[i] = sum + flags[i] (volatile) + acc[i] (atomic) + wide[i] + pairs[i].x
define ptx_kernel void @mixed(ptr addrspace(1) %bytes, ptr addrspace(1) %wide, ptr addrspace(1) %flags,
                              ptr addrspace(1) %acc, ptr addrspace(1) %pairs, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %step = mul i32 %nctaid, %ntid
  %i64 = zext i32 %i to i64
  %in = icmp ult i32 %i, %n
  br i1 %in, label %loop, label %sync

loop:
  %j = phi i32 [ %i, %entry ], [ %jn, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sn, %loop ]
  %j64 = zext i32 %j to i64
  %pb = getelementptr inbounds i8, ptr addrspace(1) %bytes, i64 %j64
  %b = load i8, ptr addrspace(1) %pb, align 1
  %bz = zext i8 %b to i32
  %sn = add i32 %sum, %bz
  %jn = add i32 %j, %step
  %more = icmp ult i32 %jn, %n
  br i1 %more, label %loop, label %rest

rest:
  %pw = getelementptr inbounds double, ptr addrspace(1) %wide, i64 %i64
  %w = load double, ptr addrspace(1) %pw, align 8
  %pf = getelementptr inbounds i32, ptr addrspace(1) %flags, i64 %i64
  %f = load volatile i32, ptr addrspace(1) %pf, align 4
  %pa = getelementptr inbounds i32, ptr addrspace(1) %acc, i64 %i64
  %a = load atomic i32, ptr addrspace(1) %pa monotonic, align 4
  %pp = getelementptr inbounds <2 x float>, ptr addrspace(1) %pairs, i64 %i64
  %p = load <2 x float>, ptr addrspace(1) %pp, align 8
  %p0 = extractelement <2 x float> %p, i32 0
  %wf = fptrunc double %w to float
  %t1 = add i32 %sn, %f
  %t2 = add i32 %t1, %a
  %tf = sitofp i32 %t2 to float
  %r1 = fadd float %tf, %wf
  %r = fadd float %r1, %p0
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %r, ptr addrspace(1) %po, align 4
  br label %sync

sync:
  call void @gridsplit_grid_sync()
  ret void
}

; out[i] = q[2].y + q[-1].y + t.data[i] + (float)u[i].half[0] + q[i].x
define ptx_kernel void @fields(ptr addrspace(1) %q, ptr addrspace(1) %t, ptr addrspace(1) %u, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p1 = getelementptr %S, ptr addrspace(1) %q, i64 2, i32 1
  %a = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr %S, ptr addrspace(1) %q, i64 -1, i32 1
  %b = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr %T, ptr addrspace(1) %t, i64 0, i32 1, i64 %i
  %c = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr %U, ptr addrspace(1) %u, i64 %i, i32 1, i64 0
  %d = load i16, ptr addrspace(1) %p4, align 2
  %p5 = getelementptr %S, ptr addrspace(1) %q, i64 %i, i32 0
  %e = load float, ptr addrspace(1) %p5, align 4
  %df = sitofp i16 %d to float
  %s1 = fadd float %a, %b
  %s2 = fadd float %s1, %c
  %s3 = fadd float %s2, %df
  %s4 = fadd float %s3, %e
  %po = getelementptr float, ptr addrspace(1) %out, i64 %i
  store float %s4, ptr addrspace(1) %po, align 4
  call void @gridsplit_grid_sync()
  ret void
}
declare void @gridsplit_grid_sync()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
