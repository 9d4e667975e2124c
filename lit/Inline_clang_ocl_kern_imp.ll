; clang 22 emits an OpenCL kernel as a thin spir_kernel wrapper that calls
; __clang_ocl_kern_imp_<name>, a spir_func holding the body. The barrier in
; the body is found by inlining it, the roles are reported against the
; wrapper's (the kernel's) argument names, and the implementation function is
; not a kernel (SPEC sections 1, 3). This is clang 22 -O0 output (with
; -fno-discard-value-names), trimmed.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'scale': barriers 1, schedule static
; CHECK-NEXT:    buffer in: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer out: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      in read read_only{{$}}
; CHECK-NEXT:      out write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      out accumulate read_write{{$}}
; CHECK-NOT:   kernel '__clang_ocl_kern_imp_scale'

define dso_local spir_kernel void @scale(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, float noundef %k) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %k.addr = alloca float, align 4
  store ptr addrspace(1) %in, ptr %in.addr, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store float %k, ptr %k.addr, align 4
  %0 = load ptr addrspace(1), ptr %in.addr, align 8
  %1 = load ptr addrspace(1), ptr %out.addr, align 8
  %2 = load float, ptr %k.addr, align 4
  call spir_func void @__clang_ocl_kern_imp_scale(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, float noundef %2) #3
  ret void
}

define dso_local spir_func void @__clang_ocl_kern_imp_scale(ptr addrspace(1) noundef align 4 %in, ptr addrspace(1) noundef align 4 %out, float noundef %k) #1 !kernel_arg_addr_space !3 !kernel_arg_access_qual !4 !kernel_arg_type !5 !kernel_arg_base_type !5 !kernel_arg_type_qual !6 {
entry:
  %in.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %k.addr = alloca float, align 4
  %i = alloca i64, align 8
  store ptr addrspace(1) %in, ptr %in.addr, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store float %k, ptr %k.addr, align 4
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4
  store i64 %call, ptr %i, align 8
  %0 = load ptr addrspace(1), ptr %in.addr, align 8
  %1 = load i64, ptr %i, align 8
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  %2 = load float, ptr addrspace(1) %arrayidx, align 4
  %3 = load float, ptr %k.addr, align 4
  %mul = fmul float %2, %3
  %4 = load ptr addrspace(1), ptr %out.addr, align 8
  %5 = load i64, ptr %i, align 8
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %4, i64 %5
  store float %mul, ptr addrspace(1) %arrayidx1, align 4
  call spir_func void @gridsplit_grid_sync() #3
  %6 = load ptr addrspace(1), ptr %out.addr, align 8
  %7 = load i64, ptr %i, align 8
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %6, i64 %7
  %8 = load float, ptr addrspace(1) %arrayidx2, align 4
  %add = fadd float %8, 1.000000e+00
  store float %add, ptr addrspace(1) %arrayidx2, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32 noundef) #2
declare spir_func void @gridsplit_grid_sync() #2

attributes #0 = { convergent noinline norecurse nounwind optnone "uniform-work-group-size"="false" }
attributes #1 = { convergent noinline norecurse nounwind optnone }
attributes #2 = { convergent nounwind }
attributes #3 = { convergent nounwind }
attributes #4 = { convergent nounwind readnone willreturn }

!3 = !{i32 1, i32 1, i32 0}
!4 = !{!"none", !"none", !"none"}
!5 = !{!"float*", !"float*", !"float"}
!6 = !{!"", !"", !""}
