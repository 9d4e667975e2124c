; Virtual workgroups (SPEC section 4, "virtual_workgroups"): with
; virtual-workgroups=true every segment takes the virtual grid's workgroup
; counts (three u32 after the live state), the order to run them in (a
; fourth: 0 from the first to the last, 1 from the last to the first, which
; the runner chooses per launch) and the range of them the launch runs
; (gs_vfirst, gs_vend: a runner spreading the grid over devices gives each
; its own), and loops over that range, its counter starting at its physical
; workgroup's linear id and stepping by the physical workgroup count, the
; virtual workgroup gs_vfirst + the counter. Inside the loop no grid query reads the physical grid:
; group ids and counts, global ids and sizes come from the virtual workgroup
; (a computed dimension through a select on it); local ids and sizes stay.
; A segment that can end with workgroup memory touched since its last
; workgroup barrier waits for its whole workgroup before the next virtual
; workgroup (stamp.seg0); one whose accesses are all followed by a barrier
; (tidy.seg0), or that touches none (stamp.seg1), does not. A one-dimensional
; virtual grid has a loop of its own, with no division. SPIR's default is off; NVPTX's is on.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit --virtual-workgroups -o %t.dir %s
; RUN: FileCheck %s < %t.dir/Split_virtual_workgroups.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_virtual_workgroups.ll
; RUN: %plan2lines %t.dir/Split_virtual_workgroups.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<virtual-workgroups=true>' -S %s | FileCheck %s
; RUN: %gridsplit -o %t.off %s
; RUN: FileCheck %s --check-prefix=OFF < %t.off/Split_virtual_workgroups.ll
; RUN: %plan2lines %t.off/Split_virtual_workgroups.plan.json | FileCheck %s --check-prefix=PLAN-OFF
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<virtual-workgroups=maybe>' -S %s 2>&1 | FileCheck %s --check-prefix=BADOPT

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

