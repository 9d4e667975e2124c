; Which loops lib/unroll.c unrolls on NVPTX, and that it touches nothing
; else. Segment 0 holds four loops: a sum over loads with a constant step
; (unrolled by 4, a remainder loop first), a grid-stride sum (its step is no
; constant: unrolled, every copy would test and leave), a copy loop (it
; stores: not a sum) and a sum the user asked not to unroll
; (llvm.loop.unroll.disable). Segment 1's loop adds no loaded value, and
; segment 1 goes through no pass of the unrolling: its loop keeps its test
; at the top (not rotated). No `optnone` the unrolling uses meanwhile is
; left behind, and noinline stays where the user put it. A recursive
; alwaysinline function (the inliner leaves its definition) loses its
; alwaysinline while it is held (the verifier, run first, rejects noinline
; beside it) and gets it back.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --drop-original -o %t %s
; RUN: FileCheck %s < %t/Target_nvptx_unroll_loops.ll

; CHECK-LABEL: define {{.*}} @sums.seg0(
; the summing loop: a remainder, then four loads of %a in one block
; CHECK:       .prol:
; CHECK:       .prol.loopexit:
; CHECK:       [[MAIN:[a-z0-9.]+]]:
; CHECK:         load float, ptr addrspace(1) %{{[a-z0-9.]+}}
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         load float, ptr addrspace(1) %{{[a-z0-9.]+}}.1
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         load float, ptr addrspace(1) %{{[a-z0-9.]+}}.2
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         load float, ptr addrspace(1) %{{[a-z0-9.]+}}.3
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         br i1 %{{.*}}, label %[[MAIN]], label %{{.*}}, !llvm.loop
; the others: one load each, no copies
; CHECK-NOT:   = load {{.*}}.1,
; CHECK:       !llvm.loop [[DISABLE:![0-9]+]]
; CHECK-LABEL: define {{.*}} @sums.seg1(
; CHECK:       count{{[.a-z0-9]*}}:
; CHECK-NEXT:    %{{.*}} = phi i32
; CHECK-NEXT:    %{{.*}} = phi i32
; CHECK-NEXT:    %{{.*}} = icmp
; CHECK-NEXT:    br i1
; CHECK:         br label %count{{[.a-z0-9]*$}}
; CHECK-NOT:   optnone
; CHECK:       define internal void @helper{{[0-9]*}}({{.*}}) [[HELPER:#[0-9]+]]
; CHECK-NOT:   optnone
; CHECK:       attributes [[HELPER]] = { noinline }
; CHECK-NOT:   optnone
; CHECK:       [[OFF:![0-9]+]] = !{!"llvm.loop.unroll.disable"}
; CHECK:       [[DISABLE]] = distinct !{[[DISABLE]], [[OFF]]}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @gridsplit_grid_sync()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

define internal void @helper(ptr addrspace(1) %p, i32 %v) #0 {
  store i32 %v, ptr addrspace(1) %p, align 4
  call void @halves(ptr addrspace(1) %p, i32 %v)
  ret void
}

; recursive: the inliner leaves a definition behind, alwaysinline
define internal void @halves(ptr addrspace(1) %p, i32 %v) #1 {
  %more = icmp ugt i32 %v, 1
  br i1 %more, label %again, label %done
again:
  %h = lshr i32 %v, 1
  store i32 %h, ptr addrspace(1) %p, align 4
  call void @halves(ptr addrspace(1) %p, i32 %h)
  br label %done
done:
  ret void
}

define ptx_kernel void @sums(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out,
                             ptr addrspace(1) %counts, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %step = mul i32 %nctaid, %ntid
  br label %sum

sum:                                            ; for (k = tid; k < n; k += 64) t += a[k]
  %k = phi i32 [ %tid, %entry ], [ %k.next, %sum.body ]
  %t = phi float [ 0.0, %entry ], [ %t.next, %sum.body ]
  %more = icmp ult i32 %k, %n
  br i1 %more, label %sum.body, label %grid

sum.body:
  %k64 = zext i32 %k to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %k64
  %x = load float, ptr addrspace(1) %pa, align 4
  %t.next = fadd float %t, %x
  %k.next = add nuw i32 %k, 64
  br label %sum

grid:                                           ; for (j = i; j < n; j += step) u += b[j]
  %j = phi i32 [ %i, %sum ], [ %j.next, %grid.body ]
  %u = phi float [ %t, %sum ], [ %u.next, %grid.body ]
  %gmore = icmp ult i32 %j, %n
  br i1 %gmore, label %grid.body, label %copy

grid.body:
  %j64 = zext i32 %j to i64
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %j64
  %y = load float, ptr addrspace(1) %pb, align 4
  %u.next = fadd float %u, %y
  %j.next = add i32 %j, %step
  br label %grid

copy:                                           ; for (c = tid; c < n; c += 64) b[c] = a[c]
  %c = phi i32 [ %tid, %grid ], [ %c.next, %copy.body ]
  %cmore = icmp ult i32 %c, %n
  br i1 %cmore, label %copy.body, label %kept

copy.body:
  %c64 = zext i32 %c to i64
  %pca = getelementptr inbounds float, ptr addrspace(1) %a, i64 %c64
  %z = load float, ptr addrspace(1) %pca, align 4
  %pcb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %c64
  store float %z, ptr addrspace(1) %pcb, align 4
  %c.next = add nuw i32 %c, 64
  br label %copy

kept:                                           ; the same sum, not to be unrolled
  %q = phi i32 [ %tid, %copy ], [ %q.next, %kept.body ]
  %w = phi float [ %u, %copy ], [ %w.next, %kept.body ]
  %qmore = icmp ult i32 %q, %n
  br i1 %qmore, label %kept.body, label %done

kept.body:
  %q64 = zext i32 %q to i64
  %pq = getelementptr inbounds float, ptr addrspace(1) %a, i64 %q64
  %v = load float, ptr addrspace(1) %pq, align 4
  %w.next = fadd float %w, %v
  %q.next = add nuw i32 %q, 64
  br label %kept, !llvm.loop !0

done:
  %i64 = zext i32 %i to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %w, ptr addrspace(1) %po, align 4
  call void @gridsplit_grid_sync()
  br label %count

count:                                          ; for (m = 0; m < n; m++) s += m (no load)
  %m = phi i32 [ 0, %done ], [ %m.next, %count.body ]
  %s = phi i32 [ 0, %done ], [ %s.next, %count.body ]
  %mmore = icmp slt i32 %m, %n
  br i1 %mmore, label %count.body, label %end

count.body:
  %s.next = add i32 %s, %m
  %m.next = add nsw i32 %m, 1
  br label %count

end:
  %pc = getelementptr inbounds i32, ptr addrspace(1) %counts, i64 %i64
  call void @helper(ptr addrspace(1) %pc, i32 %s)
  ret void
}

attributes #0 = { noinline }
attributes #1 = { alwaysinline }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
