; REQUIRES: llvm22
; --target vulkan refuses what a Vulkan shader cannot hold (issue 13), with
; one error that names the instruction (or argument, or variable), exit 1 and
; nothing written: a pointer stored to memory, a pointer chosen between two
; buffers stored, and such pointers carried across a grid barrier (the split
; stores them into the live state); a pointer chosen between more buffers
; than an access tests (a pointer chosen between a few runs:
; Run_vulkan_pingpong.ll, Run_vulkan_phi_buffers.ll); a load not aligned to
; its words; a float atomic; a pointer compared, whether an argument or one
; chosen at run time; a workgroup-memory argument; a program-scope variable
; in global memory; a call with no shader counterpart (OpenCL's math
; builtins, for now); a float remainder (OpFRem is inexact; a double
; division: Run_vulkan_fdiv.ll); a compare-exchange of the user's (LLVM 22's backend
; stops on every one; the split's own, on the control word, is rebuilt:
; Run_vulkan_dynamic.ll); a volatile access wider than a word (volatile
; words become relaxed atomics).
;
; RUN: rm -rf %t && split-file %s %t
; RUN: not %gridsplit --target vulkan -o %t/o %t/store_ptr.ll 2>&1 | FileCheck %s --check-prefix=STOREPTR
; RUN: not %gridsplit --target vulkan -o %t/o %t/store_chosen.ll 2>&1 | FileCheck %s --check-prefix=STORECHOSEN
; RUN: not %gridsplit --target vulkan -o %t/o %t/carried.ll 2>&1 | FileCheck %s --check-prefix=CARRIED
; RUN: not %gridsplit --target vulkan -o %t/o %t/five_buffers.ll 2>&1 | FileCheck %s --check-prefix=FIVE
; RUN: not %gridsplit --target vulkan -o %t/o %t/unaligned.ll 2>&1 | FileCheck %s --check-prefix=ALIGN
; RUN: not %gridsplit --target vulkan -o %t/o %t/fatomic.ll 2>&1 | FileCheck %s --check-prefix=FATOMIC
; RUN: not %gridsplit --target vulkan -o %t/o %t/compare.ll 2>&1 | FileCheck %s --check-prefix=CMP
; RUN: not %gridsplit --target vulkan -o %t/o %t/compare_chosen.ll 2>&1 | FileCheck %s --check-prefix=CMPCHOSEN
; RUN: not %gridsplit --target vulkan -o %t/o %t/local_arg.ll 2>&1 | FileCheck %s --check-prefix=LOCAL
; RUN: not %gridsplit --target vulkan -o %t/o %t/global_var.ll 2>&1 | FileCheck %s --check-prefix=GLOBAL
; RUN: not %gridsplit --target vulkan -o %t/o %t/math.ll 2>&1 | FileCheck %s --check-prefix=MATH
; RUN: not %gridsplit --target vulkan -o %t/o %t/frem.ll 2>&1 | FileCheck %s --check-prefix=FREM
; RUN: not %gridsplit --target vulkan -o %t/o %t/cmpxchg.ll 2>&1 | FileCheck %s --check-prefix=CMPXCHG
; RUN: not %gridsplit --target vulkan -o %t/o %t/volatile_wide.ll 2>&1 | FileCheck %s --check-prefix=VOLWIDE
; RUN: not %gridsplit --target vulkan -o %t/o %t/image.cl 2>&1 | FileCheck %s --check-prefix=IMAGE
; RUN: not %gridsplit --target vulkan -O0 -o %t/o %S/Inputs/live_columns.cl 2>&1 | FileCheck %s --check-prefix=PRIVPTR
; RUN: not ls %t/o
; RUN: not ls %t/o
; RUN: %gridsplit --target vulkan -O0 --virtual-workgroups -o %t/v %S/Inputs/live_columns.cl