; CHECK-LABEL: define spir_kernel void @stamp.seg0(ptr addrspace(1) {{[a-z ]*}}%out, ptr addrspace(1) {{[a-z ]*}}%sizes, i32 {{[a-z ]*}}%d, ptr addrspace(1) align 16 %gs_live_state, i32 %gs_vgroups_x, i32 %gs_vgroups_y, i32 %gs_vgroups_z, i32 %gs_vorder, i32 %gs_vfirst, i32 %gs_vend)
; CHECK:       gs.ventry:
; CHECK:         call spir_func i64 @_Z12get_group_idj(i32 0)
; CHECK:         call spir_func i64 @_Z14get_num_groupsj(i32 0)
; Bit 0 of the order argument reverses the order (the others replay:
; docs/split.md).
; CHECK:         %[[REV:[0-9]+]] = and i32 %gs_vorder, 1
; CHECK-NEXT:    %gs.vreverse.not = icmp eq i32 %[[REV]], 0
; The range's count of virtual workgroups: min(gs_vend, their count) -
; gs_vfirst, or 0
; CHECK:         %[[END:[0-9]+]] = call i32 @llvm.umin.i32(i32 %{{gs.vtotal|gs_vend}}, i32 %{{gs.vtotal|gs_vend}})
; CHECK-NEXT:    %[[CNT:[0-9a-z.]+]] = call i32 @llvm.usub.sat.i32(i32 %[[END]], i32 %gs_vfirst)
; CHECK:         %gs.vstep = select i1 %gs.vreverse.not, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK:         %gs.v1d = icmp eq i32
; CHECK:         br i1 %gs.v1d, label %gs.vloop1d.preheader, label %gs.vloop.preheader
; The one-dimensional loop's start and end: every virtual workgroup (no
; guard ends the work early: lit/Split_virtual_trim.ll)
; CHECK:       gs.vloop1d.preheader:
; CHECK:         %gs.vstart1d = select i1 %gs.vreverse.not, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK:       gs.vloop1d:
; CHECK-NEXT:    %gs.v = phi i32 {{.*}}[ %gs.vstart1d, %gs.vloop1d.preheader ]
; CHECK:         icmp ult i32 %gs.v, %gs.vcount{{[0-9]*}}
; CHECK:       gs.vgroup:
; CHECK-NEXT:    %[[W:[0-9]+]] = add i32 %gs.v, %gs_vfirst
; CHECK-NEXT:    zext i32 %[[W]] to i64
; CHECK-NOT:     udiv
; CHECK-NOT:     @_Z13get_global_idj
; CHECK-NOT:     @_Z12get_group_idj
; CHECK-NOT:     @_Z14get_num_groupsj
; CHECK-NOT:     @_Z15get_global_sizej
; CHECK:         select i1
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK-NEXT:    add i32 %gs.v, %gs.vstep
; CHECK-NEXT:    br label %gs.vloop1d
; CHECK:       gs.vloop.preheader:
; CHECK:         %gs.vstart = select i1 %gs.vreverse.not, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK:       gs.vloop:
; CHECK-NEXT:    %[[V:gs.v[0-9]+]] = phi i32 {{.*}}[ %gs.vstart, %gs.vloop.preheader ]
; CHECK-NEXT:    icmp ult i32 %[[V]], %[[CNT]]
; CHECK:       gs.vgroup{{[0-9]+}}:
; CHECK-NEXT:    %[[W3:[0-9]+]] = add i32 %[[V]], %gs_vfirst
; CHECK-NEXT:    udiv i32 %[[W3]], %gs_vgroups_x
; CHECK-NEXT:    %gs.vx = urem i32 %[[W3]], %gs_vgroups_x
; CHECK:         br label %gs.vloop
; CHECK:       gs.vdone:
; CHECK-NEXT:    ret void
; CHECK-LABEL: define spir_kernel void @stamp.seg1(
; CHECK-SAME:    i32 %gs_vgroups_x, i32 %gs_vgroups_y, i32 %gs_vgroups_z, i32 %gs_vorder, i32 %gs_vfirst, i32 %gs_vend)
; CHECK:       gs.vgroup:
; CHECK-NOT:     @_Z13get_global_idj
; CHECK-NOT:     @_Z7barrierj
; CHECK:         add i32 %gs.v, %gs.vstep
; CHECK-NEXT:    br label %gs.vloop1d
; CHECK-LABEL: define spir_kernel void @tidy.seg0(
; CHECK:       gs.vgroup:
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK-NOT:     @_Z7barrierj
; CHECK:         add i32 %gs.v, %gs.vstep
; CHECK-NEXT:    br label %gs.vloop1d
; CHECK-NOT:   define internal {{.*}}vgroup

; PLAN: kernels[0].live_state.arg = 3
; PLAN: kernels[0].virtual_groups.arg = 4
; PLAN: kernels[0].virtual_groups.order_arg = 7
; PLAN: kernels[0].virtual_groups.range_arg = 8
; PLAN: kernels[0].virtual_workgroups = true

; OFF-LABEL: define spir_kernel void @stamp.seg0(ptr addrspace(1) {{[a-z ]*}}%out, ptr addrspace(1) {{[a-z ]*}}%sizes, i32 {{[a-z ]*}}%d, ptr addrspace(1) align 16 %gs_live_state)
; OFF-NOT:   gs_vgroups
; PLAN-OFF-NOT: kernels[0].virtual

; BADOPT: gridsplit option 'virtual-workgroups=maybe': expected true or false

; seg0: the tile in workgroup memory, ids and the grid's sizes in the computed
; dimension D; seg1: reads the value carried across the barrier.
define spir_kernel void @stamp(ptr addrspace(1) %out, ptr addrspace(1) %sizes, i32 %d) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %grp = call spir_func i64 @_Z12get_group_idj(i32 %d)
  %ng = call spir_func i64 @_Z14get_num_groupsj(i32 %d)
  %gs = call spir_func i64 @_Z15get_global_sizej(i32 0)
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %lid
  %g32 = trunc i64 %grp to i32
  store i32 %g32, ptr addrspace(3) %slot, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %other = xor i64 %lid, 1
  %oslot = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %other
  %v = load i32, ptr addrspace(3) %oslot, align 4
  %n32 = trunc i64 %ng to i32
  %s32 = trunc i64 %gs to i32
  %mix = mul i32 %n32, 1000
  %val = add i32 %v, %mix
  %ps = getelementptr inbounds i32, ptr addrspace(1) %sizes, i64 %gid
  store i32 %s32, ptr addrspace(1) %ps, align 4
  call spir_func void @gridsplit_grid_sync()
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %val, ptr addrspace(1) %po, align 4
  ret void
}

; Every workgroup-memory access is followed by a workgroup barrier.
define spir_kernel void @tidy(ptr addrspace(1) %out) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %lid
  %g32 = trunc i64 %gid to i32
  store i32 %g32, ptr addrspace(3) %slot, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %other = xor i64 %lid, 1
  %oslot = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %other
  %v = load i32, ptr addrspace(3) %oslot, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %po, align 4
  call spir_func void @gridsplit_grid_sync()
  store i32 0, ptr addrspace(1) %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func i64 @_Z12get_group_idj(i32)
declare spir_func i64 @_Z14get_num_groupsj(i32)
declare spir_func i64 @_Z15get_global_sizej(i32)
declare spir_func void @_Z7barrierj(i32) #0
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
