; Structs passed by value are values, never buffers (SPEC section 4): a
; `byval` pointer (SPIR, NVPTX), a `byref` pointer in constant memory
; (AMDGPU, clang 22) and a first-class struct (AMDGPU, clang 15) are each
; listed among the kernel's "values" with their argument and size, padding
; included. In the split, a read-only byval struct is read again by the
; later segment (the host passes the same bytes to every launch): nothing is
; carried, and every segment takes the struct by value as the kernel did.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit -o %t/spir --plan %t/spir.json %t/spir.ll
; RUN: %plan2lines %t/spir.json | FileCheck %s --check-prefix=SPIR
; RUN: FileCheck %s --check-prefix=SPIR-IR < %t/spir/spir.ll
; RUN: %opt -passes=verify -disable-output %t/spir/spir.ll
; RUN: %gridsplit -o %t/byref --plan - %t/byref.ll | %plan2lines | FileCheck %s --check-prefix=BYREF
; RUN: %gridsplit -o %t/agg --plan - %t/aggregate.ll | %plan2lines | FileCheck %s --check-prefix=AGG
; OpenCL C compiled by the clang of this LLVM (15: byval in the kernel; 22:
; byval in __clang_ocl_kern_imp_run_struct as well, inlined), -O0 and -O2:
; RUN: %gridsplit -O0 --plan - -o %t/cl0 %S/Inputs/run_struct.cl | %plan2lines | FileCheck %s --check-prefix=CL
; RUN: %gridsplit -O2 --plan - -o %t/cl2 %S/Inputs/run_struct.cl | %plan2lines | FileCheck %s --check-prefix=CL
; An address into a byref struct cannot cross a barrier: each launch has its
; own argument memory (and a phi of a three-way switch is not recomputed).
; RUN: not %gridsplit -o %t/err %t/byref_pointer.ll 2> %t/err.txt
; RUN: FileCheck %s --check-prefix=POINTER < %t/err.txt
; RUN: count 1 < %t/err.txt
; A struct holding a pointer would reach buffers that no argument names, and
; that could have no roles: refused, also by the roles table alone.
; RUN: not %gridsplit -o %t/err2 %t/holds_pointer.ll 2> %t/err2.txt
; RUN: FileCheck %s --check-prefix=HOLDS < %t/err2.txt
; RUN: count 1 < %t/err2.txt
; RUN: not %gridsplit --print-roles --no-split -o %t/err3 %t/holds_pointer.ll 2>&1 | FileCheck %s --check-prefix=HOLDS

; SPIR:      kernels[0].args[1].bytes = 24
; SPIR-NEXT: kernels[0].args[1].kind = "value"
; SPIR-NEXT: kernels[0].args[1].name = "p"
; SPIR-NEXT: kernels[0].args[1].type = "struct"
; SPIR:      kernels[0].buffers[0].name = "o"
; SPIR-NOT:  kernels[0].buffers[1]
; SPIR:      kernels[0].live_state = null
; SPIR:      kernels[0].values[0].arg = 1
; SPIR-NEXT: kernels[0].values[0].bytes = 24
; SPIR-NEXT: kernels[0].values[0].name = "p"

; SPIR-IR-NOT:   gs_live_state
; SPIR-IR-LABEL: define spir_kernel void @k.seg0(ptr addrspace(1) {{.*}}%o, ptr byval({{%[^)]*}}) align 8 %p)
; SPIR-IR-LABEL: define spir_kernel void @k.seg1(ptr addrspace(1) {{.*}}%o, ptr byval({{%[^)]*}}) align 8 %p)
; SPIR-IR:         [[D:%[^ ]+]] = getelementptr inbounds i8, ptr %p, i64 16
; SPIR-IR:         load i64, ptr [[D]]
; SPIR-IR:         ret void
; SPIR-IR-NOT:   gs_live_state

; BYREF:     kernels[0].args[1].bytes = 24
; BYREF-NEXT: kernels[0].args[1].kind = "value"
; BYREF:     kernels[0].buffers[0].name = "o"
; BYREF-NOT: kernels[0].buffers[1]
; BYREF:     kernels[0].values[0].arg = 1
; BYREF-NEXT: kernels[0].values[0].bytes = 24
; BYREF-NEXT: kernels[0].values[0].name = "p"

; AGG:      kernels[0].args[1].bytes = 24
; AGG-NEXT: kernels[0].args[1].kind = "value"
; AGG:      kernels[0].values[0].arg = 1
; AGG-NEXT: kernels[0].values[0].bytes = 24
; AGG-NEXT: kernels[0].values[0].name = "p"
; AGG-NOT:  kernels[0].values[1]

