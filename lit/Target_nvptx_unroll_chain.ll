; A summing loop's value built by a chain of values each used twice (t = t
; * t, thirty times, then t += a[k]): the walk from the value carried around
; to a load (lib/unroll.c, from_load) went along every path, 2^30 of them
; (86 s here; 33 steps fit in the loop's 40 instructions). It now stops
; after a budget of values: the loop is not taken for a sum, not unrolled,
; and the split takes no time to speak of.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --drop-original -o %t %s
; RUN: FileCheck %s < %t/Target_nvptx_unroll_chain.ll

; CHECK-LABEL: define {{.*}} @chain.seg0(
; CHECK-NOT:   .prol:
; CHECK:       %t30{{[.a-z0-9]*}} = fmul float
; CHECK-NOT:   .prol:
; CHECK-LABEL: define {{.*}} @chain.seg1(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @gridsplit_grid_sync()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @chain(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %sum

sum:
  %k = phi i32 [ %tid, %entry ], [ %k.next, %body ]
  %t0 = phi float [ 0.5, %entry ], [ %t.next, %body ]
  %more = icmp ult i32 %k, %n
  br i1 %more, label %body, label %done

body:
  %t1 = fmul float %t0, %t0
  %t2 = fmul float %t1, %t1
  %t3 = fmul float %t2, %t2
  %t4 = fmul float %t3, %t3
  %t5 = fmul float %t4, %t4
  %t6 = fmul float %t5, %t5
  %t7 = fmul float %t6, %t6
  %t8 = fmul float %t7, %t7
  %t9 = fmul float %t8, %t8
  %t10 = fmul float %t9, %t9
  %t11 = fmul float %t10, %t10
  %t12 = fmul float %t11, %t11
  %t13 = fmul float %t12, %t12
  %t14 = fmul float %t13, %t13
  %t15 = fmul float %t14, %t14
  %t16 = fmul float %t15, %t15
  %t17 = fmul float %t16, %t16
  %t18 = fmul float %t17, %t17
  %t19 = fmul float %t18, %t18
  %t20 = fmul float %t19, %t19
  %t21 = fmul float %t20, %t20
  %t22 = fmul float %t21, %t21
  %t23 = fmul float %t22, %t22
  %t24 = fmul float %t23, %t23
  %t25 = fmul float %t24, %t24
  %t26 = fmul float %t25, %t25
  %t27 = fmul float %t26, %t26
  %t28 = fmul float %t27, %t27
  %t29 = fmul float %t28, %t28
  %t30 = fmul float %t29, %t29
  %k64 = zext i32 %k to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64
  %x = load float, ptr addrspace(1) %p, align 4
  %t.next = fadd float %t30, %x
  %k.next = add nuw i32 %k, 64
  br label %sum

done:
  call void @gridsplit_grid_sync()
  %tid64 = zext i32 %tid to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %tid64
  store float %t0, ptr addrspace(1) %po, align 4
  ret void
}
