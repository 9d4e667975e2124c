; OpenCL C atomic builtins, called as mangled functions, are atomic accesses
; to the buffer they get (SPEC section 3: "atomic builtins of the
; frontends"): OpenCL 1.x atomic_add/atomic_inc/atomic_cmpxchg and the C11
; style atomic_fetch_add_explicit, on a global and on a generic pointer. They
; are known builtins, not unknown calls: no warning.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>%t.err | FileCheck %s
; RUN: count 0 < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'tally': barriers 1, schedule static
; CHECK-NEXT:    buffer keys: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer bins: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer hits: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer total: arg 3, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer locks: arg 4, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer gen: arg 5, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      keys read read_only{{$}}
; CHECK-NEXT:      bins accumulate read_write atomic{{$}}
; CHECK-NEXT:      hits accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      total accumulate read_write atomic{{$}}
; CHECK-NEXT:      locks accumulate read_write atomic{{$}}
; CHECK-NEXT:      gen accumulate read_write atomic{{$}}

define spir_kernel void @tally(ptr addrspace(1) %keys, ptr addrspace(1) %bins, ptr addrspace(1) %hits, ptr addrspace(1) %total, ptr addrspace(1) %locks, ptr addrspace(1) %gen) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i64 %gid
  %k = load i32, ptr addrspace(1) %kp, align 4
  %bin = and i32 %k, 255
  %bin64 = zext i32 %bin to i64
  %bp = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %bin64
  %c0 = call spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1) %bp, i32 1)
  %c1 = call spir_func i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1) %hits)
  call spir_func void @gridsplit_grid_sync()
  %c2 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicii12memory_order(ptr addrspace(1) %total, i32 1, i32 0)
  %c3 = call spir_func i32 @_Z14atomic_cmpxchgPU3AS1Viii(ptr addrspace(1) %locks, i32 0, i32 1)
  %gen.g = addrspacecast ptr addrspace(1) %gen to ptr addrspace(4)
  %c4 = call spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order(ptr addrspace(4) %gen.g, i32 1, i32 5)
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0
declare spir_func i32 @_Z10atomic_addPU3AS1Vii(ptr addrspace(1), i32) #0
declare spir_func i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1)) #0
declare spir_func i32 @_Z14atomic_cmpxchgPU3AS1Viii(ptr addrspace(1), i32, i32) #0
declare spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicii12memory_order(ptr addrspace(1), i32, i32) #0
declare spir_func i32 @_Z25atomic_fetch_add_explicitPU3AS4VU7_Atomicii12memory_order(ptr addrspace(4), i32, i32) #0

attributes #0 = { convergent nounwind }
