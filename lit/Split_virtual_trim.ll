; The loop over virtual workgroups ends where the work does (lib/vtrim.c,
; docs/split.md "Virtual workgroups that do nothing"): a segment whose body
; first branches on the virtual workgroup or the global id compared with
; values only the arguments make (comparisons joined by and, or, not), and
; does nothing on the far side, loops up to min(virtual workgroups, bound):
; the one-dimensional loop's end and the reversed order's start
; (gs.vstart1d) both count from gs.vtrimmed, as the count of the launch's
; range of virtual workgroups below it (gs.vcount: min(gs_vend, limit) -
; gs_vfirst, or 0), and the body tests gs_vfirst + the loop's counter. Inputs/vtrim.cl at -O2 and
; -O0: i < n (seg1: ceil(n / 2^k), 2^k the greatest power of two up to the
; local size and 1024, while the 32-bit global id cannot wrap), g < m (seg2: m), g == 0 (seg3: 1), a signed bound that may be
; negative (seg4: k, and 0 below it), g >= 1 && i < m * 64 + 17 (seg5: the
; global id's bound), a signed global id up to k * 64 + 5 || g == 0 (seg6:
; the greater of the two limits), an early return past m + 1 (seg7: its
; false side works). The first phase, which every workgroup runs (seg0), and
; keep's guards (one that depends on the invocation as g + l, one whose
; skipped side writes) keep the whole loop. No call to the limit's
; placeholder is left.
;
; RUN: %gridsplit -O2 --virtual-workgroups --kernel trim --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s
; RUN: %gridsplit -O0 --virtual-workgroups --kernel trim --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s
; RUN: %gridsplit -O2 --virtual-workgroups --kernel keep --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=KEEP
; RUN: %gridsplit -O0 --virtual-workgroups --kernel keep --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=KEEP
; A dynamic schedule's segment with more than one successor keeps every
; virtual workgroup (each records its choice), though dyn's phase for the
; first m workgroups comes first (seg1); one with a single successor, whose
; every invocation makes the same choice, may be bounded (seg2: i == 0),
; with at least one virtual workgroup, which records it, from LLVM 20 on,
; where the choices are no stores (Run_vulkan_trim_dynamic.ll):
; RUN: %gridsplit -O2 --virtual-workgroups --kernel dyn --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=DYN
; The same for NVIDIA GPUs (NVPTX's launch-invariant reads hoisted first):
; RUN: rm -rf %t.nv && mkdir -p %t.nv
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o %t.nv/k.bc %S/Inputs/vtrim.cl
; RUN: llvm-link %t.nv/k.bc %S/../lowering/opencl_nvptx.ll -o %t.nv/linked.bc
; RUN: %opt -passes=always-inline,instcombine %t.nv/linked.bc -o %t.nv/vtrim.bc
; RUN: %gridsplit --target nvptx --kernel trim --dump-after=tidy -o %t.nv/out %t.nv/vtrim.bc 2>&1 | FileCheck %s --check-prefix=NVPTX
; Without virtual workgroups there is no loop to trim:
; RUN: %gridsplit -O2 --kernel trim --dump-after=tidy -o %t %S/Inputs/vtrim.cl 2>&1 | FileCheck %s --check-prefix=OFF

; CHECK-NOT:   gridsplit.v{{limit|group}}
; CHECK-LABEL: define spir_kernel void @trim.seg0(
; CHECK-NOT:   gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-LABEL: define spir_kernel void @trim.seg1(
; CHECK:       %[[T:[0-9]+]] = zext i32 %gs.vtotal to i64
; CHECK-NEXT:  %[[N:[0-9]+]] = zext i32 %n to i64
; CHECK-NEXT:  %[[S:[0-9]+]] = call spir_func i64 @_Z14get_local_sizej(i32 0)
; CHECK-NEXT:  icmp uge i64 %[[S]], 2
; CHECK:       icmp uge i64 %[[S]], 1024
; CHECK:       %[[R:[0-9]+]] = mul i64 %[[T]], %[[S]]
; CHECK-NEXT:  %[[P2:[0-9]+]] = shl i64 1, %[[K:[0-9]+]]
; CHECK-NEXT:  %[[A:[0-9]+]] = add i64 %[[N]], %[[P2]]
; CHECK-NEXT:  %[[B:[0-9]+]] = sub i64 %[[A]], 1
; CHECK-NEXT:  %[[C:[0-9]+]] = lshr i64 %[[B]], %[[K]]
; CHECK-NEXT:  %[[IN:[0-9]+]] = icmp ult i64 %[[N]], %[[R]]
; CHECK-NEXT:  %[[L:[0-9]+]] = select i1 %[[IN]], i64 %[[C]], i64 %[[T]]
; CHECK-NEXT:  %[[NW:[0-9]+]] = icmp ule i64 %[[R]], 4294967296
; CHECK-NEXT:  select i1 %[[NW]], i64 %[[L]], i64 %[[T]]
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-LABEL: define spir_kernel void @trim.seg2(
; CHECK:       %[[T:[0-9]+]] = zext i32 %gs.vtotal to i64
; CHECK-NEXT:  %[[M:[0-9]+]] = zext i32 %m to i64
; CHECK-NEXT:  %[[LT:[0-9]+]] = icmp ult i64 %[[M]], %[[T]]
; CHECK-NEXT:  %[[L:[0-9]+]] = select i1 %[[LT]], i64 %[[M]], i64 %[[T]]
; CHECK-NEXT:  %[[L32:[0-9]+]] = trunc i64 %[[L]] to i32
; CHECK-NEXT:  %gs.vtrimmed = freeze i32 %[[L32]]
; CHECK-NEXT:  %[[E:[0-9]+]] = icmp ult i32 %gs_vend, %gs.vtrimmed
; CHECK-NEXT:  %[[H:[0-9]+]] = select i1 %[[E]], i32 %gs_vend, i32 %gs.vtrimmed
; CHECK-NEXT:  %[[C:[0-9]+]] = sub i32 %[[H]], %gs_vfirst
; CHECK-NEXT:  %[[P:[0-9]+]] = icmp ugt i32 %[[H]], %gs_vfirst
; CHECK-NEXT:  %gs.vcount{{[0-9]*}} = select i1 %[[P]], i32 %[[C]], i32 0
; CHECK:       add i32 %gs.vcount{{[0-9]*}},
; CHECK:       %gs.vstart1d = select
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK:       add i32 %gs.v, %gs_vfirst
; CHECK:       icmp ult i32 %gs.v{{[0-9]+}}, %{{[0-9a-z.]+}}
; CHECK-LABEL: define spir_kernel void @trim.seg3(
; CHECK:       %[[T:[0-9]+]] = zext i32 %gs.vtotal to i64
; CHECK:       select i1 %{{[0-9]+}}, i64 %[[T]], i64 1
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-LABEL: define spir_kernel void @trim.seg4(
; CHECK:       %[[K:[0-9]+]] = sext i32 %k to i64
; CHECK:       %[[NEG:[0-9]+]] = icmp slt i64 %[[K]], 0
; CHECK-NEXT:  select i1 %[[NEG]], i64 0, i64 %[[K]]
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-LABEL: define spir_kernel void @trim.seg5(
; CHECK:       lshr i64
; CHECK:       icmp ule i64 %{{[0-9]+}}, 4294967296
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-LABEL: define spir_kernel void @trim.seg6(
; CHECK-DAG:   select i1 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 1
; CHECK-DAG:   sext i32 %{{[0-9]+}} to i64
; CHECK-DAG:   icmp ule i64 %{{[0-9]+}}, 2147483648
; CHECK-DAG:   icmp slt i64 %{{[0-9]+}}, 0
; CHECK-DAG:   icmp ugt i64 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-LABEL: define spir_kernel void @trim.seg7(
; CHECK:       %[[M1:[0-9]+]] = add i32 %m, 1
; CHECK-NEXT:  zext i32 %[[M1]] to i64
; CHECK:       %gs.vtrimmed = freeze i32
; CHECK:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; CHECK:       icmp ult i32 %gs.v, %gs.vcount
; CHECK-NOT:   gridsplit.vlimit

; KEEP-NOT:    gs.vtrimmed
; KEEP-NOT:    gridsplit.vlimit

; DYN-LABEL:   define spir_kernel void @dyn.seg1(
; DYN-NOT:     gs.vtrimmed
; DYN-LABEL:   define spir_kernel void @dyn.seg2(
; DYN-NOT:     gridsplit.vlimit

; NVPTX-LABEL: define {{.*}}void @trim.seg2(
; NVPTX:       %gs.vtrimmed = freeze i32
; NVPTX:       select i1 %{{[0-9]+}}, i32 %gs_vend, i32 %gs.vtrimmed
; NVPTX:       icmp ult i32 %gs.v, %gs.vcount
; NVPTX-NOT:   gridsplit.vlimit

; OFF-NOT:     gs.vtrimmed
; OFF-NOT:     gridsplit.vlimit
