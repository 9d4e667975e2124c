; A barrier under a branch on the invocation id (live invocations reach
; different barrier sites) is a compile-time error of the split as well as
; of the analysis (SPEC sections 1, 7).
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

; CHECK: {{.*}}Error_split_divergent.ll: error: kernel 'halves'{{.*}}divergent
; STATUS: exit 1
; PLUGIN: error: {{.*}}kernel 'halves'{{.*}}divergent

define spir_kernel void @halves(ptr addrspace(1) %a) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lo = icmp ult i64 %gid, 32
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  br i1 %lo, label %low, label %high

low:
  store i32 1, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  br label %done

high:
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  br label %done

done:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
