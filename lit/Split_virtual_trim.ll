; The loop over virtual workgroups ends where the work does (lib/vtrim.c,
; docs/split.md "Virtual workgroups that do nothing"): a segment whose body
; first compares the virtual workgroup with a value only the arguments make,
; and does nothing on the far side of that bound, loops up to min(virtual
; workgroups, bound): the one-dimensional loop's end and the reversed
; order's start (gs.vstart1d) both count from gs.vtrimmed. Inputs/vtrim.cl
; at -O2 and -O0: g < m (seg2: the limit m), g == 0 (seg3: 1), a signed
; bound that may be negative (seg4: k, and 0 below it), an early return past
; m + 1 (seg5: its false side works). The phases every workgroup runs
; (seg0, seg1) and keep's guards (one that depends on the invocation, one
; whose skipped side writes) keep the whole loop. No call to the limit's
; placeholder is left.
;
; RUN: %gridsplit -O2 --virtual-workgroups --kernel trim --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s
; RUN: %gridsplit -O0 --virtual-workgroups --kernel trim --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s
; RUN: %gridsplit -O2 --virtual-workgroups --kernel keep --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=KEEP
; RUN: %gridsplit -O0 --virtual-workgroups --kernel keep --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=KEEP
; The same for NVIDIA GPUs (NVPTX's launch-invariant reads hoisted first):
; RUN: rm -rf %t.nv && mkdir -p %t.nv
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o %t.nv/k.bc %S/Inputs/vtrim.cl
; RUN: llvm-link %t.nv/k.bc %S/../lowering/opencl_nvptx.ll -o %t.nv/linked.bc
; RUN: %opt -passes=always-inline,instcombine %t.nv/linked.bc -o %t.nv/vtrim.bc
; RUN: %gridsplit --target nvptx --kernel trim --dump-after=tidy -o %t.nv/out %t.nv/vtrim.bc 2>&1 | FileCheck %s --check-prefix=NVPTX
; Without virtual workgroups there is no loop to trim:
; RUN: %gridsplit -O2 --kernel trim --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=OFF

; CHECK-NOT:   gridsplit.vlimit
; CHECK-LABEL: define spir_kernel void @trim.seg0(
; CHECK-NOT:   gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vtotal
; CHECK-LABEL: define spir_kernel void @trim.seg1(
; CHECK-NOT:   gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vtotal
; CHECK-LABEL: define spir_kernel void @trim.seg2(
; CHECK:       %[[M:[0-9]+]] = zext i32 %m to i64
; CHECK:       %[[T:[0-9]+]] = zext i32 %gs.vtotal to i64
; CHECK:       %[[LT:[0-9]+]] = icmp ult i64 %[[M]], %[[T]]
; CHECK-NEXT:  %[[L:[0-9]+]] = select i1 %[[LT]], i64 %[[M]], i64 %[[T]]
; CHECK-NEXT:  %[[L32:[0-9]+]] = trunc i64 %[[L]] to i32
; CHECK-NEXT:  %gs.vtrimmed = freeze i32 %[[L32]]
; CHECK:       add i32 %gs.vtrimmed,
; CHECK:       %gs.vstart1d = select
; CHECK:       icmp ult i32 %gs.v, %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v{{[0-9]+}}, %gs.vtotal
; CHECK-LABEL: define spir_kernel void @trim.seg3(
; CHECK:       %[[T:[0-9]+]] = zext i32 %gs.vtotal to i64
; CHECK:       select i1 %{{[0-9]+}}, i64 %[[T]], i64 1
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       icmp ult i32 %gs.v, %gs.vtrimmed
; CHECK-LABEL: define spir_kernel void @trim.seg4(
; CHECK:       %[[K:[0-9]+]] = sext i32 %k to i64
; CHECK:       %[[NEG:[0-9]+]] = icmp slt i64 %[[K]], 0
; CHECK-NEXT:  select i1 %[[NEG]], i64 0, i64 %[[K]]
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       icmp ult i32 %gs.v, %gs.vtrimmed
; CHECK-LABEL: define spir_kernel void @trim.seg5(
; CHECK:       %[[M1:[0-9]+]] = add i32 %m, 1
; CHECK-NEXT:  zext i32 %[[M1]] to i64
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       icmp ult i32 %gs.v, %gs.vtrimmed
; CHECK-NOT:   gridsplit.vlimit

; KEEP-NOT:    gs.vtrimmed
; KEEP-NOT:    gridsplit.vlimit

; NVPTX-LABEL: define {{.*}}void @trim.seg2(
; NVPTX:       %gs.vtrimmed = freeze i32
; NVPTX:       icmp ult i32 %gs.v, %gs.vtrimmed
; NVPTX-NOT:   gridsplit.vlimit

; OFF-NOT:     gs.vtrimmed
; OFF-NOT:     gridsplit.vlimit
