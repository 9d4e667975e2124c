; A variable-sized alloca (its size is a kernel argument) whose contents are
; live across a grid barrier has no fixed live-state slot: an error.
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

; CHECK: {{.*}}Error_split_vla.ll: error: kernel 'vla'{{.*}}variable-sized alloca{{.*}}barrier
; STATUS: exit 1
; PLUGIN: error: {{.*}}kernel 'vla'{{.*}}variable-sized alloca{{.*}}barrier

define spir_kernel void @vla(ptr addrspace(1) %out, i32 %n) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n64 = zext i32 %n to i64
  %buf = alloca i32, i64 %n64, align 4
  %k = urem i64 %gid, %n64
  %pk = getelementptr inbounds i32, ptr %buf, i64 %k
  store i32 7, ptr %pk, align 4
  call spir_func void @gridsplit_grid_sync()
  %j = urem i64 %gid, 3
  %pj = getelementptr inbounds i32, ptr %buf, i64 %j
  %v = load i32, ptr %pj, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
