; A dynamic schedule's launch-invariant reads leave the loop over virtual
; workgroups. Inside the loop they were two dependent loads before every
; virtual workgroup's first load of data: Jacobi sweeps in a loop ran 1.14x
; slower than unrolled ones on an H200 at 2^27 elements. The guard
; (control[3], the segment that runs now, which a host queueing launches
; ahead of the schedule sets) sits before the loops. The launch's number
; (control[2], or the order argument's in a replay) is an !invariant.load
; read from the control word, declared dereferenceable, which LICM hoists
; into the loop's preheader; the sweep counter carried once, from 0 up by
; one, is that number less one (lib/once_launch.c): nothing is read of the
; live state. (NVPTX reads the number in the guard instead:
; Target_nvptx_launch_reads.ll.) (Both copies of a counter the number does not give are
; !invariant.load reads from the live state's header, declared
; dereferenceable, which LICM hoists into the loop's preheader:
; Split_once_launch.ll.) Run_virtual_dynamic_loop.ll runs it.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --virtual-workgroups -o %t %S/Inputs/sweep_loop.ll
; RUN: FileCheck %s < %t/sweep_loop.ll
; RUN: opt -passes=verify -disable-output %t/sweep_loop.ll
; RUN: %gridsplit -o %t/off %S/Inputs/sweep_loop.ll
; RUN: FileCheck %s --check-prefix=OFF < %t/off/sweep_loop.ll

; CHECK-LABEL: define spir_kernel void @sweeps.seg1(
; CHECK-SAME:    ptr addrspace(1) align 16 dereferenceable(16) %gs_live_state, ptr addrspace(1) align 4 dereferenceable(16) %gs_control,
; A launch the schedule has not reached (control[3] holds another segment)
; leaves before the loops, unless the runner replays it (bit 1 of the order
; argument: docs/split.md, "Replaying a path"), which reads no control word
; and has its number in the order argument.
; CHECK:       gs.ventry:
; CHECK:         %[[BIT:[0-9]+]] = and i32 %gs_vorder, 2
; CHECK-NEXT:    %gs.vreplay.not = icmp eq i32 %[[BIT]], 0
; CHECK:         br i1 %gs.vreplay.not, label %gs.guard, label %gs.run
; CHECK:       gs.guard:
; CHECK-NEXT:    %[[CUR:[0-9]+]] = getelementptr {{i32|inbounds nuw i8}}, ptr addrspace(1) %gs_control, i64 {{3|12}}
; CHECK-NEXT:    %gs.current = load i32, ptr addrspace(1) %[[CUR]], align 4{{$}}
; CHECK-NEXT:    %[[IS:[0-9]+]] = icmp eq i32 %gs.current, 1
; CHECK-NEXT:    br i1 %[[IS]], label %gs.run, label %[[IDLE:[a-z._0-9]+]]
; CHECK:       gs.run:
; CHECK-NOT:     %gs_live_state
; CHECK:       gs.vloop1d.preheader:
; CHECK-NOT:     %gs_live_state
; CHECK:         %gs.launch{{[.a-z0-9]*}} = load i32, ptr addrspace(1) %{{[0-9]+}}, align 4
; CHECK:         %[[L:gs.launch[.a-z0-9]*]] = select i1
; CHECK-NOT:     %gs_live_state
; CHECK:         icmp slt i32 %[[L]], %count
; CHECK-NOT:     %gs_live_state
; CHECK:       gs.vloop1d:
; CHECK-NOT:     %gs.launch
; CHECK-NOT:     %gs_live_state
; CHECK:       gs.vloop.preheader:
; CHECK-NOT:     %gs_live_state
; CHECK:         %gs.launch{{[.a-z0-9]*}} = load i32
; CHECK:       gs.vloop:
; CHECK-NOT:     %gs.launch
; CHECK-NOT:     %gs_live_state
; CHECK:       gs.vdone:

; Without virtual workgroups the launch's number is read at the segment's
; start, marked, and gives the counter.
; OFF-LABEL: define spir_kernel void @sweeps.seg1(
; OFF:         %gs.current = load i32, ptr addrspace(1) %{{[0-9]+}}, align 4{{$}}
; OFF-NEXT:    %[[NOW:[0-9]+]] = icmp eq i32 %gs.current, 1
; OFF-NEXT:    br i1 %[[NOW]], label %gs.run, label
; OFF:       gs.run:
; OFF:         %gs.launch = load i32, ptr addrspace(1) %{{[0-9]+}}, align 4, !invariant.load ![[INV:[0-9]+]]
; OFF-NEXT:    %it{{[0-9]*}} = sub i32 %gs.launch, 1
; OFF-NOT:     %gs_live_state
; OFF-NOT:     store atomic
; OFF:       {{^}}}
; OFF:       ![[INV]] = !{}

