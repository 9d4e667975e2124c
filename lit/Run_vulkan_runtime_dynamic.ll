; REQUIRES: llvm22
; A dynamic schedule through gridsplit run --runtime vulkan (issue 13): no
; host round trip per segment. Every segment is dispatched indirectly; after
; it the module's step shader (gs.step) checks its choice against the
; successor table, advances the control word and gives the chosen segment
; the grid's workgroup counts. The host records launches ahead in batches
; and reads the control word back once a batch. The loop's trip count comes
; from a buffer: 1, 5 and 40 steps (with --batch 2, 40 steps take several
; batches, each ending in launches the schedule did not reach, which
; dispatch no workgroups). a[i] = 7 i + 0 + 1 + ... + (steps - 1). A run
; after the first (--repeat) records the launches the last one took in its
; first batch.
; A divergence that only the run sees (Inputs/run_racy_flag.cl, as in
; Run_divergent_runtime.ll) is an error and no output is written.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit --target vulkan -o %t/split %t/iter.ll
; RUN: FileCheck %s --check-prefix=PLAN < %t/split/iter.plan.json
; RUN: %python %S/Inputs/vk_dynamic.py make %t 5
; RUN: %gridsplit run --runtime vulkan --grid 128 --out %t/five %t/iter.ll a=@%t/a steps=@%t/steps
; RUN: cp %t/five/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 5 | FileCheck %s
; RUN: %python %S/Inputs/vk_dynamic.py make %t 1
; RUN: %gs_vk_run %t/split/iter.spv %t/split/iter.plan.json --grid 128 --out %t/one a=@%t/a steps=@%t/steps
; RUN: cp %t/one/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 1 | FileCheck %s
; RUN: %python %S/Inputs/vk_dynamic.py make %t 40
; RUN: %gs_vk_run %t/split/iter.spv %t/split/iter.plan.json --batch 2 --verbose --grid 128 --out %t/forty a=@%t/a steps=@%t/steps 2> %t/forty.err
; RUN: cp %t/forty/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 40 | FileCheck %s
; RUN: FileCheck %s --check-prefix=BATCHES < %t/forty.err
; RUN: %python %S/Inputs/vk_dynamic.py make %t 5
; RUN: %gs_vk_run %t/split/iter.spv %t/split/iter.plan.json --repeat 1 --verbose --grid 128 --out %t/again a=@%t/a steps=@%t/steps 2> %t/again.err
; RUN: FileCheck %s --check-prefix=LEARNED < %t/again.err
; RUN: %python %S/Inputs/recorded_per_run.py %t/again.err | FileCheck %s --check-prefix=TAKEN
; RUN: %gs_vk_run %t/split/iter.spv %t/split/iter.plan.json --repeat 2 --profile --grid 128 --out %t/prof a=@%t/a steps=@%t/steps 2> %t/prof.err
; RUN: FileCheck %s --check-prefix=PROFILE < %t/prof.err
;
; RUN: not %gridsplit run --runtime vulkan -O0 --kernel racy --grid 64 --workgroup 1 --out %t/racy %S/Inputs/run_racy_flag.cl flag=zeros:4 out=zeros:256 2> %t/racy.err
; RUN: FileCheck %s --check-prefix=RACY < %t/racy.err
; RUN: not ls %t/racy

; PLAN: "schedule": "dynamic"
; PLAN: "workgroup_size": [64, 1, 1], "push_constant_bytes": 20, "push_constants": []
; CHECK: a: 512 bytes as expected
; BATCHES: iter: 2 launches ran, next 1
; BATCHES: iter: 6 launches ran, next 1
; BATCHES: iter: 41 launches ran, next -1
; A second run (--repeat) records the launches the first took, 6, in its
; first batch, where the first recorded 16 and ran 6; so does every run
; after (gs-vk-run's untimed warm-up runs, then the timed one):
; LEARNED-COUNT-16: iter segment {{[01]}} recorded
; LEARNED-NEXT: iter: 6 launches ran, next -1
; LEARNED-COUNT-6: iter segment {{[01]}} recorded
; LEARNED-NEXT: iter: 6 launches ran, next -1
; TAKEN: recorded per run: 16 [6]
; --profile: each segment's dispatches and time in a timed run (two):
; PROFILE: iter: profile of 2 runs (per run: segment, dispatches, us)
; PROFILE-NEXT: iter:   segment 0: 1.00 dispatches, {{[0-9.]+}} us
; PROFILE-NEXT: iter:   segment 1: 5.00 dispatches, {{[0-9.]+}} us
; PROFILE-NEXT: iter:   segments together: {{[0-9.]+}} us
; RACY: run_racy_flag.cl: error: kernel 'racy': divergent grid barrier at run time: after segment 0 the invocations did not all reach the same barrier

;--- iter.ll
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
