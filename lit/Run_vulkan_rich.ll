; REQUIRES: llvm22
; A split kernel emitted with --target vulkan and run on a Vulkan device
; (lavapipe in CI) by gs-vk-exec gives the bytes its source means, computed
; independently by Inputs/vk_rich.py (issue 13): floats read as words, a
; workgroup variable written, ordered by barrier() and read at a neighbour's
; place, a byte flag per invocation stored into shared words (adjacent
; invocations write the same word), a histogram bumped with atomics in an
; inlined helper, and after the grid barrier 64-bit values read, combined
; with the flag and a push-constant scalar, and written back. Two workgroups
; of 64, the segments in order.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan --plan %t/plan.json -o %t %S/Target_vulkan_backend_mends.ll
; RUN: %python %S/Inputs/vk_rich.py make %t
; RUN: %gs_vk_exec %t/Target_vulkan_backend_mends.spv --groups 2 --push 03000000 \
; RUN:   --buffer %t/x --buffer %t/flags --buffer %t/wide --buffer %t/hist \
; RUN:   --entry rich.seg0 --entry rich.seg1
; RUN: %python %S/Inputs/vk_rich.py check %t | FileCheck %s
; the plan: no live state, so the bindings are the four buffers
; RUN: FileCheck %s --check-prefix=PLAN < %t/plan.json

; CHECK: x: 512 bytes as expected
; CHECK: flags: 128 bytes as expected
; CHECK: wide: 1024 bytes as expected
; CHECK: hist: 32 bytes as expected
; PLAN: "live_state": null
