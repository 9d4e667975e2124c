; host_input follows the paths of the segment graph from segment 0 (SPEC
; section 3). Segment 0 goes on (grid-uniformly) to segment 1 or 2:
;  - %shared is written on every path before it is read: no host input;
;  - %maybe is written only on the path through segment 1 and read in
;    segment 2, which the other path reaches unwritten: host input;
;  - %rmw is read and written by one segment, which counts as reading first;
;  - %sink is only written: host output, no host input;
;  - %idle is never touched: neither.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'paths': barriers 2, schedule dynamic
; CHECK-NEXT:    buffer shared: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:    buffer maybe: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer rmw: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer sink: arg 3, global, host_input no, host_output yes
; CHECK-NEXT:    buffer idle: arg 4, global, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1 2{{$}}
; CHECK-NEXT:      shared write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; CHECK-NEXT:      maybe write write_only{{$}}
; CHECK-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; CHECK-NEXT:      shared read read_only{{$}}
; CHECK-NEXT:      maybe read read_only{{$}}
; CHECK-NEXT:      rmw readwrite read_write{{$}}
; CHECK-NEXT:      sink write write_only{{$}}
; CHECK-NOT:     segment 3

define spir_kernel void @paths(ptr addrspace(1) %shared, ptr addrspace(1) %maybe, ptr addrspace(1) %rmw, ptr addrspace(1) %sink, ptr addrspace(1) %idle, i32 %variant) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %sp = getelementptr inbounds i32, ptr addrspace(1) %shared, i64 %gid
  %mp = getelementptr inbounds i32, ptr addrspace(1) %maybe, i64 %gid
  %rp = getelementptr inbounds i32, ptr addrspace(1) %rmw, i64 %gid
  %kp = getelementptr inbounds i32, ptr addrspace(1) %sink, i64 %gid
  store i32 1, ptr addrspace(1) %sp, align 4
  %fill = icmp ne i32 %variant, 0
  br i1 %fill, label %with.fill, label %merge

with.fill:
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %mp, align 4
  br label %merge

merge:
  call spir_func void @gridsplit_grid_sync()
  %a = load i32, ptr addrspace(1) %sp, align 4
  %b = load i32, ptr addrspace(1) %mp, align 4
  %c = load i32, ptr addrspace(1) %rp, align 4
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  store i32 %abc, ptr addrspace(1) %rp, align 4
  store i32 %abc, ptr addrspace(1) %kp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
