; REQUIRES: llvm15
; Regression: a loop whose header holds the grid barrier right after its phi.
; Segment 1 starts after the barrier and, over the back edge, re-enters the
; header within the segment: the value carried to the next round is the
; phi's new value (i + 1), not the one the segment started with. Before the
; fix the piece ending at the barrier never stored its phi, the carried i
; stayed 0 and the loop never ended. 4 rounds add 0 + 1 + 2 + 3.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run --grid 8 --workgroup 4 --out %t/out %s out=zeros:32 n=4
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v %s out=zeros:32 n=4
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit -o %t/split %s
; RUN: FileCheck %s < %t/split/Run_loop_header_barrier.ll

; OUT: {{^}}6 6 6 6 6 6 6 6{{$}}

; The carried i is the launch's number less one (lib/once_launch.c: segment
; 0 stores 0, segment 1 its i + 1), read from memory the parameters say is
; there; no copy of i is read or written.
; CHECK-LABEL: define spir_kernel void @count.seg1(
; CHECK-SAME:    ptr addrspace(1) align 16 dereferenceable(16) %gs_live_state, ptr addrspace(1) align 4 dereferenceable(16) %gs_control)
; CHECK:         %gs.launch = load i32, ptr addrspace(1) %{{[0-9]+}}, align 4, !invariant.load ![[INV:[0-9]+]]
; CHECK-NEXT:    %i{{[0-9]*}} = sub i32 %gs.launch, 1
; CHECK-NOT:     %gs_live_state
; CHECK-NOT:     store atomic
; CHECK:       {{^}}}
; CHECK:       ![[INV]] = !{}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @count(ptr addrspace(1) %out, i32 %n) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %header ]
  call spir_func void @gridsplit_grid_sync()
  %old = load i32, ptr addrspace(1) %p, align 4
  %sum = add i32 %old, %i
  store i32 %sum, ptr addrspace(1) %p, align 4
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %header, label %done
done:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
attributes #0 = { convergent nounwind }
!0 = !{i32 1, i32 0}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"int"}
!3 = !{!"", !""}
!4 = !{!"out", !"n"}
