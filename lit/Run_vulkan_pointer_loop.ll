; REQUIRES: llvm22
; A loop that walks a pointer (an induction variable of pointer type, its
; phi naming the back edge first, as LLVM's loop passes leave it) into the
; second buffer, through --target vulkan and gs-vk-exec on a Vulkan device
; (issue 13): every invocation writes 0, 1, 2, 3 into its own four words of
; a, and the first buffer stays untouched. The pointer's buffer is found
; before any offset is built, so the phi that reaches itself around the loop
; takes its buffer from the loop's entry; the old pointer phi and its step,
; which use only each other once the accesses are words, go.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t %s
; RUN: %python -c "open('%t/pad', 'wb').write(bytes(512)); open('%t/a', 'wb').write(bytes(2048))"
; RUN: %gs_vk_exec %t/Run_vulkan_pointer_loop.spv --groups 2 --buffer %t/pad --buffer %t/a --entry walk
; RUN: %python -c "import struct; a = open('%t/a', 'rb').read(); p = open('%t/pad', 'rb').read(); print('a', a == struct.pack('<4i', 0, 1, 2, 3) * 128, 'pad', p == bytes(512))" | FileCheck %s

; CHECK: a True pad True

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @walk(ptr addrspace(1) %pad, ptr addrspace(1) %a) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %base = getelementptr inbounds [4 x i32], ptr addrspace(1) %a, i64 %id
  br label %loop
loop:
  %p = phi ptr addrspace(1) [ %p.next, %loop ], [ %base, %entry ]
  %i = phi i32 [ %i1, %loop ], [ 0, %entry ]
  store i32 %i, ptr addrspace(1) %p, align 4
  %p.next = getelementptr inbounds i32, ptr addrspace(1) %p, i64 1
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 4
  br i1 %c, label %loop, label %done
done:
  ret void
}
