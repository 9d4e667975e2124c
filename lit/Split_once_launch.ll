; Which values carried once the launch's number gives (lib/once_launch.c):
; Inputs/once_launch.cl split with virtual workgroups (the launch's number
; from the order argument in a replay, else control[2]) and without
; (control[2], read at the segment's start). count_up's and wrap_down's
; counters are computed from it, so their loop segments read and write no
; copy in the live state's header; from_arg's, two_barriers' and
; float_step's keep their two copies. Run_once_launch.ll runs them.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target ir --virtual-workgroups -o %t/v %S/Inputs/once_launch.cl
; RUN: FileCheck %s < %t/v/once_launch.ll
; RUN: %gridsplit --target ir -o %t/n %S/Inputs/once_launch.cl
; RUN: FileCheck %s --check-prefix=FLAT < %t/n/once_launch.ll

; The launch's number: the order argument's in a replay, else control[2].
; CHECK-LABEL: define spir_kernel void @count_up.seg1(
; CHECK:       gs.vloop1d.preheader:
; CHECK:         %gs.launch{{[.a-z0-9]*}} = load i32
; CHECK:         %[[ORD:[0-9]+]] = lshr i32 %gs_vorder, 2
; CHECK:         %gs.launch{{[.a-z0-9]*}} = select i1 %{{.*}}, i32 %gs.launch{{[.a-z0-9]*}}, i32 %[[ORD]]
; CHECK-NOT:     gs.copy
; CHECK-NOT:     store atomic
; CHECK:       {{^}}}
; CHECK-LABEL: define spir_kernel void @wrap_down.seg1(
; CHECK-NOT:     gs.copy
; CHECK-NOT:     store atomic
; CHECK:       {{^}}}
; Both copies of from_arg's counter are !invariant.load reads from the live
; state's header, which the segment declares dereferenceable, so LICM takes
; them out of the loops over virtual workgroups.
; CHECK-LABEL: define spir_kernel void @from_arg.seg1(
; CHECK:       gs.vloop1d.preheader:
; CHECK:         %gs.copy{{[.a-z0-9]*}} = load i32,
; CHECK:         %gs.copy{{[.a-z0-9]*}} = load i32,
; CHECK:       gs.vloop1d:
; CHECK-NOT:     gs.copy
; CHECK:         store atomic
; CHECK:       gs.vloop.preheader:
; CHECK:         %gs.copy{{[.a-z0-9]*}} = load i32,
; CHECK:       gs.vloop:
; CHECK-NOT:     gs.copy
; CHECK:         store atomic
; CHECK-LABEL: define spir_kernel void @two_barriers.seg1(
; CHECK:         gs.copy
; CHECK:         store atomic
; CHECK-LABEL: define spir_kernel void @two_barriers.seg2(
; CHECK:         gs.copy
; CHECK:         store atomic
; CHECK-LABEL: define spir_kernel void @float_step.seg1(
; CHECK:         gs.copy
; CHECK:         store atomic
; widths' counters of other widths and grid2d's (the three-dimensional loop
; over virtual workgroups) are computed too; nested's inner counter, which
; starts again every outer round, is read.
; CHECK-LABEL: define spir_kernel void @widths.seg1(
; CHECK-NOT:     gs.copy
; CHECK-NOT:     store atomic
; CHECK:       {{^}}}
; status's, whose reads sit behind the status word's test, a block after
; the launch's number:
; CHECK-LABEL: define spir_kernel void @status.seg1(
; CHECK-NOT:     gs.copy
; CHECK:       {{^}}}
; CHECK-LABEL: define spir_kernel void @nested.seg1(
; CHECK:         gs.copy
; CHECK-LABEL: define spir_kernel void @grid2d.seg1(
; CHECK-NOT:     gs.copy
; CHECK-NOT:     store atomic
; CHECK:       {{^}}}
; No tag is left behind.
; CHECK-NOT:   !gridsplit.once
; CHECK-NOT:   !gridsplit.launch

; FLAT-LABEL: define spir_kernel void @count_up.seg1(
; FLAT:         %gs.launch = load i32
; FLAT-NOT:     gs.copy
; FLAT-NOT:     store atomic
; FLAT:       {{^}}}
; FLAT-LABEL: define spir_kernel void @from_arg.seg1(
; FLAT:         %gs.launch = load i32
; FLAT:         gs.copy
; FLAT:         store atomic
; FLAT-NOT:   !gridsplit.once
; FLAT-NOT:   !gridsplit.launch
