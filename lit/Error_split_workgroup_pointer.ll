; A pointer into workgroup memory chosen by a phi and used after a grid
; barrier can be neither carried (workgroup addresses do not outlive a
; launch) nor recomputed (docs/split.md, errors of the split): an error
; naming the kernel and the value; exit 1 and no output.
;
; RUN: rm -rf %t.dir && mkdir -p %t.dir
; RUN: not %gridsplit -o %t.dir %s 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: count 1 < %t.err
; RUN: ls -A %t.dir | count 0
; RUN: not %opt -load-pass-plugin=%plugin -passes=gridsplit -disable-output %s 2>&1 | FileCheck %s --check-prefix=PLUGIN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@ping = internal addrspace(3) global [4 x i32] undef, align 4
@pong = internal addrspace(3) global [4 x i32] undef, align 4

; CHECK: Error_split_workgroup_pointer.ll: error: kernel 'pp'{{.*}}pointer into workgroup memory{{.*}}%buf{{.*}}barrier
; PLUGIN: error: {{.*}}kernel 'pp'{{.*}}pointer into workgroup memory

define spir_kernel void @pp(ptr addrspace(1) %out, ptr addrspace(1) %sel) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %s = load i32, ptr addrspace(1) %sel, align 4
  %on = icmp ne i32 %s, 0
  br i1 %on, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %buf = phi ptr addrspace(3) [ @ping, %a ], [ @pong, %b ]
  %p = getelementptr inbounds i32, ptr addrspace(3) %buf, i64 %lid
  store i32 1, ptr addrspace(3) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(3) %buf, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
