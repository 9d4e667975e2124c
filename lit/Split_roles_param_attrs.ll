; Roles reach the emitted segments (SPEC section 6): per segment, a buffer
; it only reads is readonly and its kernel_arg_type_qual says "const"; one it
; only writes (role write) is writeonly and not const; one it does not touch
; is readnone. Nothing is carried (the id is recomputed), so the segments
; take exactly the original arguments. Without restrict or distinct-buffers, no noalias appears.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir %s
; RUN: FileCheck %s < %t.dir/Split_roles_param_attrs.ll
; RUN: FileCheck %s --check-prefix=NOALIAS < %t.dir/Split_roles_param_attrs.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_roles_param_attrs.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=gridsplit -S %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; NOALIAS-NOT: noalias

; seg0: in read, tmp write, out untouched
; CHECK-LABEL: define spir_kernel void @stage.seg0(ptr addrspace(1) readonly %in, ptr addrspace(1) writeonly %tmp, ptr addrspace(1) readnone %out)
; CHECK-SAME:    !kernel_arg_type_qual ![[Q0:[0-9]+]]
; seg1: in untouched, tmp read, out write
; CHECK-LABEL: define spir_kernel void @stage.seg1(ptr addrspace(1) readnone %in, ptr addrspace(1) readonly %tmp, ptr addrspace(1) writeonly %out)
; CHECK-SAME:    !kernel_arg_type_qual ![[Q1:[0-9]+]]
; CHECK-DAG:   ![[Q0]] = !{!"const", !"", !"{{(const)?}}"}
; CHECK-DAG:   ![[Q1]] = !{!"{{(const)?}}", !"const", !""}

define spir_kernel void @stage(ptr addrspace(1) %in, ptr addrspace(1) %tmp, ptr addrspace(1) %out) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pi = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %pi, align 4
  %pt = getelementptr inbounds i32, ptr addrspace(1) %tmp, i64 %gid
  store i32 %x, ptr addrspace(1) %pt, align 4
  call spir_func void @gridsplit_grid_sync()
  %n = add i64 %gid, 1
  %pn = getelementptr inbounds i32, ptr addrspace(1) %tmp, i64 %n
  %y = load i32, ptr addrspace(1) %pn, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %y, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

!1 = !{i32 1, i32 1, i32 1}
!2 = !{!"none", !"none", !"none"}
!3 = !{!"int*", !"int*", !"int*"}
!4 = !{!"", !"", !""}
