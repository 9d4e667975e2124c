; REQUIRES: llvm22
; LLVM 22's SPIR-V backend gets the same legalized IR as the translator:
; <1 x i32> values, GEPs over <1 x i32> (which LLVM 22's backend wrote as a
; one-component vector, SPIR-V that spirv-val rejects, with exit 0) and
; fptoui to i1 (which it could not legalize) and an element index past a
; vector's end (poison by LLVM's rules; LLVM 22 wrote an out-of-bounds
; OpCompositeExtract) give SPIR-V that spirv-val accepts; the module is
; validated before it is written.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -o %t/spv %s
; RUN: spirv-val %t/spv/Target_spirv_llvm22_legalize.spv
; RUN: spirv-dis %t/spv/Target_spirv_llvm22_legalize.spv | FileCheck %s

; CHECK-NOT: OpTypeVector %{{[a-z0-9]+}} 1{{$}}
; CHECK: OpEntryPoint Kernel %{{.*}} "one.seg0"
; CHECK: OpEntryPoint Kernel %{{.*}} "one.seg1"
; CHECK-NOT: OpTypeVector %{{[a-z0-9]+}} 1{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @one(ptr addrspace(1) %in, ptr addrspace(1) %f, ptr addrspace(1) %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr <1 x i32>, ptr addrspace(1) %in, i64 %id
  %v = load <1 x i32>, ptr addrspace(1) %p, align 4
  %pf = getelementptr float, ptr addrspace(1) %f, i64 %id
  %y = load float, ptr addrspace(1) %pf, align 4
  %m = fptoui float %y to i1
  call void @gridsplit_grid_sync()
  %s = add <1 x i32> %v, <i32 1>
  %e = extractelement <1 x i32> %s, i32 0
  %z = zext i1 %m to i32
  %r0 = add i32 %e, %z
  %w = insertelement <4 x i32> zeroinitializer, i32 %r0, i32 1
  %oob = extractelement <4 x i32> %w, i32 6
  %keep = extractelement <4 x i32> %w, i32 1
  %fz = freeze i32 %oob
  %r = add i32 %keep, %fz
  %q = getelementptr <1 x i32>, ptr addrspace(1) %out, i64 %id, i64 0
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}
