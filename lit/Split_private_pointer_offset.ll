; A pointer into ONE private array, chosen by a phi, live across a grid
; barrier: it cannot be recomputed (the phi takes one of three ways of a
; switch; Split_remat_guarded_phi.ll recomputes one of a branch) and its
; address is per-launch, so the split carries the array's contents and the
; pointer as an i64 offset into it; the next segment rebuilds the pointer
; into its own copy of the array (docs/split.md).
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.json %s
; RUN: %plan2lines %t.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s --check-prefix=IR < %t.dir/Split_private_pointer_offset.ll
; RUN: opt -passes=verify -disable-output %t.dir/Split_private_pointer_offset.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @pick(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %mode) {
entry:
  %arr = alloca [4 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %k = and i64 %gid, 3
  %slot = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %k
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %pin, align 4
  store i32 %x, ptr %slot, align 4
  switch i32 %mode, label %second [ i32 1, label %first
                                   i32 2, label %third ]

third:
  %p2 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 2
  br label %join

first:
  %p0 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %k
  br label %join

second:
  %p1 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 0
  br label %join

join:
  %p = phi ptr [ %p0, %first ], [ %p1, %second ], [ %p2, %third ]
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr %p, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

; The offset (8 bytes, 8-aligned, so first) and the array (16 bytes) are
; carried.
; PLAN: kernels[0].live_state.bytes_per_invocation = 24
; PLAN: kernels[0].segments[0].live_out[0].bytes = 8
; PLAN: kernels[0].segments[0].live_out[0].name = "p"
; PLAN: kernels[0].segments[0].live_out[0].offset = 0
; PLAN: kernels[0].segments[0].live_out[1].bytes = 16
; PLAN: kernels[0].segments[0].live_out[1].name = "arr"
; PLAN: kernels[0].segments[0].live_out[1].offset = 8
; PLAN: kernels[0].segments[1].live_in[0].name = "p"

; Segment 0 stores the pointer's distance from the array's start ...
; IR-LABEL: define spir_kernel void @pick.seg0(
; IR: ptrtoint ptr %p to i64
; IR: sub i64
; IR: store i64
; ... and segment 1 adds it to its own copy of the array.
; IR-LABEL: define spir_kernel void @pick.seg1(
; IR: %arr = alloca [4 x i32]
; IR: load i64
; IR: getelementptr i8, ptr %arr
