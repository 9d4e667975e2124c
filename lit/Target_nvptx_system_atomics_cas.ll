; --system-atomics (Target_nvptx_system_atomics.ll): a cmpxchg's success and
; failure orderings merged as LLVM's NVPTX backend merges them (a review
; found the failure ordering dropped): monotonic/acquire .acquire,
; release/acquire .acq_rel, acquire/seq_cst fence.sc.sys then .acquire,
; release/monotonic .release; weak and volatile as any other.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/sys %s
; RUN: FileCheck %s < %t/sys/Target_nvptx_system_atomics_cas.ptx

; CHECK:      atom.acquire.sys.global.cas.b32
; CHECK:      atom.acq_rel.sys.global.cas.b32
; CHECK:      fence.sc.sys;
; CHECK-NEXT: atom.acquire.sys.global.cas.b32
; CHECK:      atom.release.sys.global.cas.b32
; CHECK-NOT:  atom

target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %p, i32 %a, i32 %b) {
  %x = cmpxchg weak ptr addrspace(1) %p, i32 %a, i32 %b monotonic acquire
  %y = cmpxchg volatile ptr addrspace(1) %p, i32 %a, i32 %b release acquire
  %z = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b acquire seq_cst
  %w = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b release monotonic
  %x0 = extractvalue { i32, i1 } %x, 0
  %y0 = extractvalue { i32, i1 } %y, 0
  %z1 = extractvalue { i32, i1 } %z, 1
  %w0 = extractvalue { i32, i1 } %w, 0
  %zz = zext i1 %z1 to i32
  %s = add i32 %x0, %y0
  %t = add i32 %s, %zz
  %u = add i32 %t, %w0
  store i32 %u, ptr addrspace(1) %p
  ret void
}
