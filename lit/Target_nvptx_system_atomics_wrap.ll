; --system-atomics (Target_nvptx_system_atomics.ll): LLVM's wrapping
; increment and decrement (from LLVM 16 on) as PTX's inc and dec, which wrap
; alike; a float's and a double's exchange; a 64-bit compare-and-swap and
; exchange on generic memory (no space); a 64-bit wrapping increment, which
; PTX has none for, refused.
; REQUIRES: llvm22
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/sys %s
; RUN: FileCheck %s < %t/sys/Target_nvptx_system_atomics_wrap.ptx
; RUN: sed 's/uinc_wrap ptr addrspace(1) %%p, i32 4/uinc_wrap ptr addrspace(1) %%q, i64 4/; s/store i32 %%i, /store i64 %%i, /' %s > %t/wide.ll
; RUN: not %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/w %t/wide.ll 2>&1 | FileCheck %s --check-prefix=WIDE

; CHECK: atom.relaxed.sys.global.exch.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
; CHECK: atom.acquire.sys.exch.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}};
; CHECK: atom.acq_rel.sys.cas.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}};
; CHECK: atom.relaxed.sys.global.inc.u32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
; CHECK: atom.release.sys.global.dec.u32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
; CHECK-NOT: atom.global

; WIDE: --system-atomics: '%i = atomicrmw uinc_wrap ptr addrspace(1) %q, i64 4 monotonic{{.*}}' is an atomic operation PTX has no atom instruction for at its type

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %p, ptr %g, float %f, double %d, i64 %l, ptr addrspace(1) %q) {
  %a = atomicrmw xchg ptr addrspace(1) %p, float %f monotonic
  %b = atomicrmw xchg ptr %g, double %d acquire
  %c = cmpxchg ptr %g, i64 %l, i64 5 acq_rel monotonic
  %c0 = extractvalue { i64, i1 } %c, 0
  %i = atomicrmw uinc_wrap ptr addrspace(1) %p, i32 4 monotonic
  %j = atomicrmw udec_wrap ptr addrspace(1) %p, i32 3 release
  store float %a, ptr addrspace(1) %p
  store double %b, ptr %g
  store i64 %c0, ptr %g
  store i32 %i, ptr addrspace(1) %p
  store i32 %j, ptr addrspace(1) %p
  ret void
}
