; A module global variable in the global address space is a buffer: listed
; after the arguments, as `global variable` (SPEC section 3,
; docs/formats.md), with roles and host input/output like an argument.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@lut = addrspace(1) global [256 x i32] zeroinitializer, align 4
@progress = addrspace(1) global i32 0, align 4

; CHECK-LABEL: kernel 'lookup': barriers 1, schedule static
; CHECK-NEXT:    buffer codes: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer lut: global variable, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer progress: global variable, global, host_input yes, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      codes read read_only{{$}}
; CHECK-NEXT:      lut read read_only{{$}}
; CHECK-NEXT:      progress accumulate read_write atomic{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      lut write write_only{{$}}

define spir_kernel void @lookup(ptr addrspace(1) %codes) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %cp = getelementptr inbounds i32, ptr addrspace(1) %codes, i64 %gid
  %c = load i32, ptr addrspace(1) %cp, align 4
  %c8 = and i32 %c, 255
  %c64 = zext i32 %c8 to i64
  %lp = getelementptr inbounds [256 x i32], ptr addrspace(1) @lut, i64 0, i64 %c64
  %l = load i32, ptr addrspace(1) %lp, align 4
  %done = atomicrmw add ptr addrspace(1) @progress, i32 %l seq_cst, align 4
  call spir_func void @gridsplit_grid_sync()
  %slot = and i64 %gid, 255
  %wp = getelementptr inbounds [256 x i32], ptr addrspace(1) @lut, i64 0, i64 %slot
  store i32 0, ptr addrspace(1) %wp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
