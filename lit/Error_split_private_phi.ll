; A pointer into private memory chosen by a phi between two private arrays
; and used after a grid barrier: the address of a private variable is
; per-invocation and per-launch, so it can be neither carried (it would be
; stale in the next segment, DESIGN.md: LLVM coroutines #47179) nor
; recomputed (the phi takes one of three ways of a switch; one that a
; branch's two ways choose between is: Split_remat_guarded_phi.ll), and with
; two possible bases it cannot be carried as an offset into one array
; either: an error.
; (A pointer into ONE private array is carried as an offset into the next
; segment's copy: Split_private_pointer_offset.ll.)
; Exit status 1, exactly one line on stderr naming the kernel and what is
; wrong, and no output file (SPEC sections 5, 7); the opt pass reports the
; same error and fails.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir
; RUN: not %gridsplit -o %t.dir %s > %t.out 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: count 1 < %t.err
; RUN: count 0 < %t.out
; RUN: ls -A %t.dir | count 0
; RUN: sh -c '%gridsplit -o %t.dir %s 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS
; RUN: ls -A %t.dir | count 0
; RUN: not %opt -load-pass-plugin=%plugin -passes=gridsplit -S %s -o %t.opt.ll 2> %t.opt.err
; RUN: FileCheck %s --check-prefix=PLUGIN < %t.opt.err
; RUN: not grep -q '\.seg' %t.opt.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: {{.*}}Error_split_private_phi.ll: error: kernel 'pick'{{.*}}pointer into private memory{{.*}}barrier
; STATUS: exit 1
; PLUGIN: error: {{.*}}kernel 'pick'{{.*}}pointer into private memory{{.*}}barrier

define spir_kernel void @pick(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %mode) {
entry:
  %arr = alloca [4 x i32], align 4
  %arr2 = alloca [4 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %k = and i64 %gid, 3
  %slot = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %k
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %pin, align 4
  store i32 %x, ptr %slot, align 4
  switch i32 %mode, label %second [ i32 1, label %first
                                   i32 2, label %third ]

third:
  %p2 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 1
  br label %join

first:
  %p0 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 %k
  br label %join

second:
  store i32 %x, ptr %arr2, align 4
  %p1 = getelementptr inbounds [4 x i32], ptr %arr2, i64 0, i64 0
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
