; REQUIRES: llvm22
; Atomic and volatile loads and stores, and atomic orderings (docs/targets.md
; "Vulkan", "Atomics"). LLVM 22's SPIR-V backend writes `load atomic` and
; `store atomic` as a plain OpLoad and OpStore, which a driver may keep in a
; register or a cache (a polled flag never changes), and an ordering as
; semantics without a storage class, which order no other memory in Vulkan.
; So each is a relaxed read-modify-write at the device's scope: a load an
; OR of 0, a store an exchange; and acquire, release and seq_cst are fences
; around it (OpMemoryBarrier, AcquireRelease on uniform and workgroup
; memory, 0x148 = 328): acquire after, release before, seq_cst both. An
; atomic load of a buffer the shader only reads (NonWritable, which no
; invocation writes meanwhile) stays a load. Then run on a Vulkan device by
; gs-vk-exec: every value loaded, stored and accumulated as the kernel says.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t %s
; RUN: spirv-dis %t/Run_vulkan_atomic_orders.spv | FileCheck %s --check-prefix=SPV
; RUN: %python -c "import struct; open('%t/w', 'wb').write(struct.pack('<128i', *([3 * i for i in range(64)] + [1000 + i for i in range(64)]))); open('%t/ro', 'wb').write(struct.pack('<64i', *[7 * i for i in range(64)])); open('%t/out', 'wb').write(bytes(8))"
; RUN: %gs_vk_exec %t/Run_vulkan_atomic_orders.spv --groups 1 --buffer %t/w --buffer %t/ro --buffer %t/out --entry orders
; RUN: %python -c "import struct; r = lambda n, k: struct.unpack('<%%di' %% k, open('%t/' + n, 'rb').read()); print('w', r('w', 128) == tuple([11 * i + 1000 for i in range(64)] + list(range(64))), 'out', r('out', 2))" | FileCheck %s

; SPV: OpMemberDecorate %{{.*}} 0 NonWritable
; SPV-LABEL: OpFunction
; acquire load of w: a relaxed OR of 0, then a fence
; SPV: OpAtomicOr %uint %{{[0-9]+}} %uint_1 %uint_0 %uint_0
; SPV-NEXT: OpMemoryBarrier %uint_1 %uint_328
; volatile load of w: relaxed, no fence
; SPV: OpAtomicOr %uint %{{[0-9]+}} %uint_1 %uint_0 %uint_0
; SPV-NOT: OpMemoryBarrier
; seq_cst load of ro, which the shader only reads: a load
; SPV: OpLoad %uint
; release store: a fence, then an exchange
; SPV: OpMemoryBarrier %uint_1 %uint_328
; SPV-NEXT: OpAtomicExchange
; volatile store: an exchange, no fence
; SPV-NOT: OpMemoryBarrier
; SPV: OpAtomicExchange
; seq_cst add: fences on both sides of a relaxed add
; SPV-NEXT: OpAccessChain
; SPV-NEXT: OpMemoryBarrier %uint_1 %uint_328
; SPV-NEXT: OpAtomicIAdd %uint %{{[0-9]+}} %uint_1 %uint_0 %uint_1
; SPV-NEXT: OpMemoryBarrier %uint_1 %uint_328
; monotonic max: relaxed, no fence
; SPV: OpAtomicUMax %uint %{{[0-9]+}} %uint_1 %uint_0
; SPV-NOT: OpLoad %uint
; SPV-NOT: OpStore
; SPV: OpFunctionEnd

; CHECK: w True out (64, 63)

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @orders(ptr addrspace(1) %w, ptr addrspace(1) readonly %ro, ptr addrspace(1) %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %id32 = trunc i64 %id to i32
  %pw = getelementptr inbounds i32, ptr addrspace(1) %w, i64 %id
  %hi = add i64 %id, 64
  %pv = getelementptr inbounds i32, ptr addrspace(1) %w, i64 %hi
  %pr = getelementptr inbounds i32, ptr addrspace(1) %ro, i64 %id
  %a = load atomic i32, ptr addrspace(1) %pw acquire, align 4
  %b = load volatile i32, ptr addrspace(1) %pv, align 4
  %c = load atomic i32, ptr addrspace(1) %pr seq_cst, align 4
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  store atomic i32 %abc, ptr addrspace(1) %pw release, align 4
  store volatile i32 %id32, ptr addrspace(1) %pv, align 4
  %n = atomicrmw add ptr addrspace(1) %out, i32 1 seq_cst, align 4
  %pm = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  %m = atomicrmw umax ptr addrspace(1) %pm, i32 %id32 monotonic, align 4
  ret void
}
