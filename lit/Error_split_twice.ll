; A module split before holds the segments `k.seg0`, `k.seg1` beside the
; kernel it kept; splitting it again (or running the pass twice) is an input
; error that says so, prefixed with the file name, instead of the linker's
; "Linking globals named 'k.seg0': symbol multiply defined!" on stderr.
;
; RUN: rm -rf %t.out %t.again && mkdir -p %t.again
; RUN: %gridsplit -o %t.out %s
; RUN: not %gridsplit -o %t.again %t.out/Error_split_twice.ll 2>&1 | FileCheck %s --check-prefix=TOOL
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit,gridsplit' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PLUGIN
; RUN: ls -A %t.again | count 0

; TOOL: Error_split_twice.ll: error: kernel 'k': the module already holds 'k.seg0', the name of the kernel's segment 0: it looks split already
; TOOL-NOT: Linking
; PLUGIN: error: {{.*}}kernel 'k': the module already holds 'k.seg0'
; PLUGIN-NOT: Linking

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

declare void @gridsplit_grid_sync()
