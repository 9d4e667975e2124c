; REQUIRES: llvm22
; The bitonic sort fixture compiled for NVPTX: with virtual workgroups the
; split runs instcombine over the remapped index arithmetic, and one round of
; it does not reach a fixpoint here. From LLVM 18 on that is a fatal error
; (an abort of the tool) unless the pipeline asks for no check, as the
; split's does now. The split must succeed and emit every segment.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -target nvptx64-nvidia-cuda \
; RUN:   -emit-llvm -c -O2 -o %t/k.bc %S/../test/fixtures/bitonic_sort.cl
; RUN: llvm-link %t/k.bc %S/../lowering/opencl_nvptx.ll -o %t/linked.bc 2>/dev/null
; RUN: %opt -passes=always-inline,instcombine,globaldce %t/linked.bc -o %t/kernel.bc
; RUN: %gridsplit --target nvptx --mcpu sm_90 --drop-original -o %t/out --plan %t/plan.json %t/kernel.bc
; RUN: FileCheck %s < %t/out/kernel.ptx
; RUN: %plan2lines %t/plan.json | FileCheck %s --check-prefix=PLAN

; CHECK: .visible .entry bitonic_sort_$_seg0(
; CHECK: .visible .entry bitonic_sort_$_seg1(
; CHECK: .visible .entry bitonic_argsort_$_seg0(
; PLAN: kernels[0].name = "bitonic_sort"
; PLAN: kernels[0].virtual_workgroups = true
