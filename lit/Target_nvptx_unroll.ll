; On NVPTX, a loop that adds up loaded values is unrolled by 4 with a
; remainder loop, as nvcc unrolls it (lib/unroll.c): bench/gpu's cg sums the
; partial sums in workgroup 0 (`for (k = lid; k < get_num_groups(0); k +=
; 256) t += part[k]`), a chain of dependent adds whose loads went one at a
; time (on the H200 cg went from 1.72 to 1.57 times the cooperative kernel's
; time at 2^24). Its trip count is known because the virtual group count is
; bounded by 2^31 (lib/virtual.c: a minimum), so the four loads share one
; block. The SPIR target (POCL, OpenCL and Vulkan drivers) unrolls them
; too: on the H200's Vulkan driver cg went from 3.05 to 2.60 times the
; cooperative kernel at 2^24. lit Target_nvptx_unroll_loops.ll: which loops
; are left alone.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o %t/k.bc %S/../bench/gpu/workloads.cl
; RUN: llvm-link %t/k.bc %S/../lowering/opencl_nvptx.ll -o %t/linked.bc
; RUN: %opt -passes=always-inline,instcombine %t/linked.bc -o %t/w.bc
; RUN: %gridsplit --kernel cg --drop-original -o %t/out %t/w.bc
; RUN: FileCheck %s < %t/out/w.ll
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target spir64 -emit-llvm -c -O2 -o %t/s.bc %S/../bench/gpu/workloads.cl
; RUN: %gridsplit --virtual-workgroups --kernel cg -o %t/spir %t/s.bc
; RUN: FileCheck %s --check-prefix=SPIR < %t/spir/s.ll

; CHECK-LABEL: @cg.seg3(
; CHECK:       .prol:
; CHECK:         load float, {{.*}}%arrayidx11{{[.a-z0-9]*}}.prol, align 4
; CHECK:       .prol.loopexit:
; CHECK:       [[MAIN:for.body[.a-z0-9]*]]:
; CHECK:         load float, {{.*}}%arrayidx11{{[.a-z0-9]*}}, align 4
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         load float, {{.*}}%arrayidx11{{[.a-z0-9]*}}.1, align 4
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         load float, {{.*}}%arrayidx11{{[.a-z0-9]*}}.2, align 4
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         load float, {{.*}}%arrayidx11{{[.a-z0-9]*}}.3, align 4
; CHECK-NOT:   {{^[a-z]}}
; CHECK:         br i1 %{{.*}}, label %[[MAIN]], label %{{.*}}, !llvm.loop

; SPIR-LABEL: @cg.seg3(
; SPIR:       .prol:
; SPIR:       %arrayidx11{{[.a-z0-9]*}}.3
; SPIR:       ret void
