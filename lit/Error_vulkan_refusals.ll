; REQUIRES: llvm22
; --target vulkan refuses what a Vulkan shader cannot hold (issue 13), with
; one error that names the instruction (or argument, or variable), exit 1 and
; nothing written: a pointer stored to memory; a pointer chosen between two
; buffers; a load not aligned to its words; a float atomic; a pointer
; compared; a workgroup-memory argument; a program-scope variable in global
; memory; a call with no shader counterpart (OpenCL's math builtins, for now);
; a compare-exchange of the user's (LLVM 22's backend stops on every one; the
; split's own, on the control word, is rebuilt: Run_vulkan_dynamic.ll); a
; volatile access wider than a word (volatile words become relaxed atomics);
; a split with virtual workgroups (not run anywhere yet).
;
; RUN: rm -rf %t && split-file %s %t
; RUN: not %gridsplit --target vulkan -o %t/o %t/store_ptr.ll 2>&1 | FileCheck %s --check-prefix=STOREPTR
; RUN: not %gridsplit --target vulkan -o %t/o %t/select.ll 2>&1 | FileCheck %s --check-prefix=SELECT
; RUN: not %gridsplit --target vulkan -o %t/o %t/unaligned.ll 2>&1 | FileCheck %s --check-prefix=ALIGN
; RUN: not %gridsplit --target vulkan -o %t/o %t/fatomic.ll 2>&1 | FileCheck %s --check-prefix=FATOMIC
; RUN: not %gridsplit --target vulkan -o %t/o %t/compare.ll 2>&1 | FileCheck %s --check-prefix=CMP
; RUN: not %gridsplit --target vulkan -o %t/o %t/local_arg.ll 2>&1 | FileCheck %s --check-prefix=LOCAL
; RUN: not %gridsplit --target vulkan -o %t/o %t/global_var.ll 2>&1 | FileCheck %s --check-prefix=GLOBAL
; RUN: not %gridsplit --target vulkan -o %t/o %t/math.ll 2>&1 | FileCheck %s --check-prefix=MATH
; RUN: not %gridsplit --target vulkan -o %t/o %t/cmpxchg.ll 2>&1 | FileCheck %s --check-prefix=CMPXCHG
; RUN: not %gridsplit --target vulkan -o %t/o %t/volatile_wide.ll 2>&1 | FileCheck %s --check-prefix=VOLWIDE
; RUN: not %gridsplit --virtual-workgroups --target vulkan -o %t/o %t/virtual.ll 2>&1 | FileCheck %s --check-prefix=VIRTUAL
; RUN: not ls %t/o

; STOREPTR: store_ptr.ll: error: vulkan code generation failed: --target vulkan: 'store ptr addrspace(1) %p, ptr addrspace(1) %q, align 8' stores a type or in a way that storage buffer words cannot hold
; SELECT: select.ll: error: vulkan code generation failed: --target vulkan: '%v = load i32, ptr addrspace(1) %p, align 4' reaches memory through '%p = select i1 %t, ptr addrspace(1) %a, ptr addrspace(1) %b', which chooses between buffers at run time: a Vulkan shader binds each buffer apart and holds no pointer that chooses one
; ALIGN: unaligned.ll: error: vulkan code generation failed: --target vulkan: '%v = load i32, ptr addrspace(1) %p, align 2' is not aligned to its words
; FATOMIC: fatomic.ll: error: vulkan code generation failed: --target vulkan: '%o = atomicrmw fadd ptr addrspace(1) %a, float 1.000000e+00 monotonic, align 4' is an atomic operation other than on a 32-bit integer
; CMP: compare.ll: error: vulkan code generation failed: --target vulkan: '%c = icmp eq ptr addrspace(1) %a, %b' uses a buffer or workgroup pointer otherwise than to load, store or update through it (Vulkan shaders have no physical pointers)
; LOCAL: local_arg.ll: error: vulkan code generation failed: --target vulkan: 'ptr addrspace(3) %l' is a pointer argument outside global and constant memory, which a Vulkan shader cannot take
; GLOBAL: global_var.ll: error: vulkan code generation failed: --target vulkan: '@total = addrspace(1) global i32 0, align 4' is a program-scope variable in global memory, which Vulkan has no storage for
; CMPXCHG: cmpxchg.ll: error: vulkan code generation failed: --target vulkan: '%r = cmpxchg ptr addrspace(1) %p, i32 -1, i32 %v monotonic monotonic, align 4' is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile for Vulkan (it stops in its 'legalize bitcast' pass)
; VOLWIDE: volatile_wide.ll: error: vulkan code generation failed: --target vulkan: '%v = load volatile i64, ptr addrspace(1) %a, align 8' loads a type or in a way that storage buffer words cannot hold
; VIRTUAL: virtual.ll: error: vulkan code generation failed: --target vulkan: 'i32 %gs_vgroups_x' is a virtual-workgroup count: --target vulkan does not take virtual workgroups yet (split without them)
; MATH: math.ll: error: vulkan code generation failed: --target vulkan: '%c = call spir_func float @_Z3cosf(float %v)' calls a function that a Vulkan shader has no counterpart for

;--- store_ptr.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  store ptr addrspace(1) %p, ptr addrspace(1) %q, align 8
  ret void
}
;--- select.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %c) {
  %t = icmp eq i32 %c, 0
  %p = select i1 %t, ptr addrspace(1) %a, ptr addrspace(1) %b
  %v = load i32, ptr addrspace(1) %p, align 4
  store i32 %v, ptr addrspace(1) %a, align 4
  ret void
}
;--- unaligned.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a) {
  %p = getelementptr inbounds i8, ptr addrspace(1) %a, i64 2
  %v = load i32, ptr addrspace(1) %p, align 2
  store i32 %v, ptr addrspace(1) %a, align 4
  ret void
}
;--- fatomic.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a) {
  %o = atomicrmw fadd ptr addrspace(1) %a, float 1.0 monotonic, align 4
  ret void
}
;--- compare.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %c = icmp eq ptr addrspace(1) %a, %b
  %z = zext i1 %c to i32
  store i32 %z, ptr addrspace(1) %a, align 4
  ret void
}
;--- local_arg.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(3) %l) {
  store i32 1, ptr addrspace(3) %l, align 4
  ret void
}
;--- global_var.ll
target triple = "spir64-unknown-unknown"
@total = addrspace(1) global i32 0, align 4
define spir_kernel void @k(ptr addrspace(1) %a) {
  %v = load i32, ptr addrspace(1) @total, align 4
  store i32 %v, ptr addrspace(1) %a, align 4
  ret void
}
;--- math.ll
target triple = "spir64-unknown-unknown"
declare spir_func float @_Z3cosf(float)
define spir_kernel void @k(ptr addrspace(1) %a) {
  %v = load float, ptr addrspace(1) %a, align 4
  %c = call spir_func float @_Z3cosf(float %v)
  store float %c, ptr addrspace(1) %a, align 4
  ret void
}
;--- cmpxchg.ll
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
define spir_kernel void @k(ptr addrspace(1) %a) {
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  %v = trunc i64 %id to i32
  %r = cmpxchg ptr addrspace(1) %p, i32 -1, i32 %v monotonic monotonic, align 4
  ret void
}
;--- volatile_wide.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a) {
  %v = load volatile i64, ptr addrspace(1) %a, align 8
  store i64 %v, ptr addrspace(1) %a, align 8
  ret void
}
;--- virtual.ll
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)
define spir_kernel void @k(ptr addrspace(1) %a) {
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  store i32 1, ptr addrspace(1) %p, align 4
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}
