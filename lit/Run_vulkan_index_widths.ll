; REQUIRES: llvm22
; GEP indices of other widths than i64 (--target vulkan, lib/vulkan_access.c,
; index32): an i16 index computed after an earlier access is sign-extended
; to i32 just before its GEP, which it dominates (built before its
; definition, spirv-val refused the module: "ID has not been defined"). Run
; on lavapipe: b[4 + (x - 8)] = x for x in 4..63, an i16 index that goes
; negative from b + 4. An integer of an odd width (i48,
; which instcombine makes of bit fields) is refused: LLVM 22's backend
; dropped zext(trunc i64 to i48) and gave back all 64 bits.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/o %s
; RUN: %python -c "import struct; open('%t/a', 'wb').write(struct.pack('<64i', *[4 + (k * 7) %% 60 for k in range(64)])); open('%t/b', 'wb').write(bytes(256))"
; RUN: %gs_vk_exec %t/o/Run_vulkan_index_widths.spv --groups 1 --buffer %t/a --buffer %t/b --entry k
; RUN: %python -c "import struct; a = [4 + (k * 7) %% 60 for k in range(64)]; b = [0] * 64; [b.__setitem__(x - 4, x) for x in a]; print('b', struct.unpack('<64i', open('%t/b', 'rb').read()) == tuple(b))" | FileCheck %s
; RUN: not %gridsplit --target vulkan -o %t/odd %S/Inputs/vk_i48.ll 2>&1 | FileCheck %s --check-prefix=ODD
; RUN: not ls %t/odd/vk_i48.spv

; CHECK: b True
; ODD: error: vulkan code generation failed: --target vulkan: '%t = trunc i64 {{%[0-9a-z]+}} to i48' computes on an integer of another width than 8, 16, 32 or 64 bits, which LLVM 22's SPIR-V backend widens without its wrap-around

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %mid = getelementptr inbounds i32, ptr addrspace(1) %b, i64 4
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  %x = load i32, ptr addrspace(1) %pa, align 4
  %y = sub i32 %x, 8
  %s = trunc i32 %y to i16
  %pb = getelementptr inbounds i32, ptr addrspace(1) %mid, i16 %s
  store i32 %x, ptr addrspace(1) %pb, align 4
  ret void
}
