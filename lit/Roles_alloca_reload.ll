; -O0 code keeps every pointer argument in an alloca and reloads it before
; each use. The reloaded pointer is still the argument's buffer; keeping a
; pointer in private memory is not an escape and gives no warning.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: count 0 < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'stencil_O0': barriers 1, schedule static
; CHECK-NEXT:    buffer src: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer dst: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      src read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      dst write write_only{{$}}

define spir_kernel void @stencil_O0(ptr addrspace(1) noundef align 4 %src, ptr addrspace(1) noundef align 4 %dst, i32 noundef %n) #0 {
entry:
  %src.addr = alloca ptr addrspace(1), align 8
  %dst.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %i = alloca i64, align 8
  %acc = alloca float, align 4
  %row = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %src, ptr %src.addr, align 8
  store ptr addrspace(1) %dst, ptr %dst.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  store i64 %call, ptr %i, align 8
  %0 = load ptr addrspace(1), ptr %src.addr, align 8
  %1 = load i64, ptr %i, align 8
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %1
  store ptr addrspace(1) %arrayidx, ptr %row, align 8
  %2 = load ptr addrspace(1), ptr %row, align 8
  %3 = load float, ptr addrspace(1) %2, align 4
  store float %3, ptr %acc, align 4
  call spir_func void @gridsplit_grid_sync() #3
  %4 = load float, ptr %acc, align 4
  %5 = load ptr addrspace(1), ptr %dst.addr, align 8
  %6 = load i64, ptr %i, align 8
  %arrayidx1 = getelementptr inbounds float, ptr addrspace(1) %5, i64 %6
  store float %4, ptr addrspace(1) %arrayidx1, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32 noundef) #1
declare spir_func void @gridsplit_grid_sync() #1

attributes #0 = { convergent noinline norecurse nounwind optnone }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent nounwind readnone willreturn }
attributes #3 = { convergent nounwind }
