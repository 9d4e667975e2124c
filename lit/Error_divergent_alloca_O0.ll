; -O0 code keeps the id in an alloca and reloads it before comparing: the
; branch still depends on the invocation id, and the barrier inside the loop
; it controls is divergent (the trip count differs per invocation).
;
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK: {{.*}}Error_divergent_alloca_O0.ll: error: {{.*(divergent.*per_lane_rounds|per_lane_rounds.*divergent)}}
; CHECK-NOT: kernel 'per_lane_rounds'

define spir_kernel void @per_lane_rounds(ptr addrspace(1) noundef align 4 %out) #0 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %i = alloca i64, align 8
  %k = alloca i64, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2
  store i64 %call, ptr %i, align 8
  store i64 0, ptr %k, align 8
  br label %for.cond

for.cond:
  %0 = load i64, ptr %k, align 8
  %1 = load i64, ptr %i, align 8
  %cmp = icmp ult i64 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:
  call spir_func void @gridsplit_grid_sync() #3
  %2 = load i64, ptr %k, align 8
  %inc = add i64 %2, 1
  store i64 %inc, ptr %k, align 8
  br label %for.cond

for.end:
  call spir_func void @gridsplit_grid_sync() #3
  %3 = load ptr addrspace(1), ptr %out.addr, align 8
  %4 = load i64, ptr %i, align 8
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %3, i64 %4
  store i32 1, ptr addrspace(1) %arrayidx, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32 noundef) #1
declare spir_func void @gridsplit_grid_sync() #1

attributes #0 = { convergent noinline norecurse nounwind optnone }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent nounwind readnone willreturn }
attributes #3 = { convergent nounwind }
