; REQUIRES: llvm22
; hoist_unwritten on NVPTX (lib/split.c; Split_hoist_unwritten.ll for SPIR):
; with virtual workgroups and distinct buffers, bench/gpu's cg computes its
; new direction's beta = rrn / rr once per invocation of the physical grid,
; before the loop over virtual workgroups (the one-dimensional one here; the
; other likewise), where without --distinct-buffers
; (dots might be another buffer, written) the division stays in the loop,
; once per element. On the H200 cg went 1.20 -> 1.17x cooperative time at
; 2^24 and 1.22 -> 1.19 at 2^27 (bench/gpu/README.md, ninth session), the
; same bytes.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o %t/k.bc %S/../bench/gpu/workloads.cl
; RUN: llvm-link %t/k.bc %S/../lowering/opencl_nvptx.ll -o %t/linked.bc
; RUN: %opt -passes=always-inline,instcombine %t/linked.bc -o %t/w.bc
; RUN: %gridsplit --kernel cg --drop-original --distinct-buffers -o %t/d %t/w.bc
; RUN: FileCheck %s --check-prefix=DISTINCT < %t/d/w.ll
; RUN: %gridsplit --kernel cg --drop-original -o %t/k %t/w.bc
; RUN: FileCheck %s --check-prefix=KEEP < %t/k/w.ll

; DISTINCT-LABEL: define ptx_kernel void @cg.seg6(
; DISTINCT: gs.vgroup.lr.ph:
; DISTINCT-NOT: {{^[a-z0-9.]+:}}
; DISTINCT: fdiv float
; DISTINCT-NOT: {{^[a-z0-9.]+:}}
; DISTINCT: br label %gs.vgroup
; DISTINCT: gs.vgroup:
; DISTINCT-NOT: fdiv
; DISTINCT: gs.vloop.preheader:

; KEEP-LABEL: define ptx_kernel void @cg.seg6(
; KEEP-NOT: fdiv
; KEEP: gs.vgroup:
; KEEP: fdiv float
