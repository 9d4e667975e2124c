; REQUIRES: llvm15
; 64-bit atomics through SPIR-V (SPEC section 6): the translator writes
; atomicrmw max/min/umax/xor on i64 back as cl_khr_int64 builtins
; (atom_max on long, on ulong...), which POCL 3.1's kernel library lacks;
; gridsplit run turns those calls into the atomicrmw they stand for (with the
; signedness the mangled name gives), so the SPIR-V runs and computes the
; same as the IR: max, min, unsigned max (-1 is the largest), xor.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i64 5 -7 1099511627776 -2199023255552 3 2 -1 9
; RUN: %gridsplit --target spirv -o %t/s %s
; RUN: llvm-spirv-15 -r %t/s/Run_spirv_wide_atomics.spv -o %t/s/back.bc
; RUN: %opt -S %t/s/back.bc | FileCheck %s --check-prefix=BACK
; RUN: %gridsplit run --plan %t/s/Run_spirv_wide_atomics.plan.json --grid 8 --workgroup 4 --out %t/spv %t/s/back.bc m=zeros:32 in=@%t/in.bin
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/spv/m.bin | FileCheck %s
; RUN: %gridsplit run --grid 8 --workgroup 4 --out %t/ir %s m=zeros:32 in=@%t/in.bin
; RUN: cmp %t/spv/m.bin %t/ir/m.bin

; BACK: call spir_func i64 @_Z8atom_maxPU3AS1Vll(
; CHECK: {{^}}1099511627776 -2199023255552 -1 -1099511627765{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @wide(i64 addrspace(1)* %m, i64 addrspace(1)* %in) !kernel_arg_addr_space !0 !kernel_arg_access_qual !1 !kernel_arg_type !2 !kernel_arg_base_type !2 !kernel_arg_type_qual !3 !kernel_arg_name !4 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pi = getelementptr inbounds i64, i64 addrspace(1)* %in, i64 %gid
  %x = load i64, i64 addrspace(1)* %pi, align 8
  %p1 = getelementptr inbounds i64, i64 addrspace(1)* %m, i64 1
  %p2 = getelementptr inbounds i64, i64 addrspace(1)* %m, i64 2
  %p3 = getelementptr inbounds i64, i64 addrspace(1)* %m, i64 3
  %a = atomicrmw max i64 addrspace(1)* %m, i64 %x seq_cst, align 8
  %b = atomicrmw min i64 addrspace(1)* %p1, i64 %x seq_cst, align 8
  %c = atomicrmw umax i64 addrspace(1)* %p2, i64 %x seq_cst, align 8
  call spir_func void @gridsplit_grid_sync()
  %d = atomicrmw xor i64 addrspace(1)* %p3, i64 %x seq_cst, align 8
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
attributes #0 = { convergent nounwind }
!0 = !{i32 1, i32 1}
!1 = !{!"none", !"none"}
!2 = !{!"long*", !"long*"}
!3 = !{!"", !""}
!4 = !{!"m", !"in"}
