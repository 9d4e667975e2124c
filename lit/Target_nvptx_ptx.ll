; PTX through LLVM's NVPTX backend (SPEC section 6): the segments are .entry
; functions of one PTX module; a read-only buffer that is known not to alias
; (here by --distinct-buffers) reaches the backend as readonly noalias and is
; read through the non-coherent path (ld.global.nc); without that knowledge
; no noalias is added and no ld.global.nc appears. PTX names have no '.', so
; the segment scale.seg0 of the plan is the PTX entry scale_$_seg0.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --drop-original --distinct-buffers -o %t/nc --plan %t/nc.json %s
; RUN: FileCheck %s --check-prefix=NC < %t/nc/Target_nvptx_ptx.ptx
; RUN: FileCheck %s --check-prefix=VIRT < %t/nc/Target_nvptx_ptx.ptx
; RUN: %plan2lines %t/nc.json | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit --target nvptx --drop-original -o %t/plain %s
; RUN: FileCheck %s --check-prefix=PLAIN < %t/plain/Target_nvptx_ptx.ptx
; RUN: %gridsplit --target ir --drop-original -o %t/ir %s
; RUN: FileCheck %s --check-prefix=IR < %t/ir/Target_nvptx_ptx.ll
; Virtual workgroups are NVPTX's default: the segments loop over the virtual
; grid's workgroups (%ctaid and %nctaid are read once, before the loop).
; RUN: %gridsplit --target nvptx --drop-original --no-virtual-workgroups -o %t/novirt --plan %t/novirt.json %s
; RUN: FileCheck %s --check-prefix=NOVIRT < %t/novirt/Target_nvptx_ptx.ptx
; RUN: %plan2lines %t/novirt.json | FileCheck %s --check-prefix=PLAN-NOVIRT

; NC: .target sm_80
; NC-LABEL: .visible .entry scale_$_seg0(
; NC: ld.global.nc.{{[bf]}}32
; NC: st.global.{{[bf]}}32
; NC-LABEL: .visible .entry scale_$_seg1(
; NC: ld.global.nc.{{[bf]}}32
; PLAN: kernels[0].distinct_buffers = true
; PLAN: kernels[0].virtual_groups.arg = 3
; PLAN: kernels[0].virtual_groups.order_arg = 6
; PLAN: kernels[0].virtual_workgroups = true

; PLAIN-LABEL: .visible .entry scale_$_seg0(
; PLAIN-NOT: ld.global.nc
; PLAIN-LABEL: .visible .entry scale_$_seg1(
; PLAIN-NOT: ld.global.nc

; VIRT-LABEL: .visible .entry scale_$_seg0(
; VIRT: .param .u32 scale_$_seg0_param_3
; VIRT: .param .u32 scale_$_seg0_param_5
; VIRT: .param .u32 scale_$_seg0_param_6
; VIRT: mov.u32 {{.*}}%ctaid.x
; VIRT: mov.u32 {{.*}}%nctaid.x
; VIRT-NOT: %ctaid.x
; VIRT: bra.uni
; NOVIRT-LABEL: .visible .entry scale_$_seg0(
; NOVIRT-NOT: _param_3
; PLAN-NOVIRT-NOT: kernels[0].virtual

; IR-LABEL: define ptx_kernel void @scale.seg0(
; IR-NOT: noalias
; IR-SAME: readonly
; IR-SAME: i32 %gs_vgroups_x, i32 %gs_vgroups_y, i32 %gs_vgroups_z, i32 %gs_vorder, i32 %gs_vfirst, i32 %gs_vend)
; IR-LABEL: define ptx_kernel void @scale.seg1(

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @scale(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i64
  %x = load float, ptr addrspace(1) %p, align 4
  %y = fmul float %x, 2.0
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %y, ptr addrspace(1) %q, align 4
  call void @gridsplit_grid_sync()
  %r = getelementptr inbounds float, ptr addrspace(1) %in, i64 0
  %z = load float, ptr addrspace(1) %r, align 4
  %w = load float, ptr addrspace(1) %q, align 4
  %s = fadd float %z, %w
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @gridsplit_grid_sync()
