; Unnamed arguments are named argN after their index, counting every
; argument (SPEC section 3): the third argument, %0 in the text, is `arg2`.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s
; RUN: %gridsplit --target ir -o %t.out2 --plan - %s | %plan2lines | FileCheck %s --check-prefix=PLAN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'anon': barriers 1, schedule static
; CHECK-NEXT:    buffer named: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer arg2: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    buffer arg3: arg 3, global, host_input yes, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      named read read_only{{$}}
; CHECK-NEXT:      arg3 read read_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      arg2 write write_only{{$}}

; PLAN:      kernels[0].buffers[1].arg = 2
; PLAN:      kernels[0].buffers[1].host_input = false
; PLAN:      kernels[0].buffers[1].host_output = true
; PLAN:      kernels[0].buffers[1].name = "arg2"

define spir_kernel void @anon(ptr addrspace(1) %named, i32 %count, ptr addrspace(1) %0, ptr addrspace(1) %1) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %np = getelementptr inbounds i32, ptr addrspace(1) %named, i64 %gid
  %a = load i32, ptr addrspace(1) %np, align 4
  %bp = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %gid
  %b = load i32, ptr addrspace(1) %bp, align 4
  %ab = or i32 %a, %b
  %nz = icmp ne i32 %ab, 0
  call spir_func void @gridsplit_grid_sync()
  %op = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %gid
  store i32 %count, ptr addrspace(1) %op, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
