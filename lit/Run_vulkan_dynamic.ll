; REQUIRES: llvm22
; A dynamic schedule through Vulkan (issue 13): a loop with a grid barrier
; whose trip count is read from a buffer. Each segment chooses the next on
; the control word; LLVM 22's SPIR-V backend cannot compile the split's
; compare-exchange for that choice, so --target vulkan builds it as an
; atomic unsigned minimum (lib/target_vulkan.c, rewrite_cmpxchg), and runs
; LLVM's structurizer, since Vulkan wants structured control flow.
; gs-vk-exec --control steps the schedule as include/gridsplit/control_word.h
; says. Five steps: segment 0 once, segment 1 five times (launch 5 the
; last, choosing nothing), a[i] = 7 i + 0 + 1 + 2 + 3 + 4. One step: only
; segment 0 and one launch of segment 1. (A divergence only the runtime
; sees, lit/Run_divergent_runtime.ll's racy flag, is not run here yet: its
; two-barrier CFG fails spirv-val's structured control flow rules even after
; the structurizer, and is refused.)
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit --target vulkan --plan %t/plan.json -o %t %t/iter.ll
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
; RUN: %python %S/Inputs/vk_dynamic.py make %t 5
; RUN: %gs_vk_exec %t/iter.spv --groups 2 --control 3 --buffer %t/a --buffer %t/steps \
; RUN:   --buffer %t/state --buffer %t/ctl --entry iter.seg0 --entry iter.seg1
; RUN: %python %S/Inputs/vk_dynamic.py check %t 5 | FileCheck %s --check-prefix=FIVE
; RUN: %python %S/Inputs/vk_dynamic.py make %t 1
; RUN: %gs_vk_exec %t/iter.spv --groups 2 --control 3 --buffer %t/a --buffer %t/steps \
; RUN:   --buffer %t/state --buffer %t/ctl --entry iter.seg0 --entry iter.seg1
; RUN: %python %S/Inputs/vk_dynamic.py check %t 1 | FileCheck %s --check-prefix=ONE

; PLAN: "schedule": "dynamic"
; PLAN: "live_state": {"arg": 2, "bytes_per_invocation": 0, "header_bytes": 32}
; PLAN: "control": {"arg": 3, "words": 4, "path_from_arguments": false}
; FIVE: a: 512 bytes as expected
; FIVE: control: next -1 flags 0 launch 5 current 1
; ONE: a: 512 bytes as expected
; ONE: control: next -1 flags 0 launch 1 current 1

;--- iter.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @iter(ptr addrspace(1) %a, ptr addrspace(1) %steps) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n = load i32, ptr addrspace(1) %steps, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = load i32, ptr addrspace(1) %p, align 4
  %v1 = add i32 %v, %i
  store i32 %v1, ptr addrspace(1) %p, align 4
  call void @gridsplit_grid_sync()
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}
