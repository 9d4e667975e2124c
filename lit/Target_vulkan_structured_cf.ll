; REQUIRES: llvm22
; --target vulkan keeps every merge instruction next to its branch. The same
; word is stored on two paths, in blocks %first and %second, which do not
; dominate each other but one reaches the other (the shape of blur_passes,
; fused_stats, grid_helpers, heat1d and pagerank, whose segments store the
; live state at one offset on two paths). LLVM 22's MachineCSE hoisted the
; shared offset arithmetic into %entry between its OpSelectionMerge and its
; OpBranchConditional, which spirv-val rejects ("OpSelectionMerge must
; immediately precede either an OpBranchConditional or OpSwitch"); the
; emission runs without MachineCSE (lib/target_vulkan.c).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/o %s
; RUN: spirv-val --target-env vulkan1.3 %t/o/Target_vulkan_structured_cf.spv
; RUN: spirv-dis %t/o/Target_vulkan_structured_cf.spv | FileCheck %s

; every merge is followed by its branch
; CHECK: OpEntryPoint GLCompute %{{[a-z_0-9]+}} "twice"
; CHECK: OpSelectionMerge
; CHECK-NEXT: OpBranchConditional
; CHECK: OpSelectionMerge
; CHECK-NEXT: OpBranchConditional
; CHECK-NOT: OpSelectionMerge
; CHECK: OpFunctionEnd

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @twice(ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %id32 = trunc i64 %id to i32
  %small = icmp slt i32 %id32, %n
  br i1 %small, label %first, label %join
first:
  %k1 = add i64 %id, 1
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %k1
  store i32 -1, ptr addrspace(1) %p1, align 4
  br label %join
join:
  %again = icmp slt i32 %id32, %m
  br i1 %again, label %second, label %done
second:
  %k2 = add i64 %id, 1
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %k2
  store i32 %m, ptr addrspace(1) %p2, align 4
  br label %done
done:
  ret void
}
