; REQUIRES: llvm15
; With virtual workgroups, a dynamic schedule's choices are gathered in the
; physical workgroup (lib/virtual.c, record_choices) and recorded in the
; control word by its first invocation alone: every invocation reading the
; one control word at once queued the grid's warps on one cache slice (on an
; H200 at 2^20, cg's segments that only workgroup 0 works in took 43 us for
; 14, and jacobi_loop went from 2.2x to 1.2x cooperative time). The
; choices meet in workgroup memory as an unsigned minimum and maximum, so
; two invocations that chose differently (least != greatest), or one that
; saw two choices over its virtual workgroups, still raise the divergence
; flag; the first invocation then claims the least. Inputs/pass_through.cl
; (Run_live_pass_through.ll runs it with virtual workgroups, and
; Run_divergent_runtime.ll a divergent kernel with them).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --virtual-workgroups -o %t/split %S/Inputs/pass_through.cl
; RUN: FileCheck %s < %t/split/pass_through.ll

; CHECK:       @gs.vchoices = internal addrspace(3) global [3 x i32] undef, align 4
; CHECK-LABEL: define spir_kernel void @pass_through.seg0(
; CHECK:         %gs.vfirst = icmp eq i64 %{{[0-9]+}}, 0
; CHECK-NEXT:    br i1 %gs.vfirst, label %gs.vinit, label %gs.vgather
; CHECK:       gs.vinit:
; CHECK-NEXT:    store i32 -1, {{.*}}@gs.vchoices, i64 0, i64 0)
; CHECK-NEXT:    store i32 0, {{.*}}@gs.vchoices, i64 0, i64 1)
; CHECK-NEXT:    store i32 0, {{.*}}@gs.vchoices, i64 0, i64 2)
; CHECK:       gs.vgather:
; CHECK-NEXT:    call spir_func void @_Z7barrierj(i32 1)
; CHECK:         atomicrmw umin {{.*}}@gs.vchoices, i64 0, i64 0), i32 %[[C:[a-z.0-9]+]] monotonic
; CHECK-NEXT:    atomicrmw umax {{.*}}@gs.vchoices, i64 0, i64 1), i32 %[[C]] monotonic
; CHECK:         atomicrmw or {{.*}}@gs.vchoices, i64 0, i64 2), i32 1 monotonic
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK-NEXT:    br i1 %gs.vfirst, label %gs.vrecord
; CHECK:         %gs.vleast = load i32, {{.*}}@gs.vchoices, i64 0, i64 0)
; CHECK-NEXT:    %gs.vgreatest = load i32, {{.*}}@gs.vchoices, i64 0, i64 1)
; CHECK:         icmp ne i32 %gs.vleast, %gs.vgreatest
; CHECK:         atomicrmw or i32 addrspace(1)* %{{[0-9]+}}, i32 1 monotonic
; CHECK:         cmpxchg i32 addrspace(1)* %gs_control, i32 -1, i32 %gs.vleast monotonic monotonic
; CHECK-LABEL: define spir_kernel void @pass_through.seg1(