; STOREPTR: store_ptr.ll: error: vulkan code generation failed: --target vulkan: 'store ptr addrspace(1) %p, ptr addrspace(1) %q, align 8' stores a type or in a way that storage buffer words cannot hold
; STORECHOSEN: store_chosen.ll: error: vulkan code generation failed: --target vulkan: 'store ptr addrspace(1) %p, ptr addrspace(1) %a, align 8' stores a type or in a way that storage buffer words cannot hold
; CARRIED: carried.ll: error: vulkan code generation failed: --target vulkan: 'store ptr addrspace(1) %a, ptr addrspace(1) %gs.state, align 8' stores a type or in a way that storage buffer words cannot hold
; FIVE: five_buffers.ll: error: vulkan code generation failed: --target vulkan: 'store i32 1, ptr addrspace(1) %p, align 4' reaches memory through '%p = select i1 %t4, ptr addrspace(1) %e, ptr addrspace(1) %p3', which chooses between more than 4 buffers or workgroup variables at run time
; FREM: frem.ll: error: vulkan code generation failed: --target vulkan: '%r = frem float {{%[0-9a-z]+}}, 3.000000e+00' is a float remainder, which a Vulkan shader computes as x - y * trunc(x / y), not exactly as the references do
; ALIGN: unaligned.ll: error: vulkan code generation failed: --target vulkan: '%v = load i32, ptr addrspace(1) %p, align 2' is not aligned to its words
; FATOMIC: fatomic.ll: error: vulkan code generation failed: --target vulkan: '%o = atomicrmw fadd ptr addrspace(1) %a, float 1.000000e+00 monotonic, align 4' is an atomic operation other than on a 32-bit integer
; CMP: compare.ll: error: vulkan code generation failed: --target vulkan: '%c = icmp eq ptr addrspace(1) %a, %b' uses a buffer or workgroup pointer otherwise than to load, store or update through it (Vulkan shaders have no physical pointers)
; CMPCHOSEN: compare_chosen.ll: error: vulkan code generation failed: --target vulkan: '%c = icmp eq ptr addrspace(1) %p, %a' uses a buffer or workgroup pointer otherwise than to load, store or update through it (Vulkan shaders have no physical pointers)
; LOCAL: local_arg.ll: error: vulkan code generation failed: --target vulkan: 'ptr addrspace(3) %l' is a pointer argument outside global and constant memory, which a Vulkan shader cannot take
; GLOBAL: global_var.ll: error: vulkan code generation failed: --target vulkan: '@total = addrspace(1) global i32 0, align 4' is a program-scope variable in global memory, which Vulkan has no storage for
; CMPXCHG: cmpxchg.ll: error: vulkan code generation failed: --target vulkan: '%r = cmpxchg ptr addrspace(1) %p, i32 -1, i32 %v monotonic monotonic, align 4' is a compare-exchange, which LLVM 22's SPIR-V backend cannot compile for Vulkan (it stops in its 'legalize bitcast' pass)
; VOLWIDE: volatile_wide.ll: error: vulkan code generation failed: --target vulkan: '%v = load volatile i64, ptr addrspace(1) %a, align 8' loads a type or in a way that storage buffer words cannot hold
; IMAGE: image.cl: error: vulkan code generation failed: --target vulkan: 'target("spirv.Image", {{.*}}) %im' is an image, sampler or other opaque object, which --target vulkan does not take
; PRIVPTR: live_columns.cl: error: vulkan code generation failed: --target vulkan: '{{.*}} = ptrtoint ptr {{.*}} to i64' turns a pointer into private memory into a number, which a Vulkan shader cannot (it has no physical pointers): the split does so for a private array, or a pointer into one, carried across a grid barrier (split with --virtual-workgroups)
; MATH: math.ll: error: vulkan code generation failed: --target vulkan: '%c = call spir_func float @_Z3cosf(float %v)' calls a function that a Vulkan shader has no counterpart for

;--- store_ptr.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  store ptr addrspace(1) %p, ptr addrspace(1) %q, align 8
  ret void
}
;--- store_chosen.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %w) {
  %t = icmp eq i32 %w, 0
  %p = select i1 %t, ptr addrspace(1) %a, ptr addrspace(1) %b
  store ptr addrspace(1) %p, ptr addrspace(1) %a, align 8
  ret void
}
;--- carried.ll
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  br label %loop
loop:
  %src = phi ptr addrspace(1) [ %a, %entry ], [ %dst, %loop ]
  %dst = phi ptr addrspace(1) [ %b, %entry ], [ %src, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %id
  %v = load i32, ptr addrspace(1) %s, align 4
  %d = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %id
  %v1 = add i32 %v, 1
  store i32 %v1, ptr addrspace(1) %d, align 4
  call void @gridsplit_grid_sync()
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}
;--- five_buffers.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c,
                           ptr addrspace(1) %d, ptr addrspace(1) %e, i32 %w) {
  %t1 = icmp eq i32 %w, 1
  %t2 = icmp eq i32 %w, 2
  %t3 = icmp eq i32 %w, 3
  %t4 = icmp eq i32 %w, 4
  %p1 = select i1 %t1, ptr addrspace(1) %a, ptr addrspace(1) %b
  %p2 = select i1 %t2, ptr addrspace(1) %c, ptr addrspace(1) %p1
  %p3 = select i1 %t3, ptr addrspace(1) %d, ptr addrspace(1) %p2
  %p = select i1 %t4, ptr addrspace(1) %e, ptr addrspace(1) %p3
  store i32 1, ptr addrspace(1) %p, align 4
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
;--- compare_chosen.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %w) {
  %t = icmp eq i32 %w, 0
  %p = select i1 %t, ptr addrspace(1) %a, ptr addrspace(1) %b
  %c = icmp eq ptr addrspace(1) %p, %a
  %z = zext i1 %c to i32
  store i32 %z, ptr addrspace(1) %p, align 4
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
;--- frem.ll
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a) {
  %v = load float, ptr addrspace(1) %a, align 4
  %r = frem float %v, 3.0
  store float %r, ptr addrspace(1) %a, align 4
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
;--- image.cl
void gridsplit_grid_sync(void);
kernel void img(read_only image2d_t im, global float *out) {
  int i = get_global_id(0);
  float4 p = read_imagef(im, (int2)(i, 0));
  gridsplit_grid_sync();
  out[i] = p.x;
}
