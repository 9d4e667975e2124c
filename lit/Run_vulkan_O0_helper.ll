; REQUIRES: llvm22
; OpenCL C through --target vulkan at -O0 and at -O2 (issue 13): the kernel
; of Inputs/vk_helper.cl does its work in a helper that is not inlined, and
; at -O0 keeps its scalars in private memory until the split promotes them;
; the emission inlines the helper into each shader. Both run on a Vulkan
; device and give the bytes Inputs/vk_scale.py computes (the same kernel as
; Run_vulkan_scale.ll's, with the factor 2 in the helper and n = 100 pushed).
;
; RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
; RUN: %gridsplit -O0 --target vulkan -o %t/O0 %S/Inputs/vk_helper.cl
; RUN: %gridsplit -O2 --target vulkan -o %t/O2 %S/Inputs/vk_helper.cl
; RUN: %python %S/Inputs/vk_scale.py make %t/O0
; RUN: %gs_vk_exec %t/O0/vk_helper.spv --groups 2 --push 64000000 --buffer %t/O0/in \
; RUN:   --buffer %t/O0/out --buffer %t/O0/state --entry k.seg0 --entry k.seg1
; RUN: %python %S/Inputs/vk_scale.py check %t/O0 | FileCheck %s
; RUN: %python %S/Inputs/vk_scale.py make %t/O2
; RUN: %gs_vk_exec %t/O2/vk_helper.spv --groups 2 --push 64000000 --buffer %t/O2/in \
; RUN:   --buffer %t/O2/out --buffer %t/O2/state --entry k.seg0 --entry k.seg1
; RUN: %python %S/Inputs/vk_scale.py check %t/O2 | FileCheck %s

; CHECK: in: 512 bytes as expected
; CHECK: out: 512 bytes as expected
