; REQUIRES: llvm15
; The live state holds a column per carried value (docs/split.md, "The
; live-state buffer"): invocation I's copy of the value at offset O, of E
; bytes (its size rounded up to its alignment), is at header + O * (the
; grid's invocations) + I * E, so that the invocations of a warp read and
; write one contiguous run of each value. Inputs/live_columns.cl at -O0
; carries a char, a short, an int, a float3 (16 bytes), a double, a long, a
; private int[5] and a pointer into it (an 8-byte offset): 80 bytes per
; invocation. Run on POCL for 77 of 96 invocations, at -O2 and -O0, with
; and without virtual workgroups, against Inputs/live_columns.py's own
; arithmetic.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/live_columns.py make %t 77
; RUN: %gridsplit -O0 -o %t/split %S/Inputs/live_columns.cl
; RUN: FileCheck %s --check-prefix=IR < %t/split/live_columns.ll
; RUN: FileCheck %s --check-prefix=PLAN < %t/split/live_columns.plan.json
; RUN: %gridsplit run --grid 96 --workgroup 32 --out %t/o2 %S/Inputs/live_columns.cl io=@%t/io.in out=zeros:1232 dout=zeros:616 n=77
; RUN: %python %S/Inputs/live_columns.py check %t %t/o2 77 | FileCheck %s
; RUN: %gridsplit run -O0 --grid 96 --workgroup 32 --out %t/o0 %S/Inputs/live_columns.cl io=@%t/io.in out=zeros:1232 dout=zeros:616 n=77
; RUN: %python %S/Inputs/live_columns.py check %t %t/o0 77 | FileCheck %s
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 --out %t/v0 %S/Inputs/live_columns.cl io=@%t/io.in out=zeros:1232 dout=zeros:616 n=77
; RUN: %python %S/Inputs/live_columns.py check %t %t/v0 77 | FileCheck %s
; RUN: %gridsplit run --virtual-workgroups --physical-groups 1 --grid 96 --workgroup 16 --out %t/v2 %S/Inputs/live_columns.cl io=@%t/io.in out=zeros:1232 dout=zeros:616 n=77
; RUN: %python %S/Inputs/live_columns.py check %t %t/v2 77 | FileCheck %s

; CHECK: io: as expected
; CHECK-NEXT: out: as expected
; CHECK-NEXT: dout: as expected

; PLAN: "bytes_per_invocation": 80
; PLAN: "live_in": [{"name": "extractVec12", "offset": 0, "bytes": 16, "elem_bytes": 16}

; the char at offset 66 (elements of 1 byte), the float3 at 0 (16 bytes)
; IR-LABEL: define spir_kernel void @columns.seg0(
; IR:         [[COL:%.*]] = mul i64 [[NINV:%[0-9]+]], 66
; IR-NEXT:    [[AT:%.*]] = add i64 [[COL]], [[LIN:%[0-9]+]]
; IR-NEXT:    %gs.state{{[0-9]*}} = getelementptr i8, i8 addrspace(1)* %gs_live_state, i64 [[AT]]
; IR-NEXT:    store i8 %conv2
; IR:         [[V:%.*]] = mul i64 [[LIN]], 16
; IR-NEXT:    %gs.state{{[0-9]*}} = getelementptr i8, i8 addrspace(1)* %gs_live_state, i64 [[V]]
; IR-NEXT:    bitcast
; IR-NEXT:    store <4 x float> %extractVec12
; IR-LABEL: define spir_kernel void @columns.seg1(
; IR:         mul i64 [[NINV1:%[0-9]+]], 66
; IR:         load i8
