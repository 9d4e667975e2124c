; Sweeps of a 1-D three-point sum, the sweep count an argument: the grid
; barrier sits in a loop that stays a loop (a dynamic schedule), and the
; sweep counter is carried once per grid. Invocations past n keep their
; element. Read by Virtual_launch_invariant.ll and Run_virtual_dynamic_loop.ll.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @sweeps(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n, i32 %count) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %any = icmp sgt i32 %count, 0
  br i1 %any, label %sweep, label %done

sweep:
  %it = phi i32 [ 0, %entry ], [ %it.next, %synced ]
  %odd = and i32 %it, 1
  %isodd = icmp ne i32 %odd, 0
  %src = select i1 %isodd, ptr addrspace(1) %b, ptr addrspace(1) %a
  %dst = select i1 %isodd, ptr addrspace(1) %a, ptr addrspace(1) %b
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %synced

body:
  %pc = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gid
  %c = load i32, ptr addrspace(1) %pc, align 4
  %hasl = icmp ugt i32 %i, 0
  br i1 %hasl, label %left, label %l.done

left:
  %im1 = add i64 %gid, -1
  %pl = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %im1
  %lv = load i32, ptr addrspace(1) %pl, align 4
  br label %l.done

l.done:
  %lft = phi i32 [ %lv, %left ], [ 0, %body ]
  %ip1 = add i32 %i, 1
  %hasr = icmp ult i32 %ip1, %n
  br i1 %hasr, label %right, label %r.done

right:
  %gp1 = add i64 %gid, 1
  %pr = getelementptr inbounds i32, ptr addrspace(1) %src, i64 %gp1
  %rv = load i32, ptr addrspace(1) %pr, align 4
  br label %r.done

r.done:
  %rgt = phi i32 [ %rv, %right ], [ 0, %l.done ]
  %s1 = add i32 %lft, %c
  %s2 = add i32 %s1, %rgt
  %pd = getelementptr inbounds i32, ptr addrspace(1) %dst, i64 %gid
  store i32 %s2, ptr addrspace(1) %pd, align 4
  br label %synced

synced:
  call void @gridsplit_grid_sync()
  %it.next = add nuw nsw i32 %it, 1
  %more = icmp slt i32 %it.next, %count
  br i1 %more, label %sweep, label %done

done:
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare void @gridsplit_grid_sync()

!0 = !{i32 1, i32 1, i32 0, i32 0}
!1 = !{!"none", !"none", !"none", !"none"}
!2 = !{!"int*", !"int*", !"uint", !"int"}
!3 = !{!"", !"", !"", !""}
!4 = !{!"a", !"b", !"n", !"count"}
