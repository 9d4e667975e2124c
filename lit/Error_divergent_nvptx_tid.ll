; In an nvptx64 module the invocation id is llvm.nvvm.read.ptx.sreg.tid.x;
; a value derived from it (here through arithmetic and a select) that decides
; which barrier a live invocation reaches is a divergent-barrier error.
;
; RUN: not %gridsplit --no-split --print-roles --target ir -o %t.out %s 2>&1 | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: {{.*}}Error_divergent_nvptx_tid.ll: error: {{.*(divergent.*odd_even|odd_even.*divergent)}}

define ptx_kernel void @odd_even(ptr addrspace(1) %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %tid, 1
  %odd = icmp ne i32 %bit, 0
  %sel = select i1 %odd, i32 3, i32 0
  %go = icmp sgt i32 %sel, 1
  br i1 %go, label %odd.path, label %even.path

odd.path:
  call void @gridsplit_grid_sync()
  br label %done

even.path:
  call void @gridsplit_grid_sync()
  br label %done

done:
  %p = getelementptr inbounds i32, ptr addrspace(1) %v, i32 %tid
  store i32 %tid, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @odd_even, !"kernel", i32 1}
