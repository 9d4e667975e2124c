; --system-atomics (--target nvptx): every atomic read-modify-write and
; compare-and-swap on global or generic memory of the system's scope, which
; is atomic between GPUs sharing the buffer (gs-cuda-run --devices across
; GPUs refuses others), with its ordering: monotonic .relaxed, acquire
; .acquire, release .release, acq_rel .acq_rel, seq_cst fence.sc.sys then
; .acquire; sub and fsub add the negated operand; cmpxchg's success is the
; old value's test. Workgroup-memory atomics stay. Without the option LLVM's
; NVPTX backend gives an atomicrmw no scope (the GPU's). A dynamic schedule's
; control-word atomics are rewritten too (devices.cl's sweeps). Refused: an
; atomic PTX has none for (a 16-bit add, a nand), a processor before sm_70,
; another target.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/sys %s
; RUN: FileCheck %s < %t/sys/Target_nvptx_system_atomics.ptx
; RUN: %gridsplit --target nvptx --mcpu sm_80 -o %t/plain %s
; RUN: FileCheck %s --check-prefix=PLAIN < %t/plain/Target_nvptx_system_atomics.ptx
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o %t/d.bc %S/Inputs/devices.cl
; RUN: llvm-link %t/d.bc %S/../lowering/opencl_nvptx.ll -o %t/dl.bc
; RUN: %opt -passes=always-inline,globaldce %t/dl.bc -o %t/dw.bc
; RUN: %gridsplit --target nvptx --mcpu sm_80 --system-atomics --kernel sweeps --drop-original -o %t/dyn %t/dw.bc
; RUN: FileCheck %s --check-prefix=DYN < %t/dyn/dw.ptx
; RUN: not %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/n %S/Inputs/system_atomics_narrow.ll 2>&1 | FileCheck %s --check-prefix=NARROW
; RUN: not %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/n %S/Inputs/system_atomics_nand.ll 2>&1 | FileCheck %s --check-prefix=NAND
; RUN: not %gridsplit --target nvptx --mcpu sm_60 --system-atomics -o %t/n %s 2>&1 | FileCheck %s --check-prefix=OLD
; RUN: not %gridsplit --target spirv --system-atomics -o %t/n %s 2>&1 | FileCheck %s --check-prefix=TARGET

; CHECK-LABEL: .entry k(
; CHECK:      atom.relaxed.sys.global.add.u32 [[A:%r[0-9]+]], [[[P:%rd[0-9]+]]], %r{{[0-9]+}};
; CHECK:      neg.s32 [[N:%r[0-9]+]], [[A]];
; CHECK:      fence.sc.sys;
; CHECK-NEXT: atom.acquire.sys.global.add.u32 [[B:%r[0-9]+]], [[[P]]], [[N]];
; CHECK:      atom.acquire.sys.global.min.u32 [[C:%r[0-9]+]], [[[P]]], [[B]];
; CHECK:      atom.release.sys.global.exch.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}};
; CHECK:      atom.acq_rel.sys.global.add.f32 %{{f|r}}{{[0-9]+}}, [%rd{{[0-9]+}}], %{{f|r}}{{[0-9]+}};
; CHECK:      atom.relaxed.sys.global.add.f64 %{{fd|rd}}{{[0-9]+}}, [%rd{{[0-9]+}}], %{{fd|rd}}{{[0-9]+}};
; CHECK:      fence.sc.sys;
; CHECK-NEXT: atom.acquire.sys.global.cas.b32 [[O:%r[0-9]+]], [[[P]]], [[C]], %r{{[0-9]+}};
; CHECK:      setp.eq.{{b|s}}32 %p{{[0-9]+}}, [[O]], [[C]];
; CHECK:      atom.relaxed.sys.max.s64
; CHECK:      atom.shared.add.u32
; CHECK-NOT:  atom.global
; CHECK-NOT:  atom.{{(add|and|or|xor|exch|max|min|cas)}}.

; PLAIN: atom.global.add.u32

; DYN-LABEL: .entry sweeps_$_seg0(
; DYN:       atom.{{[a-z_]+}}.sys.global.or.b32
; DYN-NOT:   atom.global.
; DYN-NOT:   atom.{{(add|and|or|xor|exch|max|min|cas)}}.

; NARROW: --system-atomics: '%a = atomicrmw add ptr addrspace(1) %p, i16 7 monotonic{{.*}}' is an atomic operation PTX has no atom instruction for at its type
; NAND:   --system-atomics: '%a = atomicrmw nand ptr addrspace(1) %p, i32 %v monotonic{{.*}}' is an atomic operation PTX has no atom instruction for at its type
; OLD:    --system-atomics: atomics of the system's scope need sm_70 or later (PTX ISA 6.0)
; TARGET: --system-atomics means nothing for --target spirv

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [4 x i32] undef, align 4

define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %f, ptr addrspace(1) %d, i32 %v) {
  %a = atomicrmw add ptr addrspace(1) %p, i32 %v monotonic
  %b = atomicrmw sub ptr addrspace(1) %p, i32 %a seq_cst
  %c = atomicrmw umin ptr addrspace(1) %p, i32 %b acquire
  %e = atomicrmw xchg ptr addrspace(1) %q, i64 7 release
  %g = atomicrmw fadd ptr addrspace(1) %f, float 1.5 acq_rel
  %h = atomicrmw fsub ptr addrspace(1) %d, double 2.5 monotonic
  %x = cmpxchg ptr addrspace(1) %p, i32 %c, i32 9 seq_cst seq_cst
  %o = extractvalue { i32, i1 } %x, 0
  %s = extractvalue { i32, i1 } %x, 1
  %z = zext i1 %s to i32
  %sum = add i32 %o, %z
  store i32 %sum, ptr addrspace(1) %p
  %gp = addrspacecast ptr addrspace(1) %q to ptr
  %m = atomicrmw max ptr %gp, i64 %e monotonic
  store i64 %m, ptr addrspace(1) %q
  %t = atomicrmw add ptr addrspace(3) @tile, i32 %sum monotonic
  %gf = fptosi float %g to i32
  %hf = fptosi double %h to i64
  %tt = add i32 %t, %gf
  store i32 %tt, ptr addrspace(1) %f
  store i64 %hf, ptr addrspace(1) %d
  ret void
}
