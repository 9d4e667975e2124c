; A load from a noalias buffer that no segment writes is recomputed after
; the barrier (SPEC section 2, DESIGN.md: loads of buffers that no segment
; writes): nothing is carried (live_state null), and segment 1 now reads the
; buffer itself, which its role says (SPEC section 3: roles describe the
; segments as emitted); segment 0 no longer needs the load at all.
;
; RUN: rm -rf %t.dir
; RUN: %gridsplit -o %t.dir --plan %t.plan.json --print-roles %s | FileCheck %s --check-prefix=ROLES
; RUN: %plan2lines %t.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: FileCheck %s < %t.dir/Split_remat_noalias_load.ll
; RUN: %opt -passes=verify -disable-output %t.dir/Split_remat_noalias_load.ll

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; PLAN: kernels[0].live_state = null

; ROLES-LABEL: kernel 'scale': barriers 1, schedule static
; ROLES:         segment 0: begins at entry, successors 1{{$}}
; ROLES-NEXT:      dst write write_only{{$}}
; ROLES-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; ROLES-NEXT:      src read read_only{{$}}
; ROLES-NEXT:      dst accumulate read_write{{$}}

; CHECK-NOT:   gs_live_state
; CHECK-LABEL: define spir_kernel void @scale.seg1(
; CHECK:         load float, ptr addrspace(1)
; CHECK:         ret void

define spir_kernel void @scale(ptr addrspace(1) noalias readonly %src, ptr addrspace(1) noalias %dst) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %ps = getelementptr inbounds float, ptr addrspace(1) %src, i64 %gid
  %x = load float, ptr addrspace(1) %ps, align 4
  %pd = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %gid
  store float 0.0, ptr addrspace(1) %pd, align 4
  call spir_func void @gridsplit_grid_sync()
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %pd, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
