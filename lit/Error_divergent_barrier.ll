; A branch on the global id after which live invocations reach different
; barrier sites is a compile-time error naming the kernel and the branch
; (SPEC sections 1, 7); exit status 1, and no output is written.
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s > %t.stdout 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: FileCheck %s --check-prefix=BRANCH < %t.err
; RUN: ls -A %t.out | count 0
; RUN: sh -c '%gridsplit --target ir -o %t.out %s 2>/dev/null; echo "exit $?"' | FileCheck %s --check-prefix=STATUS
; RUN: not %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PLUGIN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: {{.*}}Error_divergent_barrier.ll: error: {{.*(divergent.*split_lanes|split_lanes.*divergent)}}
; BRANCH: {{check.lane|lane.low}}
; STATUS: exit 1
; PLUGIN: error: {{.*(divergent.*split_lanes|split_lanes.*divergent)}}

define spir_kernel void @split_lanes(ptr addrspace(1) %a, ptr addrspace(1) %b) {
check.lane:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lane.low = icmp ult i64 %gid, 64
  br i1 %lane.low, label %low, label %high

low:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  store i32 1, ptr addrspace(1) %pa, align 4
  call spir_func void @gridsplit_grid_sync()
  br label %join

high:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %gid
  store i32 2, ptr addrspace(1) %pb, align 4
  call spir_func void @gridsplit_grid_sync()
  br label %join

join:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
