; Accesses through chains of GEPs (struct fields, arrays of arrays) and
; bitcasts are attributed to the buffer at the base.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Particle = type { <4 x float>, <4 x float>, i32 }

; CHECK-LABEL: kernel 'advance': barriers 1, schedule static
; CHECK-NEXT:    buffer parts: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer grid: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer bytes: arg 2, global, host_input yes, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1{{$}}
; CHECK-NEXT:      parts read read_only{{$}}
; CHECK-NEXT:      grid write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      parts write write_only{{$}}
; CHECK-NEXT:      bytes read read_only{{$}}

define spir_kernel void @advance(ptr addrspace(1) %parts, ptr addrspace(1) %grid, ptr addrspace(1) %bytes) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pp = getelementptr inbounds %struct.Particle, ptr addrspace(1) %parts, i64 %gid
  %vel.p = getelementptr inbounds %struct.Particle, ptr addrspace(1) %pp, i64 0, i32 1
  %vel = load <4 x float>, ptr addrspace(1) %vel.p, align 16
  %cell.p = getelementptr inbounds %struct.Particle, ptr addrspace(1) %pp, i64 0, i32 2
  %cell = load i32, ptr addrspace(1) %cell.p, align 16
  %cell64 = sext i32 %cell to i64
  %row = getelementptr inbounds [16 x [16 x float]], ptr addrspace(1) %grid, i64 0, i64 %cell64
  %col = getelementptr inbounds [16 x float], ptr addrspace(1) %row, i64 0, i64 3
  %vx = extractelement <4 x float> %vel, i64 0
  store float %vx, ptr addrspace(1) %col, align 4
  call spir_func void @gridsplit_grid_sync()
  %pos.p = getelementptr inbounds %struct.Particle, ptr addrspace(1) %parts, i64 %gid, i32 0
  %as.bytes = bitcast ptr addrspace(1) %pos.p to ptr addrspace(1)
  store <4 x float> zeroinitializer, ptr addrspace(1) %as.bytes, align 16
  %b = getelementptr inbounds i8, ptr addrspace(1) %bytes, i64 %gid
  %b2 = getelementptr inbounds i8, ptr addrspace(1) %b, i64 4
  %word.p = bitcast ptr addrspace(1) %b2 to ptr addrspace(1)
  %word = load i32, ptr addrspace(1) %word.p, align 1
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
