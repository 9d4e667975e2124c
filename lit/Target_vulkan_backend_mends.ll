; REQUIRES: llvm22
; --target vulkan mends two faults of LLVM 22's SPIR-V backend (issue 13),
; which would otherwise give SPIR-V that spirv-val rejects for Vulkan, or that
; orders no memory at a workgroup barrier:
; - atomics (here a helper's histogram bump, inlined, and the two atomic
;   operations that store a byte into its word) made the zero of their scope
;   or semantics an OpConstantNull, which the backend then used as a storage
;   buffer's member index ("must be an OpConstant"): every null 32-bit
;   constant is written as the constant 0;
; - barrier(CLK_LOCAL_MEM_FENCE) became OpControlBarrier with semantics
;   SequentiallyConsistent alone (0x10, no storage class): it gets
;   AcquireRelease | WorkgroupMemory (0x108 = 264). barrier(CLK_GLOBAL_MEM_FENCE)
;   orders buffer memory too, by an OpMemoryBarrier on either side of it
;   (AcquireRelease | UniformMemory | WorkgroupMemory, 0x148 = 328): only
;   where asked, since it costs (reduce took twice its time on the H200).
; Vulkan takes no atomics at the system's scope: those on buffers are the
; device's (scope 1). A workgroup variable is an array of words; a byte is
; read out of its word with a shift; an i64 is two words.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target vulkan -o %t/o %s
; RUN: spirv-val --target-env vulkan1.3 %t/o/Target_vulkan_backend_mends.spv
; RUN: spirv-dis %t/o/Target_vulkan_backend_mends.spv | FileCheck %s

; CHECK-NOT: OpConstantNull
; CHECK-DAG: %[[SEM:[a-z_0-9]+]] = OpConstant %uint 264
; CHECK-DAG: %[[FENCE:[a-z_0-9]+]] = OpConstant %uint 328
; CHECK-DAG: %[[DEV:[a-z_0-9]+]] = OpConstant %uint 1{{$}}
; CHECK-DAG: OpVariable %{{.*}} Workgroup
; CHECK-DAG: OpControlBarrier %uint_2 %uint_2 %[[SEM]]
; CHECK-DAG: OpMemoryBarrier %uint_2 %[[FENCE]]
; CHECK-DAG: OpAtomicAnd %uint %{{[0-9]+}} %[[DEV]]
; CHECK-DAG: OpAtomicOr %uint %{{[0-9]+}} %[[DEV]]
; CHECK-DAG: OpAtomicIAdd %uint %{{[0-9]+}} %[[DEV]]
; CHECK-DAG: OpShiftRightLogical %uint
; CHECK-NOT: OpConstantNull

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z12get_group_idj(i32)
declare spir_func void @_Z7barrierj(i32)
@tile = internal addrspace(3) global [64 x float] undef, align 4

define internal spir_func void @bump(ptr addrspace(1) %h, i32 %bin) noinline {
  %p = getelementptr inbounds i32, ptr addrspace(1) %h, i32 %bin
  %o = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic, align 4
  ret void
}

define spir_kernel void @rich(ptr addrspace(1) %x, ptr addrspace(1) %flags, ptr addrspace(1) %wide, ptr addrspace(1) %hist, i32 %n) !reqd_work_group_size !0 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %px = getelementptr inbounds i8, ptr addrspace(1) %x, i64 %gid
  %px4 = getelementptr inbounds float, ptr addrspace(1) %x, i64 %gid
  %v = load float, ptr addrspace(1) %px4, align 4
  %pt = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %lid
  store float %v, ptr addrspace(3) %pt, align 4
  call spir_func void @_Z7barrierj(i32 1)
  call spir_func void @_Z7barrierj(i32 2)
  %l1 = xor i64 %lid, 1
  %pt1 = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %l1
  %u = load float, ptr addrspace(3) %pt1, align 4
  %b = fcmp ogt float %u, %v
  %bz = zext i1 %b to i8
  %pf = getelementptr inbounds i8, ptr addrspace(1) %flags, i64 %gid
  store i8 %bz, ptr addrspace(1) %pf, align 1
  %bin = fptosi float %u to i32
  %bin8 = and i32 %bin, 7
  call spir_func void @bump(ptr addrspace(1) %hist, i32 %bin8)
  call void @gridsplit_grid_sync()
  %pw = getelementptr inbounds i64, ptr addrspace(1) %wide, i64 %gid
  %w = load i64, ptr addrspace(1) %pw, align 8
  %f8 = load i8, ptr addrspace(1) %pf, align 1
  %f64 = zext i8 %f8 to i64
  %w2 = add i64 %w, %f64
  %n64 = zext i32 %n to i64
  %w3 = mul i64 %w2, %n64
  store i64 %w3, ptr addrspace(1) %pw, align 8
  ret void
}
!0 = !{i32 64, i32 1, i32 1}
