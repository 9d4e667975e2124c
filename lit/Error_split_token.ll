; A token value live across a grid barrier cannot be carried in memory
; (tokens cannot be stored or loaded): the split must refuse it.
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

; CHECK: {{.*}}Error_split_token.ll: error: kernel 'tok'{{.*}}token{{.*}}%id{{.*}}barrier
; STATUS: exit 1
; PLUGIN: error: {{.*}}kernel 'tok'{{.*}}token{{.*}}%id{{.*}}barrier

define spir_kernel void @tok(ptr addrspace(1) %a) {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  call spir_func void @gridsplit_grid_sync()
  %need = call i1 @llvm.coro.alloc(token %id)
  %v = zext i1 %need to i32
  store i32 %v, ptr addrspace(1) %a, align 4
  ret void
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i1 @llvm.coro.alloc(token)

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
