; REQUIRES: llvm22
; Ping-pong buffers through Vulkan (issue 13): Inputs/vk_pingpong.cl picks
; its source and destination buffers by a sweep's parity, in a loop with a
; grid barrier, as bench/gpu/workloads.cl's jacobi_loop and
; test/fixtures/game_of_life.cl do. A Vulkan shader holds no pointer that
; chooses a buffer: each such pointer carries the index of the buffer it
; reaches, and each load, store and atomic through it tests that index and
; touches only that buffer (lib/vulkan_access.c, dispatch): no OpSelect of
; storage-buffer pointers and no VariablePointers capability. (For two
; days in December 2026 the access went through an OpSelect-ed pointer,
; VariablePointersStorageBuffer: NVIDIA's driver 580 crashed on
; jacobi_loop's shaders, after reporting 64 GiB of local memory for them.)
; The plan-driven
; runner runs the dynamic schedule on lavapipe, for odd sizes (77 ints and
; a sum; 77 bytes: the last word half outside), over three workgroups of
; 32 with 19 invocations idle; 5 sweeps end in b, 4 in a, 1 after
; segment 0 alone.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/emit %S/Inputs/vk_pingpong.cl
; RUN: spirv-dis %t/emit/vk_pingpong.spv | FileCheck %s --check-prefix=SPV
; RUN: %python %S/Inputs/vk_pingpong.py make %t 77
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 %S/Inputs/vk_pingpong.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=5 --out %t/five
; RUN: %python %S/Inputs/vk_pingpong.py check %t/five 77 5 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 %S/Inputs/vk_pingpong.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=4 --out %t/four
; RUN: %python %S/Inputs/vk_pingpong.py check %t/four 77 4 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 %S/Inputs/vk_pingpong.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=1 --out %t/one
; RUN: %python %S/Inputs/vk_pingpong.py check %t/one 77 1 | FileCheck %s

; CHECK: a: 312 bytes as expected
; CHECK-NEXT: b: 312 bytes as expected
; CHECK-NEXT: ma: 77 bytes as expected
; CHECK-NEXT: mb: 77 bytes as expected

; SPV-NOT: VariablePointers
; SPV: OpEntryPoint GLCompute
; SPV-NOT: VariablePointers
; SPV-NOT: OpSelect %_ptr_StorageBuffer
