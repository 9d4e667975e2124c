; Bitcode can name a value with a NUL byte, which LLVM IR text cannot spell
; (LLVM prints it as \00 and its parser refuses "Null bytes are not allowed in
; names"); the plan lost the name after the NUL ("name": ""). Such names are
; refused, wherever they are, with an error that shows the name escaped.
; The bitcode comes from this file with a NUL patched into the kernel's name
; (module-level names are plain bytes in the bitcode's string table).
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: %llvm-as %s -o %t.bc
; RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); assert d.count(b'kZZZZ') == 1; open(sys.argv[2], 'wb').write(d.replace(b'kZZZZ', b'k\x00ZZZ'))" %t.bc %t.nul.bc
; RUN: not %gridsplit -o %t.out --plan %t.out/plan.json %t.nul.bc 2>&1 | FileCheck %s
; RUN: not %opt -load-pass-plugin=%plugin -passes=gridsplit -disable-output %t.nul.bc 2>&1 | FileCheck %s
; RUN: ls -A %t.out | count 0

; CHECK: error: {{.*}}kernel 'k\00ZZZ' has a name with a NUL byte, which LLVM IR text cannot spell

target triple = "spir64-unknown-unknown"

define spir_kernel void @kZZZZ(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

declare void @gridsplit_grid_sync()
