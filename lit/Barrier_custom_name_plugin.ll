; The plugin's `barrier=NAME` option adds a grid-barrier spelling, as the
; tool's --barrier does (SPEC sections 1, 5).
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles<barrier=legacy_grid_barrier>>' -disable-output %s | FileCheck %s --check-prefix=WITH
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s --check-prefix=WITHOUT

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; WITH-LABEL: kernel 'relax': barriers 2, schedule static
; WITH-NEXT:    buffer grid: arg 0, global, host_input yes, host_output yes
; WITH-NEXT:    buffer flag: arg 1, global, host_input no, host_output yes
; WITH-NEXT:    segment 0: begins at entry, successors 1{{$}}
; WITH-NEXT:      grid read read_only{{$}}
; WITH-NEXT:      flag write write_only{{$}}
; WITH-NEXT:    segment 1: begins at barrier 1, successors 2{{$}}
; WITH-NEXT:      grid write write_only{{$}}
; WITH-NEXT:    segment 2: begins at barrier 2, successors end{{$}}
; WITH-NEXT:      grid read read_only{{$}}
; WITH-NEXT:      flag accumulate read_write{{$}}

; WITHOUT-LABEL: kernel 'relax': barriers 1, schedule static
; WITHOUT-NEXT:    buffer grid: arg 0, global, host_input yes, host_output yes
; WITHOUT-NEXT:    buffer flag: arg 1, global, host_input no, host_output yes
; WITHOUT-NEXT:    segment 0: begins at entry, successors 1{{$}}
; WITHOUT-NEXT:      grid readwrite read_write{{$}}
; WITHOUT-NEXT:      flag write write_only{{$}}
; WITHOUT-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; WITHOUT-NEXT:      grid read read_only{{$}}
; WITHOUT-NEXT:      flag accumulate read_write{{$}}

define spir_kernel void @relax(ptr addrspace(1) %grid, ptr addrspace(1) %flag) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %grid, i64 %gid
  %f = getelementptr inbounds i32, ptr addrspace(1) %flag, i64 %gid
  %v = load float, ptr addrspace(1) %p, align 4
  %big = fcmp ogt float %v, 1.000000e+00
  %big.i = zext i1 %big to i32
  store i32 %big.i, ptr addrspace(1) %f, align 4
  call spir_func void @legacy_grid_barrier()
  %h = uitofp i64 %gid to float
  store float %h, ptr addrspace(1) %p, align 4
  call spir_func void @gridsplit_grid_sync()
  %w = load float, ptr addrspace(1) %p, align 4
  %small = fcmp olt float %w, 1.000000e+00
  %small.i = zext i1 %small to i32
  store i32 %small.i, ptr addrspace(1) %f, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
declare spir_func void @legacy_grid_barrier() #0

attributes #0 = { convergent nounwind }
