; REQUIRES: llvm22
; Float division to the nearest (docs/targets.md "Vulkan"): Vulkan asks a
; shader's OpFDiv for 2.5 ULP only, and every other runner divides as IEEE
; 754 does. So each float fdiv is a call of gs.fdiv, integer arithmetic that
; rounds the significands' quotient once, to the nearest, ties to even (the
; quotient from two estimates in floats, each corrected in integers, and a
; 64-bit integer division only where they were too far off);
; infinities, zeros, subnormals and NaNs (a NaN operand quieted, 0/0 and
; inf/inf the default NaN 0x7fc00000) as IEEE 754 has them. Run on a Vulkan
; device by gs-vk-exec over 262144 operand pairs (every pair of 21 special
; values, the ties that exist below the normal range, random bits, ratios of
; integers, subnormal and overflowing quotients) against Python's division
; (Inputs/vk_fdiv.py). A <2 x float> fdiv divides lane by lane; a double
; one is refused.
; The estimates are tested wrong on purpose (GS_VULKAN_FDIV_SKEW adds to the
; first one's bits): without the integer division (GS_VULKAN_FDIV_NO_FALLBACK,
; which makes that way return 0) a first estimate up to 2048 ULP off still
; gives every quotient (one correction step each way instead of two does
; not, at 300 and 2048); one 2^22 ULP off gives wrong ones without it and
; every quotient with it.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t %s
; RUN: spirv-dis %t/Run_vulkan_fdiv.spv | FileCheck %s --check-prefix=SPV
; RUN: %python %S/Inputs/vk_fdiv.py make %t
; RUN: %gs_vk_exec %t/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q --entry div
; RUN: %python %S/Inputs/vk_fdiv.py check %t | FileCheck %s
; RUN: %gs_vk_exec %t/Run_vulkan_fdiv.spv --groups 2048 --buffer %t/a --buffer %t/b --buffer %t/q2 --entry div2
; RUN: %python %S/Inputs/vk_fdiv.py check %t q2 | FileCheck %s
; RUN: %gs_vk_exec %t/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q4 --entry divloop
; RUN: %python %S/Inputs/vk_fdiv.py loop %t | FileCheck %s --check-prefix=LOOP
; RUN: env GS_VULKAN_FDIV_NO_FALLBACK=1 GS_VULKAN_FDIV_SKEW=300 %gridsplit --target vulkan -o %t/s300 %s
; RUN: %gs_vk_exec %t/s300/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q --entry div
; RUN: %python %S/Inputs/vk_fdiv.py check %t | FileCheck %s
; RUN: env GS_VULKAN_FDIV_NO_FALLBACK=1 GS_VULKAN_FDIV_SKEW=2048 %gridsplit --target vulkan -o %t/s2048 %s
; RUN: %gs_vk_exec %t/s2048/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q --entry div
; RUN: %python %S/Inputs/vk_fdiv.py check %t | FileCheck %s
; RUN: env GS_VULKAN_FDIV_NO_FALLBACK=1 GS_VULKAN_FDIV_SKEW=-2048 %gridsplit --target vulkan -o %t/sm2048 %s
; RUN: %gs_vk_exec %t/sm2048/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q --entry div
; RUN: %python %S/Inputs/vk_fdiv.py check %t | FileCheck %s
; RUN: env GS_VULKAN_FDIV_NO_FALLBACK=1 GS_VULKAN_FDIV_SKEW=4194304 %gridsplit --target vulkan -o %t/far %s
; RUN: %gs_vk_exec %t/far/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q --entry div
; RUN: %python %S/Inputs/vk_fdiv.py check %t | FileCheck %s --check-prefix=WRONG
; RUN: env GS_VULKAN_FDIV_SKEW=4194304 %gridsplit --target vulkan -o %t/fallback %s
; RUN: %gs_vk_exec %t/fallback/Run_vulkan_fdiv.spv --groups 4096 --buffer %t/a --buffer %t/b --buffer %t/q --entry div
; RUN: %python %S/Inputs/vk_fdiv.py check %t | FileCheck %s
; RUN: not %gridsplit --target vulkan -o %t/d %S/Inputs/vk_fdiv_double.ll 2>&1 | FileCheck %s --check-prefix=DOUBLE
; RUN: not ls %t/d/vk_fdiv_double.spv

; The kernels call gs.fdiv, whose estimates are its only OpFDivs:
; SPV-NOT: OpFDiv
; SPV: %gs_fdiv = OpFunction
; SPV: OpFDiv %float
; SPV: OpFDiv %float
; SPV: OpUDiv %ulong
; SPV-NOT: OpFDiv

; CHECK: 262144 pairs, 0 differ
; WRONG: 262144 pairs, {{[1-9][0-9]*}} differ
; LOOP: 1048576 quotients, 0 differ

; DOUBLE: error: {{.*}}fdiv double{{.*}}divides floats other than 32-bit ones, which a Vulkan shader divides to 2.5 ULP, not to the nearest as the references do

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @div(ptr addrspace(1) readonly %a, ptr addrspace(1) readonly %b, ptr addrspace(1) %q) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %id
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %id
  %pq = getelementptr inbounds float, ptr addrspace(1) %q, i64 %id
  %x = load float, ptr addrspace(1) %pa, align 4
  %y = load float, ptr addrspace(1) %pb, align 4
  %z = fdiv float %x, %y
  store float %z, ptr addrspace(1) %pq, align 4
  ret void
}

define spir_kernel void @div2(ptr addrspace(1) readonly %a, ptr addrspace(1) readonly %b, ptr addrspace(1) %q) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds <2 x float>, ptr addrspace(1) %a, i64 %id
  %pb = getelementptr inbounds <2 x float>, ptr addrspace(1) %b, i64 %id
  %pq = getelementptr inbounds <2 x float>, ptr addrspace(1) %q, i64 %id
  %x = load <2 x float>, ptr addrspace(1) %pa, align 8
  %y = load <2 x float>, ptr addrspace(1) %pb, align 8
  %z = fdiv <2 x float> %x, %y
  store <2 x float> %z, ptr addrspace(1) %pq, align 8
  ret void
}

define spir_kernel void @divloop(ptr addrspace(1) readonly %a, ptr addrspace(1) readonly %b, ptr addrspace(1) %q) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %id
  %x = load float, ptr addrspace(1) %pa, align 4
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %half = lshr i64 %k, 1
  %j0 = add i64 %id, %half
  %j = and i64 %j0, 262143
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %j
  %y = load float, ptr addrspace(1) %pb, align 4
  %z = fdiv float %x, %y
  %o0 = shl i64 %id, 2
  %o = add i64 %o0, %k
  %pq = getelementptr inbounds float, ptr addrspace(1) %q, i64 %o
  store float %z, ptr addrspace(1) %pq, align 4
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 4
  br i1 %more, label %loop, label %done
done:
  ret void
}
