; REQUIRES: llvm22
; Pointers that choose their buffer by a phi, through --target vulkan and
; gs-vk-exec on a Vulkan device (issue 13; Inputs/vk_phi_buffers.py says
; what it computes): a phi of three buffers after a switch, loaded from,
; exchanged through (its old value used) and added to; and two pointer phis
; of a loop that change places every iteration, one read and the other
; written. Each carries the index of the buffer it reaches (a phi of the
; indices, on the same edges); each access tests it in structured if/else
; arms, one per buffer the pointer can reach, and touches no other buffer.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t %s
; RUN: %python %S/Inputs/vk_phi_buffers.py make %t
; RUN: %gs_vk_exec %t/Run_vulkan_phi_buffers.spv --groups 2 --buffer %t/a --buffer %t/b \
; RUN:   --buffer %t/c --buffer %t/out --entry choose
; RUN: %python %S/Inputs/vk_phi_buffers.py check %t | FileCheck %s

; CHECK: a: 1028 bytes as expected
; CHECK-NEXT: b: 1028 bytes as expected
; CHECK-NEXT: c: 1028 bytes as expected
; CHECK-NEXT: out: 1024 bytes as expected

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @choose(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c,
                                ptr addrspace(1) %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %id32 = trunc i64 %id to i32
  %k = urem i32 %id32, 3
  switch i32 %k, label %two [ i32 0, label %zero
                              i32 1, label %one ]
zero:
  br label %join
one:
  br label %join
two:
  br label %join
join:
  %p = phi ptr addrspace(1) [ %a, %zero ], [ %b, %one ], [ %c, %two ]
  %pi = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %id
  %v = load i32, ptr addrspace(1) %pi, align 4
  %n.id = add i64 %id, 128
  %pn = getelementptr inbounds i32, ptr addrspace(1) %p, i64 %n.id
  %five = mul i32 %id32, 5
  %old = atomicrmw xchg ptr addrspace(1) %pn, i32 %five monotonic, align 4
  %pc = getelementptr inbounds i32, ptr addrspace(1) %p, i64 256
  %unused = atomicrmw add ptr addrspace(1) %pc, i32 1 monotonic, align 4
  br label %loop
loop:
  %x = phi ptr addrspace(1) [ %a, %join ], [ %y, %loop ]
  %y = phi ptr addrspace(1) [ %b, %join ], [ %x, %loop ]
  %j = phi i32 [ 0, %join ], [ %j1, %loop ]
  %acc = phi i32 [ %v, %join ], [ %acc1, %loop ]
  %xi = getelementptr inbounds i32, ptr addrspace(1) %x, i64 %id
  %xv = load i32, ptr addrspace(1) %xi, align 4
  %acc3 = mul i32 %acc, 3
  %acc1 = add i32 %acc3, %xv
  %yi = getelementptr inbounds i32, ptr addrspace(1) %y, i64 %id
  store i32 %acc1, ptr addrspace(1) %yi, align 4
  %j1 = add i32 %j, 1
  %more = icmp ult i32 %j1, 5
  br i1 %more, label %loop, label %done
done:
  %oi = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %id
  store i32 %acc1, ptr addrspace(1) %oi, align 4
  %oo = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %n.id
  store i32 %old, ptr addrspace(1) %oo, align 4
  ret void
}
