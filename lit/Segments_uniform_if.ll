; A barrier under a grid-uniform `if` without else: segment 0 either reaches
; the barrier or returns, so its successors are 1 and end, and the schedule is
; dynamic (SPEC section 2: "Barriers inside grid-uniform branches and loops
; give a segment graph ... the schedule is `dynamic`"). The join block runs
; in both segments, so segment 1's write has an earlier writer, segment 0
; (SPEC sections 2, 3).
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'maybe_sync': barriers 1, schedule dynamic
; CHECK-NEXT:    buffer stage: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer final: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1 end{{$}}
; CHECK-NEXT:      stage write write_only{{$}}
; CHECK-NEXT:      final write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      final accumulate read_write{{$}}

define spir_kernel void @maybe_sync(ptr addrspace(1) %stage, ptr addrspace(1) %final, i32 %flags) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %s = getelementptr inbounds i32, ptr addrspace(1) %stage, i64 %gid
  store i32 5, ptr addrspace(1) %s, align 4
  %bit = and i32 %flags, 4
  %want = icmp ne i32 %bit, 0
  br i1 %want, label %sync, label %join

sync:
  call spir_func void @gridsplit_grid_sync()
  br label %join

join:
  %f = getelementptr inbounds i32, ptr addrspace(1) %final, i64 %gid
  store i32 6, ptr addrspace(1) %f, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
