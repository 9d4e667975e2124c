; REQUIRES: llvm22
; (LLVM 15 builds the same steps: its IR prints otherwise)
; The step in the segments (docs/split.md; gs_options_set_steps_in_segments)
; through the pass plugin: with virtual workgroups every segment of a
; dynamic schedule counts its physical workgroups in the control word's
; arrival word (an acquire-release add of the device's scope, byte 16) and
; the last steps the word: the choice exchanged for unset, the flags read,
; the counts of its one successor (segment 1: words 14..16, bytes 56..64)
; loaded, the launch count advanced by the check's outcome, the segment's
; own dispatch counts (words 5..7) zeroed; a choice that is no successor
; stops the schedule at -2 - 0. The plan says so, with 4 + 1 + 6 * 2 words.
; Without virtual workgroups the option changes nothing; a value that is no
; boolean is an error naming the key.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<virtual-workgroups=true;steps-in-segments=true;keep-original=false;plan=%t.plan.json>' -S %s | FileCheck %s
; RUN: FileCheck %s --check-prefix=PLAN < %t.plan.json
; RUN: %opt -load-pass-plugin=%plugin -passes='gridsplit<steps-in-segments=true;keep-original=false;plan=%t.off.json>' -S %s | FileCheck %s --check-prefix=OFF
; RUN: FileCheck %s --check-prefix=PLAN-OFF < %t.off.json
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<steps-in-segments=often>' -S %s 2>&1 | FileCheck %s --check-prefix=BAD

; CHECK-LABEL: define spir_kernel void @iter.seg0(
; CHECK: gs.arrive:
; CHECK-NEXT: [[A:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(1) %gs_control, i64 16
; CHECK-NEXT: [[N:%.*]] = atomicrmw add ptr addrspace(1) [[A]], i32 1 syncscope("device") acq_rel
; CHECK: br i1 {{%.*}}, label %gs.step, label
; CHECK: gs.step:
; CHECK: atomicrmw xchg ptr addrspace(1) {{%.*}}, i32 0 syncscope("device") monotonic
; CHECK-NEXT: [[NEXT:%.*]] = atomicrmw xchg ptr addrspace(1) %gs_control, i32 -1 syncscope("device") monotonic
; CHECK: [[IS1:%.*]] = icmp eq i32 [[NEXT]], 1
; CHECK: getelementptr i8, ptr addrspace(1) %gs_control, i64 56
; CHECK: getelementptr i8, ptr addrspace(1) %gs_control, i64 64
; CHECK: %gs.step.ok = and i1 {{%.*}}, [[IS1]]
; CHECK: [[OK:%.*]] = zext i1 %gs.step.ok to i32
; CHECK: atomicrmw add ptr addrspace(1) {{%.*}}, i32 [[OK]] syncscope("device") monotonic
; CHECK: select i1 %gs.step.ok, i32 [[NEXT]], i32 -2
; CHECK: getelementptr i8, ptr addrspace(1) %gs_control, i64 20
; CHECK-NEXT: store i32 0
; CHECK-LABEL: define spir_kernel void @iter.seg1(
; CHECK: gs.arrive:
; CHECK: attributes #{{[0-9]+}} = { {{.*}}"gridsplit-steps-in-segment"

; PLAN: "control": {"arg": 3, "words": 17, "path_from_arguments": false, "step": "segments"}
; OFF-NOT: gs.arrive
; OFF-NOT: gridsplit-steps-in-segment
; PLAN-OFF: "control": {"arg": 3, "words": 4, "path_from_arguments": false}
; BAD: steps-in-segments

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
declare void @gridsplit_grid_sync()
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @iter(ptr addrspace(1) %a, ptr addrspace(1) %steps) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %n = load i32, ptr addrspace(1) %steps, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = load i32, ptr addrspace(1) %p, align 4
  %v1 = add i32 %v, %i
  store i32 %v1, ptr addrspace(1) %p, align 4
  call void @gridsplit_grid_sync()
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}
