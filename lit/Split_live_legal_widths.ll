; The live state is stored and loaded only as 8, 16, 32 and 64-bit
; integers, on every target: an i1 as a byte (reloaded by a compare with
; zero, no truncation to i1), an i3 as a byte, an i56 as an i64, a <4 x i1>
; as <4 x i8>, an i100 as two 64-bit words. The AMDGPU backend compiles the
; segments (the odd widths in the live state were loads and stores the
; backends legalize one by one).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target ir -o %t/ir %s
; RUN: FileCheck %s < %t/ir/Split_live_legal_widths.ll
; RUN: %gridsplit --target amdgcn -o %t/amd %s

; CHECK-LABEL: define amdgpu_kernel void @k.seg0(
; CHECK-NOT: {{(load|store) (i1|i3|i56|i100|<4 x i1>) }}
; CHECK-DAG: store i64 %{{.*}}, ptr addrspace(1)
; CHECK-DAG: store <2 x i64> %{{.*}}, ptr addrspace(1)
; CHECK-DAG: store <4 x i8> %{{.*}}, ptr addrspace(1)
; CHECK: ret void
; CHECK-LABEL: define amdgpu_kernel void @k.seg1(
; CHECK-NOT: {{(load|store) (i1|i3|i56|i100|<4 x i1>) }}
; CHECK-DAG: [[B:%[0-9]+]] = load i8, ptr addrspace(1)
; CHECK-DAG: icmp ne i8 [[B]], 0
; CHECK-DAG: [[V:%[0-9]+]] = load <4 x i8>, ptr addrspace(1)
; CHECK-DAG: icmp ne <4 x i8> [[V]], zeroinitializer
; CHECK-DAG: [[W:%[0-9]+]] = load i64, ptr addrspace(1)
; CHECK-DAG: trunc i64 [[W]] to i56
; CHECK-DAG: [[X:%[0-9]+]] = load <2 x i64>, ptr addrspace(1)
; CHECK-NOT: {{(load|store) (i1|i3|i56|i100|<4 x i1>) }}
; CHECK: ret void

target triple = "amdgcn-amd-amdhsa"

declare void @gridsplit_grid_sync()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %g = mul i32 %gid, 64
  %i = add i32 %g, %tid
  %p = getelementptr i64, ptr addrspace(1) %in, i32 %i
  %x = load volatile i64, ptr addrspace(1) %p
  %b = icmp ugt i64 %x, 3
  %s = trunc i64 %x to i56
  %t = trunc i64 %x to i3
  %wide = zext i64 %x to i100
  %big = mul i100 %wide, %wide
  %vb = insertelement <4 x i1> zeroinitializer, i1 %b, i32 1
  call void @gridsplit_grid_sync()
  %y = select i1 %b, i64 %x, i64 7
  %s64 = zext i56 %s to i64
  %t64 = zext i3 %t to i64
  %v0 = extractelement <4 x i1> %vb, i32 1
  %v64 = zext i1 %v0 to i64
  %big64 = trunc i100 %big to i64
  %r1 = add i64 %y, %s64
  %r2 = add i64 %r1, %t64
  %r3 = add i64 %r2, %v64
  %r4 = xor i64 %r3, %big64
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %i
  store i64 %r4, ptr addrspace(1) %q
  ret void
}
