; REQUIRES: llvm15
; A helper that names a workgroup variable itself (CUDA's __shared__ in a
; device function, or IR from any frontend) reads the segment's own copy of
; it (issue 11: whatever a segment reaches is the segment). Each segment has
; its own workgroup variables, carried across barriers where needed; a helper
; left a call would read the original variable, which no segment writes, and
; give zeros with exit 0. The helper is inlined before the split, with and
; without virtual workgroups. By hand: tile[l] = g, then o[g] = tile[l ^ 1]
; (pairs swapped); after the grid barrier o2[g] = tile[l] = g (the tile
; carried across it).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run --grid 8 --workgroup 4 --out %t/p %s o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/p/o.bin | FileCheck %s --check-prefix=O
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/p/o2.bin | FileCheck %s --check-prefix=O2
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v %s o=zeros:32 o2=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v/o.bin | FileCheck %s --check-prefix=O
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v/o2.bin | FileCheck %s --check-prefix=O2

; O: {{^}}1 0 3 2 5 4 7 6{{$}}
; O2: {{^}}0 1 2 3 4 5 6 7{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

define spir_func i32 @peek(i64 %j) #0 {
  %p = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i64 0, i64 %j
  %v = load i32, ptr addrspace(3) %p, align 4
  ret i32 %v
}

define spir_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %o2) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %g = call spir_func i64 @_Z13get_global_idj(i32 0)
  %l = call spir_func i64 @_Z12get_local_idj(i32 0)
  %p = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i64 0, i64 %l
  %gi = trunc i64 %g to i32
  store i32 %gi, ptr addrspace(3) %p, align 4
  call spir_func void @_Z7barrierj(i32 1)
  %n = xor i64 %l, 1
  %v = call spir_func i32 @peek(i64 %n)
  %op = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %g
  store i32 %v, ptr addrspace(1) %op, align 4
  call spir_func void @gridsplit_grid_sync()
  %w = call spir_func i32 @peek(i64 %l)
  %o2p = getelementptr inbounds i32, ptr addrspace(1) %o2, i64 %g
  store i32 %w, ptr addrspace(1) %o2p, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i64 @_Z12get_local_idj(i32)
declare spir_func void @_Z7barrierj(i32)
declare spir_func void @gridsplit_grid_sync()
attributes #0 = { noinline }
!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"int*"}
!3 = !{!"", !""}
!4 = !{!"o", !"o2"}