; CL:      kernels[0].args[1].bytes = 24
; CL-NEXT: kernels[0].args[1].kind = "value"
; CL-NEXT: kernels[0].args[1].name = "p"
; CL:      kernels[0].buffers[0].name = "out"
; CL:      kernels[0].buffers[1].name = "out2"
; CL-NOT:  kernels[0].buffers[2]
; CL:      kernels[0].values[0].arg = 1
; CL-NEXT: kernels[0].values[0].bytes = 24
; CL-NEXT: kernels[0].values[0].name = "p"
; CL-NOT:  kernels[0].values[1]

; HOLDS: holds_pointer.ll: error: kernel 'k': argument 'p' is a struct passed by value that holds a pointer; the buffers it points to would have no roles (pass each buffer as an argument of its own)

; POINTER: byref_pointer.ll: error: kernel 'k': the pointer into a struct passed by value {{.*}} is live across grid barrier 1

;--- spir.ll
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.P = type { i8, float, [3 x i16], i64 }

define spir_kernel void @k(ptr addrspace(1) %o, ptr byval(%struct.P) align 8 %p) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %dp = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 3
  %d = load i64, ptr %dp, align 8
  call void @gridsplit_grid_sync()
  %q = getelementptr inbounds i64, ptr addrspace(1) %o, i64 %gid
  %v = add i64 %d, %gid
  store i64 %v, ptr addrspace(1) %q, align 8
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare void @gridsplit_grid_sync()

;--- byref.ll
target triple = "amdgcn-amd-amdhsa"

%struct.P = type { i8, float, [3 x i16], i64 }

define amdgpu_kernel void @k(ptr addrspace(1) %o, ptr addrspace(4) byref(%struct.P) align 8 %p) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %dp = getelementptr inbounds %struct.P, ptr addrspace(4) %p, i32 0, i32 3
  %d = load i64, ptr addrspace(4) %dp, align 8
  call void @__ockl_grid_sync()
  %q = getelementptr inbounds i64, ptr addrspace(1) %o, i32 %tid
  store i64 %d, ptr addrspace(1) %q, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @__ockl_grid_sync()

;--- aggregate.ll
target triple = "amdgcn-amd-amdhsa"

%struct.P = type { i8, float, [3 x i16], i64 }

define amdgpu_kernel void @k(ptr addrspace(1) %o, %struct.P %p) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = extractvalue %struct.P %p, 3
  call void @__ockl_grid_sync()
  %q = getelementptr inbounds i64, ptr addrspace(1) %o, i32 %tid
  store i64 %d, ptr addrspace(1) %q, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @__ockl_grid_sync()

;--- byref_pointer.ll
target triple = "amdgcn-amd-amdhsa"

%struct.P = type { i8, float, [3 x i16], i64 }

define amdgpu_kernel void @k(ptr addrspace(1) %o, ptr addrspace(4) byref(%struct.P) align 8 %p, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  switch i32 %n, label %b [ i32 1, label %a
                            i32 2, label %c ]
a:
  %pa = getelementptr inbounds %struct.P, ptr addrspace(4) %p, i32 0, i32 3
  br label %join
b:
  %pb = getelementptr inbounds %struct.P, ptr addrspace(4) %p, i32 0, i32 1
  br label %join
c:
  %pc = getelementptr inbounds %struct.P, ptr addrspace(4) %p, i32 0, i32 0
  br label %join
join:
  %f = phi ptr addrspace(4) [ %pa, %a ], [ %pb, %b ], [ %pc, %c ]
  call void @__ockl_grid_sync()
  %d = load i64, ptr addrspace(4) %f, align 8
  %q = getelementptr inbounds i64, ptr addrspace(1) %o, i32 %tid
  store i64 %d, ptr addrspace(1) %q, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @__ockl_grid_sync()

;--- holds_pointer.ll
target triple = "spir64-unknown-unknown"

%struct.P = type { i32, [2 x { ptr addrspace(1), i32 }] }

define spir_kernel void @k(ptr addrspace(1) %o, ptr byval(%struct.P) align 8 %p) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %dp = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 1, i32 0, i32 0
  %d = load ptr addrspace(1), ptr %dp, align 8
  %q = getelementptr inbounds i32, ptr addrspace(1) %d, i64 %gid
  store i32 7, ptr addrspace(1) %q, align 4
  call void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(1) %q, align 4
  %r = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %gid
  store i32 %v, ptr addrspace(1) %r, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare void @gridsplit_grid_sync()
