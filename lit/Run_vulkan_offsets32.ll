; REQUIRES: llvm22
; Byte offsets in 32 bits (docs/targets.md "Vulkan", "Accesses are words"):
; the i64 indices of GEPs (get_global_id's size_t, an i64 induction
; variable) give their low 32 bits, and the size_t arithmetic that only
; feeds them is built again in i32, so no access scales, shifts or extends a
; 64-bit integer. Run on a Vulkan device with gs-vk-exec, the offsets still
; reach: struct fields (an i32, an i8 and an i16 stored as parts of their
; word), an index that goes negative from a pointer past the middle of a
; (wrapping on the way), an atomic through a select between a and b, and
; bytes stored from a loop over an i64 induction variable. Only that loop's
; own counter and test stay 64-bit.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t %s
; RUN: spirv-dis %t/Run_vulkan_offsets32.spv | FileCheck %s --check-prefix=SPV
; RUN: %python -c "open('%t/s', 'wb').write(bytes(512)); open('%t/a', 'wb').write(bytes(512)); open('%t/b', 'wb').write(bytes(384))"
; RUN: %gs_vk_exec %t/Run_vulkan_offsets32.spv --groups 1 --buffer %t/s --buffer %t/a --buffer %t/b --entry mix
; RUN: %python -c "import struct; r = lambda n: open('%t/' + n, 'rb').read(); s = b''.join(struct.pack('<iBBH', 3 * i, i, 0, i + 1000) for i in range(64)); a = [63 - k for k in range(64)] + [2 * k + 2 for k in range(32)] + [0] * 32; b = b''.join(bytes([i, i + 1, i + 2, i + 3]) for i in range(64)) + struct.pack('<32i', *[2 * k + 1 for k in range(32)]); print('s', r('s') == s, 'a', r('a') == struct.pack('<128i', *a), 'b', r('b') == b)" | FileCheck %s

; SPV-NOT: OpIMul %ulong
; SPV-NOT: OpShiftRightLogical %ulong
; SPV-NOT: OpShiftLeftLogical %ulong
; SPV-NOT: OpBitwiseAnd %ulong
; SPV-NOT: OpUConvert %ulong
; SPV-NOT: OpSConvert %ulong
; SPV: OpFunctionEnd

; CHECK: s True a True b True

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%rec = type { i32, i8, i16 }

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @mix(ptr addrspace(1) %s, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %id32 = trunc i64 %id to i32
  ; s[id] = {3 * id, id, id + 1000}
  %x = mul i32 %id32, 3
  %px = getelementptr inbounds %rec, ptr addrspace(1) %s, i64 %id, i32 0
  store i32 %x, ptr addrspace(1) %px, align 4
  %c = trunc i64 %id to i8
  %pc = getelementptr inbounds %rec, ptr addrspace(1) %s, i64 %id, i32 1
  store i8 %c, ptr addrspace(1) %pc, align 1
  %h64 = add i64 %id, 1000
  %h = trunc i64 %h64 to i16
  %ph = getelementptr inbounds %rec, ptr addrspace(1) %s, i64 %id, i32 2
  store i16 %h, ptr addrspace(1) %ph, align 2
  ; a[63 - id] = id, from a + 64 at index -1 - id
  %mid = getelementptr inbounds i32, ptr addrspace(1) %a, i64 64
  %neg = sub i64 -1, %id
  %pa = getelementptr inbounds i32, ptr addrspace(1) %mid, i64 %neg
  store i32 %id32, ptr addrspace(1) %pa, align 4
  ; (id odd ? a : b)[64 + id / 2] += id + 1
  %odd64 = and i64 %id, 1
  %odd = icmp ne i64 %odd64, 0
  %q = select i1 %odd, ptr addrspace(1) %a, ptr addrspace(1) %b
  %half = lshr i64 %id, 1
  %k = add i64 %half, 64
  %pq = getelementptr inbounds i32, ptr addrspace(1) %q, i64 %k
  %inc = add i32 %id32, 1
  %old = atomicrmw add ptr addrspace(1) %pq, i32 %inc monotonic, align 4
  ; the bytes of b[id]: id, id + 1, id + 2, id + 3
  %w = shl i64 %id, 2
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j1, %loop ]
  %at = add i64 %w, %j
  %pb = getelementptr inbounds i8, ptr addrspace(1) %b, i64 %at
  %v64 = add i64 %id, %j
  %v = trunc i64 %v64 to i8
  store i8 %v, ptr addrspace(1) %pb, align 1
  %j1 = add i64 %j, 1
  %more = icmp ult i64 %j1, 4
  br i1 %more, label %loop, label %done
done:
  ret void
}
