; noalias is added only where the source said so (restrict) or the user
; declared the buffers distinct (SPEC section 6):
; - by default, 'a' keeps its source noalias (and its "restrict" qualifier),
;   'b' and 'c' get none;
; - with distinct-buffers=true every global buffer argument of every segment
;   is noalias, and the plan records "distinct_buffers": true; the workgroup
;   argument gets none.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<plan=%t.plain.json>' -S %s -o %t.plain.ll
; RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.ll
; RUN: %plan2lines %t.plain.json | FileCheck %s --check-prefix=PLAINPLAN
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<distinct-buffers=true;plan=%t.d.json>' -S %s -o %t.d.ll
; RUN: FileCheck %s --check-prefix=DISTINCT < %t.d.ll
; RUN: %opt -passes=verify -disable-output %t.d.ll
; RUN: %plan2lines %t.d.json | FileCheck %s --check-prefix=DPLAN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAIN-LABEL: define spir_kernel void @mix.seg0(
; PLAIN-SAME:    ptr addrspace(1) noalias {{[a-z ]*}}%a, ptr addrspace(1) {{(readonly |writeonly |readnone )*}}%b, ptr addrspace(1) {{(readonly |writeonly |readnone )*}}%c, ptr addrspace(3) {{(readonly |writeonly |readnone )*}}%scratch
; PLAIN-SAME:    !kernel_arg_type_qual ![[PQ0:[0-9]+]]
; PLAIN-LABEL: define spir_kernel void @mix.seg1(
; PLAIN-SAME:    ptr addrspace(1) noalias {{[a-z ]*}}%a, ptr addrspace(1) {{(readonly |writeonly |readnone )*}}%b, ptr addrspace(1) {{(readonly |writeonly |readnone )*}}%c, ptr addrspace(3) {{(readonly |writeonly |readnone )*}}%scratch
; PLAIN-DAG:   ![[PQ0]] = !{!"{{(const )?}}restrict", !"{{(const)?}}", !"{{(const)?}}", !""}

; PLAINPLAN-NOT: distinct_buffers

; DISTINCT-LABEL: define spir_kernel void @mix.seg0(
; DISTINCT-SAME:    ptr addrspace(1) noalias {{[a-z ]*}}%a, ptr addrspace(1) noalias {{[a-z ]*}}%b, ptr addrspace(1) noalias {{[a-z ]*}}%c, ptr addrspace(3) {{(readonly |writeonly |readnone )*}}%scratch
; DISTINCT-LABEL: define spir_kernel void @mix.seg1(
; DISTINCT-SAME:    ptr addrspace(1) noalias {{[a-z ]*}}%a, ptr addrspace(1) noalias {{[a-z ]*}}%b, ptr addrspace(1) noalias {{[a-z ]*}}%c, ptr addrspace(3) {{(readonly |writeonly |readnone )*}}%scratch

; DPLAN: kernels[0].distinct_buffers = true

define spir_kernel void @mix(ptr addrspace(1) noalias %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(3) %scratch) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  %x = load i32, ptr addrspace(1) %pa, align 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %gid
  store i32 %x, ptr addrspace(1) %pb, align 4
  store i32 %x, ptr addrspace(3) %scratch, align 4
  call spir_func void @gridsplit_grid_sync()
  %y = load i32, ptr addrspace(1) %pb, align 4
  %pc = getelementptr inbounds i32, ptr addrspace(1) %c, i64 %gid
  store i32 %y, ptr addrspace(1) %pc, align 4
  store i32 %y, ptr addrspace(1) %pa, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

!1 = !{i32 1, i32 1, i32 1, i32 3}
!2 = !{!"none", !"none", !"none", !"none"}
!3 = !{!"int*", !"int*", !"int*", !"int*"}
!4 = !{!"restrict", !"", !"", !""}
