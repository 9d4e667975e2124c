; An nvptx64 module: kernels are marked with the ptx_kernel calling
; convention (and the nvvm.annotations older LLVMs read); ids come from the
; llvm.nvvm.read.ptx.sreg intrinsics; address space 1 is global, 4 constant,
; 3 shared (workgroup). The plan records the module's triple.
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-roles>' -disable-output %s | FileCheck %s
; RUN: %gridsplit --target ir -o %t.out2 --plan - %s | %plan2lines | FileCheck %s --check-prefix=PLAN

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@smem = internal addrspace(3) global [128 x float] undef, align 4

; CHECK-LABEL: kernel 'norm2': barriers 1, schedule static
; CHECK-NEXT:    buffer x: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer scale: arg 1, constant, host_input yes, host_output no
; CHECK-NEXT:    buffer acc: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer y: arg 3, global, host_input no, host_output yes
; CHECK-NEXT:    buffer smem: global variable, workgroup, host_input no, host_output no
; CHECK-NEXT:    segment 0: begins at entry, successors 1 end{{$}}
; CHECK-NEXT:      x read read_only{{$}}
; CHECK-NEXT:      acc accumulate read_write atomic{{$}}
; CHECK-NEXT:      smem write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end{{$}}
; CHECK-NEXT:      x read read_only{{$}}
; CHECK-NEXT:      scale read read_only{{$}}
; CHECK-NEXT:      acc read read_only{{$}}
; CHECK-NEXT:      y write write_only{{$}}

; PLAN: kernels[0].name = "norm2"
; PLAN: target = "nvptx64-nvidia-cuda"

define ptx_kernel void @norm2(ptr addrspace(1) noundef %x, ptr addrspace(4) noundef %scale, ptr addrspace(1) noundef %acc, ptr addrspace(1) noundef %y, i32 noundef %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %oob = icmp sge i32 %i, %n
  br i1 %oob, label %exit, label %body

body:
  %i64 = sext i32 %i to i64
  %xp = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i64
  %v = load float, ptr addrspace(1) %xp, align 4
  %sq = fmul float %v, %v
  %sp = getelementptr inbounds [128 x float], ptr addrspace(3) @smem, i32 0, i32 %tid
  store float %sq, ptr addrspace(3) %sp, align 4
  %old = atomicrmw fadd ptr addrspace(1) %acc, float %sq monotonic, align 4
  call void @gridsplit_grid_sync()
  %total = load float, ptr addrspace(1) %acc, align 4
  %s = load float, ptr addrspace(4) %scale, align 4
  %v2 = load float, ptr addrspace(1) %xp, align 4
  %q = fdiv float %v2, %total
  %r = fmul float %q, %s
  %yp = getelementptr inbounds float, ptr addrspace(1) %y, i64 %i64
  store float %r, ptr addrspace(1) %yp, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @norm2, !"kernel", i32 1}
