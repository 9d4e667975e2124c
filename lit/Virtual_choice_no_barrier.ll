; A dynamic schedule's segment with virtual workgroups keeps its choice in
; two words of its own (allocas, reached from the loop body through private
; pointer parameters: lib/virtual.c, gather_choices). Those are no workgroup
; memory: the loop over virtual workgroups needs no workgroup barrier after
; each one where the body touches no workgroup memory. On SPIR a private
; pointer parameter counted as maybe workgroup memory, and every virtual
; workgroup of bench/gpu's jacobi_loop ended with a barrier (on the H200's
; Vulkan driver jacobi_loop took 1.82 times the cooperative kernel at 2^24,
; jacobi 1.02). The two barriers left are the choices' gathering, after
; the loop. On LLVM 15, whose segments only POCL runs, the barrier stays
; (lib/virtual.c: a false divergence CI's POCL runs reported without it;
; Virtual_choice_barrier_llvm15.ll).
;
; REQUIRES: llvm22
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target spir64 -emit-llvm -c -O2 -o %t/s.bc %S/../bench/gpu/workloads.cl
; RUN: %gridsplit --virtual-workgroups --kernel jacobi_loop -o %t/j %t/s.bc
; RUN: FileCheck %s < %t/j/s.ll

; CHECK-LABEL: define spir_kernel void @jacobi_loop.seg0(
; CHECK-NOT:     _Z7barrierj
; CHECK:       gs.vdone:
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK-NOT:     _Z7barrierj
; CHECK:       ret void
; CHECK-LABEL: define spir_kernel void @jacobi_loop.seg1(
; CHECK-NOT:     _Z7barrierj
; CHECK:       gs.vdone:
