; A program-scope variable that the kernel writes is carried in the live
; state's header, and the plan gives its initial bytes (docs/formats.md,
; "globals"): for any initializer of plain data, laid out as the data layout
; says, padding zero, in the target's byte order. Nested arrays with a
; zeroinitializer inside, a struct with padding, a struct holding a vector,
; a zero struct and a string, halves, a double and a packed struct
; (little-endian); a struct and halves again with a big-endian layout.
; Addresses, constant expressions and integers wider than 64 bits are no
; plain data: a clear error naming the kernel, the variable and why.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit -o %t/le --plan - %t/le.ll | %plan2lines | FileCheck %s --check-prefix=LE
; RUN: %gridsplit -o %t/be --plan - %t/be.ll | %plan2lines | FileCheck %s --check-prefix=BE
; RUN: not %gridsplit -o %t/e1 %t/address.ll 2> %t/e1.txt
; RUN: FileCheck %s --check-prefix=ADDRESS < %t/e1.txt
; RUN: count 1 < %t/e1.txt
; RUN: not %gridsplit -o %t/e2 %t/expression.ll 2> %t/e2.txt
; RUN: FileCheck %s --check-prefix=EXPRESSION < %t/e2.txt
; RUN: not %gridsplit -o %t/e3 %t/wide.ll 2> %t/e3.txt
; RUN: FileCheck %s --check-prefix=WIDE < %t/e3.txt

; a = {{1, 2, 3}, zeroinitializer}
; LE: kernels[0].live_state.globals[0].bytes = 24
; LE: kernels[0].live_state.globals[0].init = "010000000200000003000000000000000000000000000000"
; LE: kernels[0].live_state.globals[0].name = "a"
; s = {i8 -1, pad 3, float 1.0, i16 1 -2 3, pad 2, i64 5}
; LE: kernels[0].live_state.globals[1].bytes = 24
; LE: kernels[0].live_state.globals[1].init = "ff0000000000803f0100feff030000000500000000000000"
; LE: kernels[0].live_state.globals[1].name = "s"
; t = {i16 258, <2 x i8> <7, 8> (2-aligned), pad 4, S zeroinitializer at 8,
;      [2 x [2 x i8]] {"ab", undef} at 32, pad 4 to 40}
; LE: kernels[0].live_state.globals[2].bytes = 40
; LE: kernels[0].live_state.globals[2].init = "02010708000000000000000000000000000000000000000000000000000000006162000000000000"
; LE: kernels[0].live_state.globals[2].name = "t"
; h = {half 1.0 (0x3c00), half -2.0 (0xc000)}
; LE: kernels[0].live_state.globals[3].init = "003c00c0"
; LE: kernels[0].live_state.globals[3].name = "h"
; d = 0.5 (0x3fe0000000000000)
; LE: kernels[0].live_state.globals[4].init = "000000000000e03f"
; LE: kernels[0].live_state.globals[4].name = "d"
; packed = <{i8 1, i32 2}>, no padding
; LE: kernels[0].live_state.globals[5].bytes = 5
; LE: kernels[0].live_state.globals[5].init = "0102000000"
; LE: kernels[0].live_state.globals[5].name = "packed"

; BE: kernels[0].live_state.globals[0].init = "ff0000003f8000000001fffe000300000000000000000005"
; BE: kernels[0].live_state.globals[0].name = "s"
; BE: kernels[0].live_state.globals[1].init = "3c00c000"
; BE: kernels[0].live_state.globals[1].name = "h"

; ADDRESS: address.ll: error: kernel 'k': the program-scope variable 'gp' is written, so it must be carried from segment to segment, but its initializer holds an address, which is not plain data
; EXPRESSION: expression.ll: error: kernel 'k': the program-scope variable 'ce' is written, {{.*}} but its initializer holds a constant expression, which is not plain data
; WIDE: wide.ll: error: kernel 'k': the program-scope variable 'w' is written, {{.*}} but its initializer holds an integer wider than 64 bits, which is not plain data

;--- le.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.S = type { i8, float, [3 x i16], i64 }
%struct.T = type { i16, <2 x i8>, %struct.S, [2 x [2 x i8]] }

@a = addrspace(1) global [2 x [3 x i32]] [[3 x i32] [i32 1, i32 2, i32 3], [3 x i32] zeroinitializer]
@s = addrspace(1) global %struct.S { i8 -1, float 1.0, [3 x i16] [i16 1, i16 -2, i16 3], i64 5 }
@t = addrspace(1) global %struct.T { i16 258, <2 x i8> <i8 7, i8 8>, %struct.S zeroinitializer, [2 x [2 x i8]] [[2 x i8] c"ab", [2 x i8] undef] }
@h = addrspace(1) global [2 x half] [half 1.0, half -2.0]
@d = addrspace(1) global double 0.5
@packed = addrspace(1) global <{ i8, i32 }> <{ i8 1, i32 2 }>

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  store i8 0, ptr addrspace(1) @a
  store i8 0, ptr addrspace(1) @s
  store i8 0, ptr addrspace(1) @t
  store i8 0, ptr addrspace(1) @h
  store i8 0, ptr addrspace(1) @d
  store i8 0, ptr addrspace(1) @packed
  call void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) @a
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare void @gridsplit_grid_sync()

;--- be.ll
target datalayout = "E-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.S = type { i8, float, [3 x i16], i64 }

@s = addrspace(1) global %struct.S { i8 -1, float 1.0, [3 x i16] [i16 1, i16 -2, i16 3], i64 5 }
@h = addrspace(1) global [2 x half] [half 1.0, half -2.0]

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  store i8 0, ptr addrspace(1) @s
  store i8 0, ptr addrspace(1) @h
  call void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) @s
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare void @gridsplit_grid_sync()

;--- address.ll
target triple = "spir64-unknown-unknown"

@x = addrspace(1) global [2 x i32] [i32 1, i32 2]
@gp = addrspace(1) global { i32, ptr addrspace(1) } { i32 3, ptr addrspace(1) getelementptr ([2 x i32], ptr addrspace(1) @x, i64 0, i64 1) }

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  store i32 4, ptr addrspace(1) @gp
  call void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) @gp
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare void @gridsplit_grid_sync()

;--- expression.ll
target triple = "spir64-unknown-unknown"

@x = addrspace(1) global [2 x i32] [i32 1, i32 2]
@ce = addrspace(1) global [2 x i64] [i64 ptrtoint (ptr addrspace(1) @x to i64), i64 0]

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  store i32 4, ptr addrspace(1) @ce
  call void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) @ce
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare void @gridsplit_grid_sync()

;--- wide.ll
target triple = "spir64-unknown-unknown"

@w = addrspace(1) global i128 1

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  store i32 4, ptr addrspace(1) @w
  call void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) @w
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare void @gridsplit_grid_sync()
