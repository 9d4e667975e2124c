; REQUIRES: llvm15
; Integers of widths SPIR-V does not have (i24, i56) are computed in the
; next legal width before translation, masked after each operation that
; may carry into the high bits and sign-extended where one reads the sign:
; the results on POCL equal LLVM's semantics of the odd widths, computed by
; hand (a Python model of two's complement at 24 and 56 bits), for x =
; -3 .. 4 as i64 input, per invocation eight i64 results:
;   add i56 wrap, mul i24 wrap, ashr i56, sdiv i24, srem i56, icmp slt i24,
;   sext i24 -> i64, lshr i56 of a negative
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target spirv -o %t/spv %s
; RUN: spirv-val %t/spv/Target_spirv_odd_widths_run.spv
; RUN: spirv-dis %t/spv/Target_spirv_odd_widths_run.spv | FileCheck %s --check-prefix=SPV
; RUN: llvm-spirv-15 -r %t/spv/Target_spirv_odd_widths_run.spv -o %t/k.bc
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i64 -3:5
; RUN: %gridsplit run --plan %t/spv/Target_spirv_odd_widths_run.plan.json --grid 8 --workgroup 4 --out %t/run %t/k.bc in=@%t/in.bin out=zeros:512
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/run/out.bin | FileCheck %s --check-prefix=OUT

; SPV-NOT: OpTypeInt {{24|56}}
; OUT: {{^}}36028797018963964 8389373 72057594037927935 0 -3 1 -3 9007199254740991 36028797018963965 510 72057594037927935 0 -2 1 -2 9007199254740991 36028797018963966 8388863 72057594037927935 0 -1 0 -1 9007199254740991 36028797018963967 0 0 0 0 0 0 0 36028797018963968 8388353 0 0 1 0 1 0 36028797018963969 16776706 0 0 2 0 2 0 36028797018963970 8387843 0 0 3 0 3 0 36028797018963971 16776196 1 0 4 0 4 0{{$}}

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @odd(i64 addrspace(1)* %in, i64 addrspace(1)* %out) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i64, i64 addrspace(1)* %in, i64 %id
  %x = load i64, i64 addrspace(1)* %p, align 8
  %a = trunc i64 %x to i56
  %b = trunc i64 %x to i24
  call void @gridsplit_grid_sync()
  %add = add i56 %a, 36028797018963967
  %mul = mul i24 %b, 8388353
  %ashr = ashr i56 %a, 2
  %sdiv = sdiv i24 %b, 7
  %srem = srem i56 %a, 5
  %slt = icmp slt i24 %b, -1
  %lshr = lshr i56 %a, 3
  %r0 = zext i56 %add to i64
  %r1 = zext i24 %mul to i64
  %r2 = zext i56 %ashr to i64
  %r3 = sext i24 %sdiv to i64
  %r4 = sext i56 %srem to i64
  %r5 = zext i1 %slt to i64
  %r6 = sext i24 %b to i64
  %r7 = zext i56 %lshr to i64
  %base = mul i64 %id, 8
  %q0 = getelementptr i64, i64 addrspace(1)* %out, i64 %base
  store i64 %r0, i64 addrspace(1)* %q0, align 8
  %q1 = getelementptr i64, i64 addrspace(1)* %q0, i64 1
  store i64 %r1, i64 addrspace(1)* %q1, align 8
  %q2 = getelementptr i64, i64 addrspace(1)* %q0, i64 2
  store i64 %r2, i64 addrspace(1)* %q2, align 8
  %q3 = getelementptr i64, i64 addrspace(1)* %q0, i64 3
  store i64 %r3, i64 addrspace(1)* %q3, align 8
  %q4 = getelementptr i64, i64 addrspace(1)* %q0, i64 4
  store i64 %r4, i64 addrspace(1)* %q4, align 8
  %q5 = getelementptr i64, i64 addrspace(1)* %q0, i64 5
  store i64 %r5, i64 addrspace(1)* %q5, align 8
  %q6 = getelementptr i64, i64 addrspace(1)* %q0, i64 6
  store i64 %r6, i64 addrspace(1)* %q6, align 8
  %q7 = getelementptr i64, i64 addrspace(1)* %q0, i64 7
  store i64 %r7, i64 addrspace(1)* %q7, align 8
  ret void
}
