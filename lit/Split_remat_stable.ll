; Whether a value is recomputed is decided once: the split asks about the
; same value at several barriers, and a value found recomputable at one must
; not be found otherwise at the next because a larger expression ran out of
; recomputation budget (regression: %p below, a pointer into the private
; array, was recomputed at barrier 1 but then carried as a raw private
; address across barrier 2, which the next segment dereferenced in a dead
; stack frame). Here every pointer is recomputed from the carried array.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.json %s
; RUN: %plan2lines %t.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s --check-prefix=IR < %t.dir/Split_remat_stable.ll
; RUN: opt -passes=verify -disable-output %t.dir/Split_remat_stable.ll

; PLAN: kernels[0].segments[0].live_out[0].name = "arr"
; PLAN-NOT: kernels[0].segments[0].live_out[1]
; PLAN: kernels[0].segments[1].live_out[0].name = "arr"
; PLAN-NOT: kernels[0].segments[1].live_out[1]

; No segment stores a pointer anywhere, least of all into the live state.
; IR-LABEL: define spir_kernel void @k.seg0(
; IR-NOT: store ptr
; IR-LABEL: define spir_kernel void @k.seg1(
; IR-NOT: store ptr
; IR-LABEL: define spir_kernel void @k.seg2(
; IR-NOT: store ptr
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync()
define spir_kernel void @k(ptr addrspace(1) %out, i32 %n) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 !kernel_arg_name !5 {
entry:
  %arr = alloca [8 x i32], align 4
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %e0 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 0
  store i32 0, ptr %e0, align 4
  %e1 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 1
  store i32 10, ptr %e1, align 4
  %e2 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 2
  store i32 20, ptr %e2, align 4
  %e3 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 3
  store i32 30, ptr %e3, align 4
  %e4 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 4
  store i32 40, ptr %e4, align 4
  %e5 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 5
  store i32 50, ptr %e5, align 4
  %e6 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 6
  store i32 60, ptr %e6, align 4
  %e7 = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 7
  store i32 70, ptr %e7, align 4
  %i7 = and i64 %gid, 7
  %p = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %i7
  call spir_func void @gridsplit_grid_sync()
  store i32 1000, ptr %p, align 4
  %x0 = add i32 %n, 1
  %x1 = add i32 %x0, 1
  %x2 = add i32 %x1, 1
  %x3 = add i32 %x2, 1
  %x4 = add i32 %x3, 1
  %x5 = add i32 %x4, 1
  %x6 = add i32 %x5, 1
  %x7 = add i32 %x6, 1
  %x8 = add i32 %x7, 1
  %x9 = add i32 %x8, 1
  %x10 = add i32 %x9, 1
  %x11 = add i32 %x10, 1
  %x12 = add i32 %x11, 1
  %x13 = add i32 %x12, 1
  %x14 = add i32 %x13, 1
  %x15 = add i32 %x14, 1
  %x16 = add i32 %x15, 1
  %x17 = add i32 %x16, 1
  %x18 = add i32 %x17, 1
  %x19 = add i32 %x18, 1
  %x20 = add i32 %x19, 1
  %x21 = add i32 %x20, 1
  %x22 = add i32 %x21, 1
  %x23 = add i32 %x22, 1
  %x24 = add i32 %x23, 1
  %x25 = add i32 %x24, 1
  %x26 = add i32 %x25, 1
  %x27 = add i32 %x26, 1
  %x28 = add i32 %x27, 1
  %x29 = add i32 %x28, 1
  %x30 = add i32 %x29, 1
  %x31 = add i32 %x30, 1
  %x32 = add i32 %x31, 1
  %x33 = add i32 %x32, 1
  %x34 = add i32 %x33, 1
  %x35 = add i32 %x34, 1
  %x36 = add i32 %x35, 1
  %x37 = add i32 %x36, 1
  %x38 = add i32 %x37, 1
  %x39 = add i32 %x38, 1
  %c = icmp eq i32 %x39, 123456
  %g1 = add i64 %gid, 1
  %j7 = and i64 %g1, 7
  %r = getelementptr inbounds [8 x i32], ptr %arr, i64 0, i64 %j7
  %q = select i1 %c, ptr %r, ptr %p
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr %q, align 4
  %l0 = load i32, ptr %e0, align 4
  %s0 = mul i32 %v, 3
  %t0 = add i32 %s0, %l0
  %l1 = load i32, ptr %e1, align 4
  %s1 = mul i32 %t0, 3
  %t1 = add i32 %s1, %l1
  %l2 = load i32, ptr %e2, align 4
  %s2 = mul i32 %t1, 3
  %t2 = add i32 %s2, %l2
  %l3 = load i32, ptr %e3, align 4
  %s3 = mul i32 %t2, 3
  %t3 = add i32 %s3, %l3
  %l4 = load i32, ptr %e4, align 4
  %s4 = mul i32 %t3, 3
  %t4 = add i32 %s4, %l4
  %l5 = load i32, ptr %e5, align 4
  %s5 = mul i32 %t4, 3
  %t5 = add i32 %s5, %l5
  %l6 = load i32, ptr %e6, align 4
  %s6 = mul i32 %t5, 3
  %t6 = add i32 %s6, %l6
  %l7 = load i32, ptr %e7, align 4
  %s7 = mul i32 %t6, 3
  %t7 = add i32 %s7, %l7
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %t7, ptr addrspace(1) %o, align 4
  ret void
}
!1 = !{i32 1, i32 0}
!2 = !{!"none", !"none"}
!3 = !{!"int*", !"int"}
!4 = !{!"", !""}
!5 = !{!"out", !"n"}
