; REQUIRES: llvm22
; Target_vulkan_shaders.ll's @scale, emitted with --target vulkan and run on a
; Vulkan device by gs-vk-exec: a float and an i32 as push constants (at bytes
; 0 and 4), a value carried across the grid barrier in the live state (the
; third binding, 4 bytes per invocation as the plan says), and the bytes the
; source means, computed independently by Inputs/vk_scale.py. The module also
; holds @wide, a shader of its own with a double push constant.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan --plan %t/plan.json -o %t %S/Target_vulkan_shaders.ll
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json
; RUN: %python %S/Inputs/vk_scale.py make %t
; RUN: %gs_vk_exec %t/Target_vulkan_shaders.spv --groups 2 --push 0000004064000000 \
; RUN:   --buffer %t/in --buffer %t/out --buffer %t/state --entry scale.seg0 --entry scale.seg1
; RUN: %python %S/Inputs/vk_scale.py check %t | FileCheck %s

; PLAN: "live_state": {"arg": 4, "bytes_per_invocation": 4}
; CHECK: in: 512 bytes as expected
; CHECK: out: 512 bytes as expected
