; A module that does not verify and carries debug info: LLVM's readers check
; it in UpgradeDebugInfo and abort the process ("LLVM ERROR: Broken module
; found", exit 134), as text (LLVMParseIRInContext) and as bitcode
; (LLVMParseBitcodeInContext2). gridsplit reads input in a child process
; (lib/load.c), so the abort is an input error naming the file and what is
; broken, with the function: exit 1, no output (SPEC section 7).
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: not %gridsplit -o %t.out %s 2>&1 | FileCheck %s --check-prefix=TEXT
; RUN: %llvm-as -disable-verify %s -o %t.bc
; RUN: not %gridsplit -o %t.out %t.bc 2>&1 | FileCheck %s --check-prefix=BC
; RUN: sh -c '%gridsplit -o %t.out %t.bc 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS
; RUN: ls -A %t.out | count 0

; TEXT: Load_broken_debug_info.ll: error: invalid module: function 'k': Instruction does not dominate all uses! ('%b = add i32 %a, 1')
; BC: .bc: error: invalid module: function 'k': Instruction does not dominate all uses! ('%b = add i32 %a, 1')
; STATUS: exit 1

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  %a = add i32 %b, 1
  %b = add i32 %a, 1
  store i32 %b, ptr addrspace(1) %p, align 4
  call void @gridsplit_grid_sync()
  ret void
}

declare void @gridsplit_grid_sync()

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
