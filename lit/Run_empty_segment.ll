; REQUIRES: llvm15
; A kernel that ends with a grid barrier: the segment after it only returns.
; The plan marks it "empty" (SPEC section 4: no effect, so a host need not
; launch it), gridsplit run does not launch it in the static schedule, and
; the results are those of the whole kernel. Segments that write memory are
; never empty.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -o %t/split --plan %t/plan.json %s
; RUN: %plan2lines %t/plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit run --verbose --grid 8 --workgroup 4 --out %t/out %s a=zeros:32 b=zeros:32 2>&1 | FileCheck %s --check-prefix=LOG
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/out/b.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --plan %t/plan.json --verbose --grid 8 --workgroup 4 --out %t/out2 %t/split/Run_empty_segment.ll a=zeros:32 b=zeros:32 2>&1 | FileCheck %s --check-prefix=LOG

; PLAN-NOT: segments[0].empty
; PLAN-NOT: segments[1].empty
; PLAN: kernels[0].segments[2].empty = true
; LOG: gridsplit run: twice segment 0{{$}}
; LOG-NEXT: gridsplit run: twice segment 1{{$}}
; LOG-NEXT: gridsplit run: twice segment 2: empty, not launched
; OUT: {{^}}1 2 3 4 5 6 7 0{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; a[i] = i; barrier; b[i] = a[(i + 1) % 8]; barrier
define spir_kernel void @twice(ptr addrspace(1) %a, ptr addrspace(1) %b) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %gid
  %v = trunc i64 %gid to i32
  store i32 %v, ptr addrspace(1) %pa, align 4
  call spir_func void @gridsplit_grid_sync()
  %n = add i64 %gid, 1
  %j = urem i64 %n, 8
  %pj = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %j
  %x = load i32, ptr addrspace(1) %pj, align 4
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %gid
  store i32 %x, ptr addrspace(1) %pb, align 4
  call spir_func void @gridsplit_grid_sync()
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
attributes #0 = { convergent nounwind }
!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"int*", !"int*"}
!3 = !{!"", !""}
!4 = !{!"a", !"b"}
