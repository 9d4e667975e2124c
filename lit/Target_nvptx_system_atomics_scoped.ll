; REQUIRES: llvm22
; --system-atomics and atomic loads, stores and fences: LLVM 22's NVPTX
; backend writes each with its syncscope's scope (`ld.acquire.gpu` for
; "device", `.cta` for "block", `.sys` for the system's), and CUDA's scoped
; atomics are of the GPU's, which gs-cuda-run across GPUs refuses: those of
; the GPU's or a cluster's scope on global or generic memory, and such
; fences, get the system's. A block's scope stays (its invocations share a
; GPU), and so do workgroup-memory accesses. The kernel publishes one
; partial sum a workgroup behind a release flag, and after the grid barrier
; workgroup 0 reads each flag with acquire, as a CUDA frontend writes it
; (scoped atomics, a helper that is not inlined).
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_90 --system-atomics -o %t/sys %s
; RUN: FileCheck %s < %t/sys/Target_nvptx_system_atomics_scoped.ptx
; Nothing of the GPU's or a cluster's scope is left but the workgroup-memory
; store's (which one workgroup alone reads; gs-cuda-run lets it pass), in
; the kernel and its segment's two loops:
; RUN: FileCheck %s --check-prefix=LEFT --implicit-check-not=.gpu --implicit-check-not=.cluster < %t/sys/Target_nvptx_system_atomics_scoped.ptx
; RUN: %gridsplit --target nvptx --mcpu sm_90 -o %t/plain %s
; RUN: FileCheck %s --check-prefix=PLAIN < %t/plain/Target_nvptx_system_atomics_scoped.ptx
; The seq_cst store, whose scope is the system's already, is written as
; before.

; CHECK-LABEL: .func {{.*}}take(
; CHECK:       ld.acquire.sys.global.b32
; CHECK-LABEL: .entry publish_$_seg0(
; CHECK:       fence.acq_rel.cta;
; CHECK:       st.release.sys.global.b32
; CHECK:       st.relaxed.sys.global.b32
; CHECK:       fence.sc.sys;
; CHECK-NEXT:  st.release.sys.global.b32
; CHECK-LABEL: .entry publish_$_seg1(
; CHECK:       fence.acq_rel.sys;
; CHECK:       ld.relaxed.sys.b32
; CHECK:       ld.acquire.cta.shared.b32

; LEFT-COUNT-3: st.release.gpu.shared.b32

; PLAIN-LABEL: .func {{.*}}take(
; PLAIN:       ld.acquire.gpu.global.b32
; PLAIN-LABEL: .entry publish_$_seg0(
; PLAIN:       st.release.gpu.global.b32
; PLAIN:       st.relaxed.cluster.global.b32
; PLAIN-LABEL: .entry publish_$_seg1(
; PLAIN:       fence.acq_rel.gpu;
; PLAIN:       ld.relaxed.gpu.b32

target triple = "nvptx64-nvidia-cuda"

@last = internal addrspace(3) global i32 0, align 4

declare void @gridsplit_grid_sync()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

; the flag's value once it is published
define internal i32 @take(ptr addrspace(1) %flag) noinline {
  %v = load atomic i32, ptr addrspace(1) %flag syncscope("device") acquire, align 4
  ret i32 %v
}

define ptx_kernel void @publish(ptr addrspace(1) %part, ptr addrspace(1) %flags, ptr addrspace(1) %seen, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ng = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %lead = icmp eq i32 %t, 0
  br i1 %lead, label %pub, label %sync

pub:
  %pg = getelementptr i32, ptr addrspace(1) %part, i32 %g
  %x = mul i32 %g, 3
  store i32 %x, ptr addrspace(1) %pg, align 4
  fence syncscope("block") acq_rel
  %fg = getelementptr i32, ptr addrspace(1) %flags, i32 %g
  store atomic i32 1, ptr addrspace(1) %fg syncscope("device") release, align 4
  %sg = getelementptr i32, ptr addrspace(1) %seen, i32 %g
  store atomic i32 %g, ptr addrspace(1) %sg syncscope("cluster") monotonic, align 4
  store atomic i32 %ng, ptr addrspace(1) %out seq_cst, align 4
  store atomic i32 %g, ptr addrspace(3) @last syncscope("device") release, align 4
  br label %sync

sync:
  call void @gridsplit_grid_sync()
  %first = icmp eq i32 %g, 0
  %and = and i1 %first, %lead
  br i1 %and, label %sum, label %done

sum:
  fence syncscope("device") acq_rel
  br label %loop

loop:
  %k = phi i32 [ 0, %sum ], [ %k1, %next ]
  %acc = phi i32 [ 0, %sum ], [ %acc1, %next ]
  %fk = getelementptr i32, ptr addrspace(1) %flags, i32 %k
  %ok = call i32 @take(ptr addrspace(1) %fk)
  ; the first part through the workgroup's copy, which either address
  ; space may hold: a generic address
  %pk = getelementptr i32, ptr addrspace(1) %part, i32 %k
  %gk = addrspacecast ptr addrspace(1) %pk to ptr
  %cached = icmp eq i32 %k, 0
  %gp = select i1 %cached, ptr addrspacecast (ptr addrspace(3) @last to ptr), ptr %gk
  %v = load atomic i32, ptr %gp syncscope("device") monotonic, align 4
  %w = mul i32 %v, %ok
  %acc1 = add i32 %acc, %w
  br label %next

next:
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, %ng
  br i1 %more, label %loop, label %store

store:
  %l = load atomic i32, ptr addrspace(3) @last syncscope("block") acquire, align 4
  %r = add i32 %acc1, %l
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %r, ptr addrspace(1) %o1, align 4
  br label %done

done:
  ret void
}
