; On LLVM 15, whose segments only POCL runs, a dynamic schedule's loop over
; virtual workgroups keeps its workgroup barrier after each one, although
; the body touches no workgroup memory (Virtual_choice_no_barrier.ll has
; LLVM 22's, without): since it went, CI's POCL runs reported a divergence
; that was none in 3 of 10 runs (lib/virtual.c).
;
; REQUIRES: llvm15
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target spir64 -emit-llvm -c -O2 -o %t/s.bc %S/../bench/gpu/workloads.cl
; RUN: %gridsplit --virtual-workgroups --kernel jacobi_loop -o %t/j %t/s.bc
; RUN: FileCheck %s < %t/j/s.ll

; CHECK-LABEL: define spir_kernel void @jacobi_loop.seg1(
; CHECK:       gs.vgroup:
; CHECK:         call spir_func void @_Z7barrierj(i32 1)
; CHECK:       gs.vdone:
