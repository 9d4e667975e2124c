; With virtual workgroups (NVPTX's default) every grid query a segment can
; reach must be remapped (issue 11, class 1). What the split cannot see
; through is refused, naming the function, the call and the callee, and
; leaving no output: a declaration that may read the grid (a user's own
; function defined elsewhere; library builtins such as __nv_sinf, LLVM's
; intrinsics and Itanium-mangled OpenCL builtins are not suspects), a
; recursive function that reads the grid, and an indirect call when a
; function whose address is taken reads the grid. Without virtual workgroups
; each splits.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: not %gridsplit --target ir -o %t/o1 %t/decl.ll 2>&1 | FileCheck %s --check-prefix=DECL
; RUN: not ls %t/o1/decl.ll
; RUN: not %opt -load-pass-plugin=%plugin -passes=gridsplit -disable-output %t/decl.ll 2>&1 | FileCheck %s --check-prefix=DECL
; RUN: %gridsplit --no-virtual-workgroups --target ir -o %t/o1 %t/decl.ll
; RUN: not %gridsplit --target ir -o %t/o2 %t/recursion.ll 2>&1 | FileCheck %s --check-prefix=REC
; RUN: %gridsplit --no-virtual-workgroups --target ir -o %t/o2 %t/recursion.ll
; RUN: not %gridsplit --target ir -o %t/o3 %t/indirect.ll 2>&1 | FileCheck %s --check-prefix=IND
; RUN: %gridsplit --no-virtual-workgroups --target ir -o %t/o3 %t/indirect.ll
; The same holds for a workgroup variable named in a callee, with or without
; virtual workgroups: the callee is inlined, which recursion prevents.
; RUN: not %gridsplit --target ir -o %t/o4 %t/wgrec.ll 2>&1 | FileCheck %s --check-prefix=WGREC

; DECL: {{.*}}error: {{.*}}function 'k': virtual workgroups: the call 'call void @store_my_id(ptr addrspace(1) %o)' reaches 'store_my_id', which is declared but not defined in the module and may read the grid, which a segment cannot remap (define it in the module, or use virtual-workgroups=false)
; REC: {{.*}}recursion.ll: error: function 'depth' calls 'depth' recursively and the recursion reads the grid: virtual workgroups remap grid queries only after inlining, which recursion prevents (use virtual-workgroups=false)
; IND: {{.*}}indirect.ll: error: function 'k': the indirect call 'call void %f(ptr addrspace(1) %o)' may reach 'put_ctaid', which may read the grid (virtual workgroups) or name a workgroup variable: the split rewrites only what a segment calls directly

; WGREC: {{.*}}wgrec.ll: error: function 'fill' calls 'fill' recursively and the recursion names a workgroup variable: the split gives each segment its own workgroup variables by inlining, which recursion prevents

;--- decl.ll
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %o, ptr addrspace(1) %o2) {
entry:
  %s = call float @__nv_sinf(float 1.0)
  call void @store_my_id(ptr addrspace(1) %o)
  call void @gridsplit_grid_sync()
  store float %s, ptr addrspace(1) %o2, align 4
  ret void
}

declare float @__nv_sinf(float)
declare void @store_my_id(ptr addrspace(1))
declare void @gridsplit_grid_sync()

;--- recursion.ll
target triple = "nvptx64-nvidia-cuda"

define i32 @depth(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %rec

base:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ret i32 %c

rec:
  %m = sub i32 %n, 1
  %r = call i32 @depth(i32 %m)
  ret i32 %r
}

define ptx_kernel void @k(ptr addrspace(1) %o, i32 %n) {
entry:
  %d = call i32 @depth(i32 %n)
  store i32 %d, ptr addrspace(1) %o, align 4
  call void @gridsplit_grid_sync()
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @gridsplit_grid_sync()

;--- indirect.ll
target triple = "nvptx64-nvidia-cuda"

@table = addrspace(1) global [1 x ptr] [ptr @put_ctaid]

define void @put_ctaid(ptr addrspace(1) %o) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  store i32 %c, ptr addrspace(1) %o, align 4
  ret void
}

define ptx_kernel void @k(ptr addrspace(1) %o) {
entry:
  %f = load ptr, ptr addrspace(1) @table, align 8
  call void %f(ptr addrspace(1) %o)
  call void @gridsplit_grid_sync()
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @gridsplit_grid_sync()

;--- wgrec.ll
target triple = "spir64-unknown-unknown"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

define spir_func void @fill(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec

rec:
  %p = getelementptr inbounds [4 x i32], ptr addrspace(3) @tile, i32 0, i32 %n
  store i32 %n, ptr addrspace(3) %p, align 4
  %m = sub i32 %n, 1
  call spir_func void @fill(i32 %m)
  br label %done

done:
  ret void
}

define spir_kernel void @k(ptr addrspace(1) %o, i32 %n) {
entry:
  call spir_func void @fill(i32 %n)
  call spir_func void @gridsplit_grid_sync()
  %v = load i32, ptr addrspace(3) @tile, align 4
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync()
