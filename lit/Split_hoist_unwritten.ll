; REQUIRES: llvm22
; With virtual workgroups and distinct buffers, a segment's buffers that no
; invocation of it writes are noalias and readonly before one more LICM
; (lib/split.c, hoist_unwritten; targets that ask: SPIR, Vulkan, NVPTX), which
; takes their loads at an address the same in every virtual workgroup out
; of the rotated loop over virtual workgroups, across the workgroup barrier
; in it: here c[2] (Inputs/hoist_unwritten.cl). In bench/gpu's cg the same
; takes dots[0] and the division by it out of the loop, once per invocation
; of the physical grid where it was once per element (on Vulkan a call of
; gs.fdiv). Without --distinct-buffers the load stays in the loop (another
; buffer might be the same memory, written). Runs on POCL and Vulkan:
; Run_hoist_unwritten.ll, Run_vulkan_hoist_unwritten.ll. The workgroup
; barriers are marked willreturn for the pass only.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv --virtual-workgroups --distinct-buffers -O2 --dump-after=attributes -o %t/d %S/Inputs/hoist_unwritten.cl 2>&1 | FileCheck %s --check-prefix=DISTINCT
; RUN: %gridsplit --target spirv --virtual-workgroups -O2 --dump-after=attributes -o %t/k %S/Inputs/hoist_unwritten.cl 2>&1 | FileCheck %s --check-prefix=KEEP

; DISTINCT: define spir_kernel void @hoist.seg1(ptr addrspace(1) noalias noundef readonly {{.*}}%c, ptr addrspace(1) noalias noundef readonly {{.*}}%v, ptr addrspace(1) noalias noundef writeonly
; DISTINCT: gs.vgroup.lr.ph:
; DISTINCT-NEXT: %[[P:[a-z0-9.]+]] = getelementptr inbounds nuw i8, ptr addrspace(1) %c, i64 8
; DISTINCT-NEXT: load float, ptr addrspace(1) %[[P]]
; DISTINCT-NEXT: br label %gs.vgroup
; DISTINCT: gs.vgroup:
; DISTINCT-NOT: load float, ptr addrspace(1) %[[P]]
; DISTINCT: gs.vdone:
; and the barriers do not return for what runs after the pass (written
; buffers are noalias again there):
; DISTINCT: call spir_func void @_Z7barrierj(i32 {{.*}}) #[[BAR:[0-9]+]]
; DISTINCT: attributes #[[BAR]] = { convergent nounwind }

; KEEP: define spir_kernel void @hoist.seg1(
; KEEP: gs.vgroup:
; KEEP: load float, ptr addrspace(1) %arrayidx5
; KEEP: gs.vdone:
