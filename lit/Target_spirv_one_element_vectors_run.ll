; REQUIRES: llvm15
; One-element vectors (<1 x T>), which SPIR-V does not have (a vector has
; 2, 3, 4, 8 or 16 components) and which SPIRV-LLVM-Translator 15 passes
; through, become scalars before translation: arithmetic, compares, select,
; bitcast, insert/extract and a shuffle into a wider vector; the live state
; carries a <1 x float> and a <1 x i1> as a float and a byte. The SPIR-V
; passes spirv-val and computes on POCL, by hand (in = 0 1 2 3 4 5 6 7):
;   w = 2 * in, c = w > 5, s = c ? w : -1
;   bits = s as an integer, pair = <s, w>
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -o %t/spv %s
; RUN: spirv-val %t/spv/Target_spirv_one_element_vectors_run.spv
; RUN: llvm-spirv-15 -r %t/spv/Target_spirv_one_element_vectors_run.spv -o %t/k.bc
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin f32 0:8
; RUN: %gridsplit run --plan %t/spv/Target_spirv_one_element_vectors_run.plan.json --grid 8 --workgroup 4 --out %t/run %t/k.bc in=@%t/in.bin bits=zeros:32 pair=zeros:64
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/run/bits.bin | FileCheck %s --check-prefix=BITS
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/run/pair.bin | FileCheck %s --check-prefix=PAIR

; -1.0f is 0xbf800000, 6.0f 0x40c00000, 8.0f 0x41000000, ...
; BITS: {{^}}-1082130432 -1082130432 -1082130432 1086324736 1090519040 1092616192 1094713344 1096810496{{$}}
; PAIR: {{^}}-1 0 -1 2 -1 4 6 6 8 8 10 10 12 12 14 14{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @one(float addrspace(1)* %in, i32 addrspace(1)* %bits, <2 x float> addrspace(1)* %pair) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr float, float addrspace(1)* %in, i64 %id
  %x = load float, float addrspace(1)* %p, align 4
  %v = insertelement <1 x float> undef, float %x, i32 0
  %w = fmul <1 x float> %v, <float 2.0>
  %c = fcmp ogt <1 x float> %w, <float 5.0>
  call void @gridsplit_grid_sync()
  %s = select <1 x i1> %c, <1 x float> %w, <1 x float> <float -1.0>
  %b = bitcast <1 x float> %s to <1 x i32>
  %e = extractelement <1 x i32> %b, i32 0
  %q = getelementptr i32, i32 addrspace(1)* %bits, i64 %id
  store i32 %e, i32 addrspace(1)* %q, align 4
  %sh = shufflevector <1 x float> %s, <1 x float> %w, <2 x i32> <i32 0, i32 1>
  %r = getelementptr <2 x float>, <2 x float> addrspace(1)* %pair, i64 %id
  store <2 x float> %sh, <2 x float> addrspace(1)* %r, align 8
  ret void
}
