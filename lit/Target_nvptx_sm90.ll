; REQUIRES: llvm22
; sm_90 (PTX ISA 7.8): every segment begins with griddepcontrol, so that
; gs-cuda-run can launch the next segment as a programmatic dependent launch;
; and a load from global memory whose address advances by its own size from
; one invocation to the next along x asks the L2 for 256 bytes
; (ld.global.L2::256B). A gather through a loaded index, a load every
; invocation makes from the same address, and a load with a stride of two
; elements keep plain loads; on sm_80 no load has the hint.
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

; SM80: .target sm_80
; SM80-NOT: griddepcontrol
; SM80-NOT: L2::256B

target triple = "nvptx64-nvidia-cuda"

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

declare void @gridsplit_grid_sync()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
