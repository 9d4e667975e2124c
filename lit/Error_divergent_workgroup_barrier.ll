; A branch on the invocation id after which some invocations wait at a grid
; barrier while others of their workgroup wait at a workgroup barrier is a
; deadlock under true grid barriers, and the segment would be undefined
; OpenCL (a workgroup barrier not every work-item reaches; POCL crashed on
; it): an error naming the kernel, the branch and the grid barrier, with no
; output file. A workgroup barrier after a guard that returns is fine
; (`guarded` below), as is one every invocation reaches after the grid
; barrier (`after`), and one on a branch on the group id (`by_group`): a
; whole workgroup takes one way.
;
; RUN: rm -rf %t && not %gridsplit --kernel deadlock -o %t %s 2>&1 | FileCheck %s
; RUN: not ls %t
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<kernel=deadlock>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %gridsplit --kernel guarded -o %t.ok %s
; RUN: %gridsplit --kernel after -o %t.ok2 %s
; RUN: %gridsplit --kernel by_group -o %t.ok3 %s

; CHECK: kernel 'deadlock': divergent workgroup barrier: the branch 'br i1 %first, label %sync, label %wait' depends on the invocation id, and invocations that take it can wait at grid barrier 1 while others of their workgroup wait at a workgroup barrier; a workgroup barrier must be reached by every invocation of the workgroup that has not returned

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @deadlock(ptr addrspace(1) %a) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %sync, label %wait

sync:
  call spir_func void @gridsplit_grid_sync()
  br label %wait

wait:
  call spir_func void @_Z7barrierj(i32 1)
  store i32 1, ptr addrspace(1) %a, align 4
  ret void
}

define spir_kernel void @guarded(ptr addrspace(1) %a, i64 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %out = icmp uge i64 %gid, %n
  br i1 %out, label %done, label %work

work:
  call spir_func void @_Z7barrierj(i32 1)
  call spir_func void @gridsplit_grid_sync()
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %p, align 4
  br label %done

done:
  ret void
}

define spir_kernel void @after(ptr addrspace(1) %a) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  call spir_func void @_Z7barrierj(i32 1)
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

; workgroups after the first skip a phase with a workgroup barrier and go
; straight to the grid barrier (the benchmark's reduction does so)
define spir_kernel void @by_group(ptr addrspace(1) %a) {
entry:
  %grp = call spir_func i64 @_Z12get_group_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  %first = icmp eq i64 %grp, 0
  br i1 %first, label %phase, label %sync

phase:
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @_Z7barrierj(i32 1)
  br label %sync

sync:
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

declare spir_func i64 @_Z12get_group_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @_Z7barrierj(i32) #0
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
