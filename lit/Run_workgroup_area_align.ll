; REQUIRES: llvm15
; The workgroups' areas of the live state begin at the first multiple of 16
; after the columns (docs/split.md, "The live-state buffer"): a kernel that
; carries only a char (1 byte per invocation) over 77 invocations ends its
; columns at header + 77, and its workgroup memory of doubles is copied in
; 8-byte units. The segments round the areas' offset up (the `and` with
; -16), the runner sizes the buffer the same way, and the bytes are those of
; the kernel's own arithmetic (Inputs/wg_area_align.py), at -O2 and -O0
; (a helper reading workgroup memory, not inlined), with and without
; virtual workgroups, and against the threaded reference (--check).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/wg_area_align.py make %t/data.in 77
; RUN: %gridsplit -o %t/split %S/Inputs/wg_area_align.cl
; RUN: FileCheck %s --check-prefix=IR < %t/split/wg_area_align.ll
; RUN: %plan2lines %t/split/wg_area_align.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit run --check --grid 77 --workgroup 7 --out %t/o2 %S/Inputs/wg_area_align.cl data=@%t/data.in n=77 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/wg_area_align.py check %t/data.in %t/o2/data.bin 77 | FileCheck %s
; RUN: %gridsplit run -O0 --check --grid 77 --workgroup 7 --out %t/o0 %S/Inputs/wg_area_align.cl data=@%t/data.in n=77 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/wg_area_align.py check %t/data.in %t/o0/data.bin 77 | FileCheck %s
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 3 --grid 77 --workgroup 7 --out %t/v %S/Inputs/wg_area_align.cl data=@%t/data.in n=77
; RUN: %python %S/Inputs/wg_area_align.py check %t/data.in %t/v/data.bin 77 | FileCheck %s

; IR-LABEL: define spir_kernel void @wgalign.seg0(
; IR:         %gs.workgroup_areas = and i64 %{{[0-9]+}}, -16
; IR:         %gs.workgroup_state = getelementptr i8, {{.*}} %gs_live_state
; IR-LABEL: define spir_kernel void @wgalign.seg1(
; IR:         %gs.workgroup_areas = and i64 %{{[0-9]+}}, -16
; IR:         %gs.workgroup_state = getelementptr i8, {{.*}} %gs_live_state
; PLAN: kernels[0].live_state.bytes_per_invocation = 1
; PLAN: kernels[0].live_state.workgroup_bytes = 64
; CHECKED: gridsplit run: --check: every host-output buffer matches the reference
; CHECK: data: as expected
