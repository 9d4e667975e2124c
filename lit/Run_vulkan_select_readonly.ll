; REQUIRES: llvm22
; A volatile load through a pointer chosen between a buffer the kernel only
; reads (readonly: bound NonWritable) and one it writes. A volatile word
; becomes a relaxed atomic, an OR of 0 on a writable buffer; through a
; pointer selected among both it would be a write to the NonWritable one.
; So such a load tests which buffer it reaches (structured if/else): the
; atomic on the writable buffer, a plain load on the other, which no
; invocation writes meanwhile. Run on lavapipe with c = 1 (reads a) and
; c = 0 (reads b): b[i] = x + 1.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/o %s
; RUN: spirv-dis %t/o/Run_vulkan_select_readonly.spv | FileCheck %s --check-prefix=SPV
; RUN: %python -c "import struct; open('%t/a', 'wb').write(struct.pack('<64i', *range(100, 164))); open('%t/b', 'wb').write(struct.pack('<64i', *range(64)))"
; RUN: cp %t/b %t/b0
; RUN: %gs_vk_exec %t/o/Run_vulkan_select_readonly.spv --groups 1 --push 01000000 --buffer %t/a --buffer %t/b --entry k
; RUN: %gs_vk_exec %t/o/Run_vulkan_select_readonly.spv --groups 1 --push 00000000 --buffer %t/a --buffer %t/b0 --entry k
; RUN: %python -c "import struct; r = lambda n: struct.unpack('<64i', open('%t/' + n, 'rb').read()); print('a', r('a') == tuple(range(100, 164)), 'c1', r('b') == tuple(range(101, 165)), 'c0', r('b0') == tuple(range(1, 65)))" | FileCheck %s

; SPV: OpMemberDecorate %{{.*}} 0 NonWritable
; SPV-NOT: OpSelect %_ptr_StorageBuffer
; SPV: OpSelectionMerge
; SPV: OpAtomicOr
; SPV-NOT: OpSelect %_ptr_StorageBuffer

; CHECK: a True c1 True c0 True

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @k(ptr addrspace(1) readonly %a, ptr addrspace(1) %b, i32 %c) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %t = icmp ne i32 %c, 0
  %p = select i1 %t, ptr addrspace(1) %a, ptr addrspace(1) %b
  %pp = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %id
  %x = load volatile i32, ptr addrspace(1) %pp, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %id
  %y = add i32 %x, 1
  store i32 %y, ptr addrspace(1) %q, align 4
  ret void
}
