; REQUIRES: llvm22
; OpenCL C builtins with exact shader counterparts (issue 13), run on a Vulkan
; device by gs-vk-exec and compared with Inputs/vk_builtins.py: min, max,
; clamp and abs on signed and unsigned ints, fabs, and the 32-bit atomic
; functions (atomic_inc, atomic_add, signed and unsigned atomic_min and
; atomic_max, atomic_xchg) on a buffer and on a workgroup variable, as clang
; compiles them from OpenCL C (Itanium-mangled calls). 128 invocations, two
; workgroups of 64, one grid barrier between the updates and the reads; x
; crosses it in the live state (4 bytes per invocation, the plan says).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t %s
; one workgroup variable: the segment's copy of group_max; the kernel's own,
; which no shader uses, is gone
; RUN: spirv-dis %t/Run_vulkan_builtins.spv | FileCheck %s --check-prefix=WG
; RUN: %python %S/Inputs/vk_builtins.py make %t
; RUN: %gs_vk_exec %t/Run_vulkan_builtins.spv --groups 2 --buffer %t/x --buffer %t/out \
; RUN:   --buffer %t/counts --buffer %t/state --entry ops.seg0 --entry ops.seg1
; the live state is the fourth binding: without it, gs-vk-exec refuses to run
; RUN: not %gs_vk_exec %t/Run_vulkan_builtins.spv --groups 2 --buffer %t/x --buffer %t/out \
; RUN:   --buffer %t/counts --entry ops.seg0 --entry ops.seg1 2>&1 | FileCheck %s --check-prefix=BINDINGS
; RUN: %python %S/Inputs/vk_builtins.py check %t | FileCheck %s

; WG: OpVariable {{.*}} Workgroup
; WG-NOT: Workgroup{{$}}
; BINDINGS: gs-vk-exec: '{{.*}}Run_vulkan_builtins.spv' binds 4 buffers (0 to 3), but 3 were given
; CHECK: out: 2048 bytes as expected
; CHECK: counts: 32 bytes as expected

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@group_max = internal addrspace(3) global i32 undef, align 4

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32) #0
declare spir_func i32 @_Z3minii(i32, i32)
declare spir_func i32 @_Z3maxjj(i32, i32)
declare spir_func i32 @_Z5clampiii(i32, i32, i32)
declare spir_func i32 @_Z3absi(i32)
declare spir_func float @_Z4fabsf(float)
declare spir_func i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1))
declare spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1), i32)
declare spir_func i32 @_Z10atomic_minPU3AS1Vii(ptr addrspace(1), i32)
declare spir_func i32 @_Z10atomic_maxPU3AS1Vjj(ptr addrspace(1), i32)
declare spir_func i32 @_Z11atomic_xchgPU3AS3Vii(ptr addrspace(3), i32)
declare spir_func i32 @_Z10atomic_maxPU3AS3Vii(ptr addrspace(3), i32)

; counts: [0] atomic_inc, [1] atomic_add x, [2] atomic_min x (signed),
; [3] atomic_max x (unsigned), [4] every workgroup's own maximum added
define spir_kernel void @ops(ptr addrspace(1) %x, ptr addrspace(1) %out, ptr addrspace(1) %counts) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %px = getelementptr inbounds i32, ptr addrspace(1) %x, i64 %id
  %v = load i32, ptr addrspace(1) %px, align 4
  %c1 = getelementptr inbounds i32, ptr addrspace(1) %counts, i64 1
  %c2 = getelementptr inbounds i32, ptr addrspace(1) %counts, i64 2
  %c3 = getelementptr inbounds i32, ptr addrspace(1) %counts, i64 3
  %c4 = getelementptr inbounds i32, ptr addrspace(1) %counts, i64 4
  %i0 = call spir_func i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1) %counts)
  %i1 = call spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) %c1, i32 %v)
  %i2 = call spir_func i32 @_Z10atomic_minPU3AS1Vii(ptr addrspace(1) %c2, i32 %v)
  %i3 = call spir_func i32 @_Z10atomic_maxPU3AS1Vjj(ptr addrspace(1) %c3, i32 %v)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %init, label %wg
init:
  %o = call spir_func i32 @_Z11atomic_xchgPU3AS3Vii(ptr addrspace(3) @group_max, i32 -2147483648)
  br label %wg
wg:
  call spir_func void @_Z7barrierj(i32 1)
  %m = call spir_func i32 @_Z10atomic_maxPU3AS3Vii(ptr addrspace(3) @group_max, i32 %v)
  call spir_func void @_Z7barrierj(i32 1)
  br i1 %first, label %publish, label %sync
publish:
  %gm = load i32, ptr addrspace(3) @group_max, align 4
  %i4 = call spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) %c4, i32 %gm)
  br label %sync
sync:
  call void @gridsplit_grid_sync()
  %base = mul i64 %id, 4
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %base
  %mn = call spir_func i32 @_Z3minii(i32 %v, i32 -5)
  store i32 %mn, ptr addrspace(1) %p0, align 4
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 1
  %mx = call spir_func i32 @_Z3maxjj(i32 %v, i32 100)
  store i32 %mx, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 2
  %cl = call spir_func i32 @_Z5clampiii(i32 %v, i32 -50, i32 50)
  %ab = call spir_func i32 @_Z3absi(i32 %cl)
  store i32 %ab, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 3
  %f = sitofp i32 %v to float
  %fa = call spir_func float @_Z4fabsf(float %f)
  store float %fa, ptr addrspace(1) %p3, align 4
  ret void
}

; as clang declares it: a barrier may not be duplicated into divergent paths
attributes #0 = { convergent nounwind }
