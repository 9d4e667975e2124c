; A barrier in a uniform loop, then one after the loop: reverse post-order
; numbers the loop's barrier 1 and the exit's barrier 2. Segment 1 repeats or
; leaves the loop for barrier 2; only segment 2 can end the kernel.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'settle': barriers 2, schedule dynamic
; CHECK-NEXT:    buffer field: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer sum: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer report: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      field read read_only{{$}}
; CHECK-NEXT:      sum accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 1 2{{$}}
; CHECK-NEXT:      field read read_only{{$}}
; CHECK-NEXT:      sum accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      sum read read_only{{$}}
; CHECK-NEXT:      report write write_only{{$}}

define spir_kernel void @settle(ptr addrspace(1) %field, ptr addrspace(1) %sum, ptr addrspace(1) %report, i32 %rounds) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %fp = getelementptr inbounds i32, ptr addrspace(1) %field, i64 %gid
  br label %round

round:
  %r = phi i32 [ 0, %entry ], [ %r.next, %round ]
  %x = load i32, ptr addrspace(1) %fp, align 4
  %old = atomicrmw add ptr addrspace(1) %sum, i32 %x seq_cst, align 4
  call spir_func void @gridsplit_grid_sync()
  %r.next = add nuw nsw i32 %r, 1
  %more = icmp ult i32 %r.next, %rounds
  br i1 %more, label %round, label %finish

finish:
  call spir_func void @gridsplit_grid_sync()
  %total = load i32, ptr addrspace(1) %sum, align 4
  %rp = getelementptr inbounds i32, ptr addrspace(1) %report, i64 %gid
  store i32 %total, ptr addrspace(1) %rp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
