; REQUIRES: llvm22
; A generic pointer that chooses between a workgroup array and a buffer
; (Inputs/vk_mixed_roots.cl: odd invocations the array, even ones their
; workgroup's slice of g), loaded through and stored through. A workgroup
; variable has no storage-buffer pointer to select, so each access through
; it tests the index it carries in structured if/else, one arm for the array
; and one for the buffer (lib/vulkan_access.c, dispatch), where pointers
; chosen among buffers alone are selected (Run_vulkan_pingpong.ll). Run on
; lavapipe for two workgroups of 64: --check against the threaded reference,
; and the bytes Python expects.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/m %S/Inputs/vk_mixed_roots.cl
; RUN: spirv-dis %t/m/vk_mixed_roots.spv | FileCheck %s --check-prefix=SPV
; RUN: %python -c "import struct; open('%t/g', 'wb').write(struct.pack('<128i', *[1000 + k for k in range(128)]))"
; RUN: %gridsplit run --runtime vulkan --check --grid 128 --workgroup 64 --out %t/o %S/Inputs/vk_mixed_roots.cl g=@%t/g out=zeros:1024 | FileCheck %s --check-prefix=CHECKED
; RUN: %python -c "import struct; r = lambda n, k: list(struct.unpack('<%%di' %% k, open('%t/o/' + n, 'rb').read())); out = [(gi %% 64) * 10 + 1 if gi %% 2 else 1001 + gi for gi in range(128)] + [5 + gi if gi %% 2 else (gi %% 64) * 10 for gi in range(128)]; g = [5 + k if k %% 2 == 0 else 1000 + k for k in range(128)]; print('out', r('out.bin', 256) == out, 'g', r('g.bin', 128) == g)" | FileCheck %s

; With virtual workgroups on one physical workgroup, the same bytes. At -O0
; the generic pointer lives in private memory and is refused.
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 1 --check --grid 128 --workgroup 64 --out %t/v %S/Inputs/vk_mixed_roots.cl g=@%t/g out=zeros:1024 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/v/out.bin %t/o/out.bin
; RUN: cmp %t/v/g.bin %t/o/g.bin
; RUN: not %gridsplit run --runtime vulkan -O0 --grid 128 --workgroup 64 --out %t/o0 %S/Inputs/vk_mixed_roots.cl g=@%t/g out=zeros:1024 2>&1 | FileCheck %s --check-prefix=O0

; O0: vk_mixed_roots.cl: error: vulkan code generation failed: --target vulkan: {{.*}} reaches memory through a pointer that resolves to no one buffer or workgroup variable
; SPV-NOT: OpSelect %_ptr_StorageBuffer
; SPV: OpSelectionMerge
; SPV-NOT: OpSelect %_ptr_StorageBuffer

; CHECKED: gridsplit run: --check: every host-output buffer matches the reference
; CHECK: out True g True
