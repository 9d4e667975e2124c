; The AMDGPU backend of LLVM 15 stopped on a split output where llc accepts
; the input ("Cannot select: i8 = truncate"): a <1 x i8> loaded before a
; loop and stored in it, with a grid barrier in the loop, was carried and
; reloaded as a <1 x i8> (llvm-stress kernel, reduced with llvm-reduce;
; the backend also stops when such a value, loaded in one block, is
; converted in another). The live state holds it as an i8, one-element
; vectors are scalars before the AMDGPU backend, and it compiles the
; segments.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target amdgcn -o %t/amd %s
; RUN: %gridsplit --target ir -o %t/ir %s
; RUN: FileCheck %s < %t/ir/Target_amdgcn_live_one_element.ll

; CHECK-LABEL: define amdgpu_kernel void @stress.seg0(
; CHECK: store i8 %{{.*}}, ptr addrspace(1) %gs.state
; CHECK-LABEL: define amdgpu_kernel void @stress.seg1(
; CHECK: [[B:%.*]] = load i8, ptr addrspace(1) %gs.state
; CHECK: insertelement <1 x i8> undef, i8 [[B]], i32 0
; CHECK-NOT: {{(load|store) <1 x i8>, ptr addrspace\(1\) %gs.state}}

target triple = "amdgcn-amd-amdhsa"

declare void @gridsplit_grid_sync()

define amdgpu_kernel void @stress(ptr %out, i1 %again) {
entry:
  %v = load <1 x i8>, ptr null, align 1
  br label %spin

spin:
  br i1 false, label %spin, label %check

check:
  br i1 %again, label %spin, label %body

body:
  store <1 x i8> %v, ptr %out, align 1
  call void @gridsplit_grid_sync()
  br label %body
}
