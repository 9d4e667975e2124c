; path_from_arguments through private copies (lib/uniformity.c): a memcpy
; of private memory is a store of what its source holds, so a bound copied
; from an argument's variable stays the argument's; the same copy on one way
; of a branch on memory makes the bound data (the branch itself picks no
; barrier: both ways reach the same one first). The copies have a length the
; optimizer cannot split (an argument), as -O0 code and byte copies leave
; them. A branch on memory whose ways meet again before any barrier picks
; no barrier, only a value (data_diamond).
;
; RUN: %gridsplit --target ir -o %t.out --plan - %s | %plan2lines | FileCheck %s

; CHECK: kernels[0].control.path_from_arguments = true
; CHECK: kernels[0].name = "copy_always"
; CHECK: kernels[1].control.path_from_arguments = false
; CHECK: kernels[1].name = "copy_under_data"
; CHECK: kernels[2].control.path_from_arguments = false
; CHECK: kernels[2].name = "copy_from_buffer"
; CHECK: kernels[3].control.path_from_arguments = true
; CHECK: kernels[3].name = "data_diamond"

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @copy_always(ptr addrspace(1) %out, ptr addrspace(1) %sel, i32 %count, i64 %bytes) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  store i32 %count, ptr %a, align 4
  store i32 3, ptr %b, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %b, ptr align 4 %a, i64 %bytes, i1 false)
  %n = load i32, ptr %b, align 4
  br label %loop

loop:
  %it = phi i32 [ 0, %entry ], [ %next, %body ]
  %go = icmp slt i32 %it, %n
  br i1 %go, label %body, label %done

body:
  call spir_func void @gridsplit_grid_sync()
  %next = add i32 %it, 1
  br label %loop

done:
  ret void
}

define spir_kernel void @copy_under_data(ptr addrspace(1) %out, ptr addrspace(1) %sel, i32 %count, i64 %bytes) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  store i32 %count, ptr %a, align 4
  store i32 3, ptr %b, align 4
  %s = load i32, ptr addrspace(1) %sel, align 4
  %c = icmp sgt i32 %s, 0
  br i1 %c, label %copy, label %bound

copy:
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %b, ptr align 4 %a, i64 %bytes, i1 false)
  br label %bound

bound:
  call spir_func void @gridsplit_grid_sync()
  %n = load i32, ptr %b, align 4
  br label %loop

loop:
  %it = phi i32 [ 0, %bound ], [ %next, %body ]
  %go = icmp slt i32 %it, %n
  br i1 %go, label %body, label %done

body:
  call spir_func void @gridsplit_grid_sync()
  %next = add i32 %it, 1
  br label %loop

done:
  ret void
}

define spir_kernel void @copy_from_buffer(ptr addrspace(1) %out, ptr addrspace(1) %sel, i32 %count, i64 %bytes) {
entry:
  %b = alloca [4 x i32], align 4
  store i32 %count, ptr %b, align 4
  call void @llvm.memcpy.p0.p1.i64(ptr align 4 %b, ptr addrspace(1) align 4 %sel, i64 %bytes, i1 false)
  %n = load i32, ptr %b, align 4
  br label %loop

loop:
  %it = phi i32 [ 0, %entry ], [ %next, %body ]
  %go = icmp slt i32 %it, %n
  br i1 %go, label %body, label %done

body:
  call spir_func void @gridsplit_grid_sync()
  %next = add i32 %it, 1
  br label %loop

done:
  ret void
}

define spir_kernel void @data_diamond(ptr addrspace(1) %out, ptr addrspace(1) %sel, i32 %count) {
entry:
  %s = load i32, ptr addrspace(1) %sel, align 4
  %c = icmp sgt i32 %s, 0
  br i1 %c, label %more, label %pre

more:
  store i32 %s, ptr addrspace(1) %out, align 4
  br label %pre

pre:
  br label %loop

loop:
  %it = phi i32 [ 0, %pre ], [ %next, %body ]
  %go = icmp slt i32 %it, %count
  br i1 %go, label %body, label %done

body:
  call spir_func void @gridsplit_grid_sync()
  %next = add i32 %it, 1
  br label %loop

done:
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.p0.p1.i64(ptr, ptr addrspace(1), i64, i1)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
