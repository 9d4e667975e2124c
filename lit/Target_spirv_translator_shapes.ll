; REQUIRES: llvm15
; Shapes that SPIRV-LLVM-Translator 15 turns into SPIR-V that spirv-val
; rejects, or aborts on, are rewritten before translation (lowering/
; spirv_legalize.c), and the rewrite computes what LLVM's semantics say:
; icmp on i1 (eq, ult, slt: true is -1 signed), fcmp true and false, a
; vector select with a scalar condition, fptoui to i1; the i1 values are
; carried across the barrier in the live state (as bytes). The SPIR-V passes
; spirv-val and runs on POCL; the bytes are computed by hand:
;   a = v > 3, b = v < 6, m = fptoui(f) with f = v % 2
;   out = (a == b) | (a <u b) << 1 | (a <s b) << 2 | 1 << 3 | 0 << 4 | m << 5
;   vec = a ? <v, v+1, v+2, v+3> : <7, 7, 7, 7>
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -o %t/spv %s
; RUN: spirv-val %t/spv/Target_spirv_translator_shapes.spv
; RUN: llvm-spirv-15 -r %t/spv/Target_spirv_translator_shapes.spv -o %t/k.bc
; RUN: %python %S/Inputs/gs_data.py write %t/v.bin i32 0:8
; RUN: %python %S/Inputs/gs_data.py write %t/f.bin f32 0 1 0 1 0 1 0 1
; RUN: %gridsplit run --plan %t/spv/Target_spirv_translator_shapes.plan.json --grid 8 --workgroup 4 --out %t/run %t/k.bc v=@%t/v.bin f=@%t/f.bin out=zeros:32 vec=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/vec.bin | FileCheck %s --check-prefix=VEC

; OUT: {{^}}10 42 10 42 9 41 12 44{{$}}
; VEC: {{^}}7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 4 5 6 7 5 6 7 8 6 7 8 9 7 8 9 10{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @shapes(i32 addrspace(1)* %v, float addrspace(1)* %f, i32 addrspace(1)* %out, <4 x i32> addrspace(1)* %vec) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pv = getelementptr i32, i32 addrspace(1)* %v, i64 %id
  %x = load i32, i32 addrspace(1)* %pv, align 4
  %pf = getelementptr float, float addrspace(1)* %f, i64 %id
  %y = load float, float addrspace(1)* %pf, align 4
  %a = icmp sgt i32 %x, 3
  %b = icmp slt i32 %x, 6
  %m = fptoui float %y to i1
  call void @gridsplit_grid_sync()
  %eq = icmp eq i1 %a, %b
  %ult = icmp ult i1 %a, %b
  %slt = icmp slt i1 %a, %b
  %t = fcmp true float %y, %y
  %n = fcmp false float %y, %y
  %eq32 = zext i1 %eq to i32
  %ult32 = zext i1 %ult to i32
  %slt32 = zext i1 %slt to i32
  %t32 = zext i1 %t to i32
  %n32 = zext i1 %n to i32
  %m32 = zext i1 %m to i32
  %s1 = shl i32 %ult32, 1
  %s2 = shl i32 %slt32, 2
  %s3 = shl i32 %t32, 3
  %s4 = shl i32 %n32, 4
  %s5 = shl i32 %m32, 5
  %o1 = or i32 %eq32, %s1
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  %o4 = or i32 %o3, %s4
  %o5 = or i32 %o4, %s5
  %po = getelementptr i32, i32 addrspace(1)* %out, i64 %id
  store i32 %o5, i32 addrspace(1)* %po, align 4
  %x1 = load i32, i32 addrspace(1)* %pv, align 4
  %ins = insertelement <4 x i32> undef, i32 %x1, i32 0
  %splat = shufflevector <4 x i32> %ins, <4 x i32> undef, <4 x i32> zeroinitializer
  %ramp = add <4 x i32> %splat, <i32 0, i32 1, i32 2, i32 3>
  %sel = select i1 %a, <4 x i32> %ramp, <4 x i32> <i32 7, i32 7, i32 7, i32 7>
  %pvec = getelementptr <4 x i32>, <4 x i32> addrspace(1)* %vec, i64 %id
  store <4 x i32> %sel, <4 x i32> addrspace(1)* %pvec, align 16
  ret void
}
