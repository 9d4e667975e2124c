; REQUIRES: llvm22
; The step in the segments (--target vulkan with virtual workgroups;
; gridsplit/control_word.h, docs/split.md "The step in the segments"): each
; launch's last physical workgroup to arrive checks the choice, advances the
; control word and writes the next launch's dispatch counts, so the host
; records no step shader between launches. The plan says so ("step":
; "segments", and the control word's words: 4, the arrival counter, and six
; a segment), and the module has no gs.step. --step-shader keeps the step
; shader. The loop's trip count comes from a buffer (40 steps, batches of 2:
; launches recorded and not reached dispatch nothing); with 3 and with 5
; physical workgroups for 8 virtual ones (the host launches at most as many
; physical as virtual ones), the bytes are a[i] = 7 i + 0 + 1 + ... + 39
; both ways. GS_VK_TEST_GROUPS gives segment 0 and 1 their counts, which
; the last workgroup hands on. gs-vk-exec (no plan) steps such a module
; too, reading the next segment from CURRENT, and wants its larger control
; word.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %gridsplit --target vulkan --virtual-workgroups --workgroup 16 -o %t/fold %t/iter.ll
; RUN: %gridsplit --target vulkan --virtual-workgroups --step-shader --workgroup 16 -o %t/step %t/iter.ll
; RUN: FileCheck %s --check-prefix=FOLDPLAN < %t/fold/iter.plan.json
; RUN: FileCheck %s --check-prefix=STEPPLAN < %t/step/iter.plan.json
; RUN: spirv-dis %t/fold/iter.spv | FileCheck %s --check-prefix=FOLDSPV
; RUN: spirv-dis %t/step/iter.spv | FileCheck %s --check-prefix=STEPSPV
;
; RUN: %python %S/Inputs/vk_dynamic.py make %t 40
; RUN: env GS_VK_TEST_GROUPS=3,2 %gs_vk_run %t/fold/iter.spv %t/fold/iter.plan.json --batch 2 --verbose --grid 128 --out %t/f3 a=@%t/a steps=@%t/steps 2> %t/f3.err
; RUN: cp %t/f3/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 40 | FileCheck %s
; RUN: FileCheck %s --check-prefix=BATCHES < %t/f3.err
; RUN: %python %S/Inputs/vk_dynamic.py make %t 40
; RUN: env GS_VK_TEST_GROUPS=5,5 %gs_vk_run %t/fold/iter.spv %t/fold/iter.plan.json --batch 3 --grid 128 --out %t/f5 a=@%t/a steps=@%t/steps
; RUN: cp %t/f5/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 40 | FileCheck %s
; RUN: rm -rf %t/x && mkdir -p %t/x && %python %S/Inputs/vk_dynamic.py make %t/x 40
; RUN: %python -c "open('%t/x/ctl68', 'wb').write(bytes(68))"
; RUN: %gs_vk_exec %t/fold/iter.spv --groups 3 --push 080000000100000001000000000000000000000008000000 --control 3 --buffer %t/x/a --buffer %t/x/steps --buffer %t/x/state --buffer %t/x/ctl68 --entry iter.seg0 --entry iter.seg1
; RUN: head -c 16 %t/x/ctl68 > %t/x/ctl && %python %S/Inputs/vk_dynamic.py check %t/x 40 | FileCheck %s --check-prefix=EXEC
; RUN: not %gs_vk_exec %t/fold/iter.spv --groups 3 --push 080000000100000001000000000000000000000008000000 --control 3 --buffer %t/x/a --buffer %t/x/steps --buffer %t/x/state --buffer %t/x/ctl --entry iter.seg0 --entry iter.seg1 2>&1 | FileCheck %s --check-prefix=EXECSMALL
; RUN: %python %S/Inputs/vk_dynamic.py make %t 40
; RUN: env GS_VK_TEST_GROUPS=3,2 %gs_vk_run %t/step/iter.spv %t/step/iter.plan.json --batch 2 --verbose --grid 128 --out %t/s3 a=@%t/a steps=@%t/steps 2> %t/s3.err
; RUN: cp %t/s3/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 40 | FileCheck %s
; RUN: FileCheck %s --check-prefix=BATCHES < %t/s3.err
; A repeated run (the learned batch) and gridsplit run, which steps in the
; segments too:
; RUN: %python %S/Inputs/vk_dynamic.py make %t 5
; RUN: %gs_vk_run %t/fold/iter.spv %t/fold/iter.plan.json --repeat 2 --grid 128 --out %t/again a=@%t/a steps=@%t/steps
; RUN: cp %t/again/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 5 | FileCheck %s
; RUN: %python %S/Inputs/vk_dynamic.py make %t 5
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 5 --grid 128 --workgroup 16 --out %t/run %t/iter.ll a=@%t/a steps=@%t/steps
; RUN: cp %t/run/a.bin %t/a && %python %S/Inputs/vk_dynamic.py check %t 5 | FileCheck %s
;
; Inputs/vk_shrink.cl, a loop whose trip count the data decides (16 rounds
; here), a helper not inlined at -O0, a private counter, 1000 elements of a
; grid of 1024: at -O0 and -O2, on 3 and 5 physical workgroups, stepped in
; the segments; at -O0 through the step shader too (--step-shader, and
; without virtual workgroups): the reference's bytes (--check) and
; Inputs/vk_shrink.py's.
; RUN: %python %S/Inputs/vk_shrink.py make %t
; RUN: %gridsplit run --runtime vulkan -O0 --check --virtual-workgroups --physical-groups 3 --kernel shrink --grid 1024 --workgroup 64 --out %t/s0 %S/Inputs/vk_shrink.cl a=@%t/a.in flag=zeros:12 out=zeros:4004 n=1000 bound=5 2>&1 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/vk_shrink.py check %t %t/s0 | FileCheck %s --check-prefix=SHRINK
; RUN: %gridsplit run --runtime vulkan -O2 --check --virtual-workgroups --physical-groups 5 --kernel shrink --grid 1024 --workgroup 64 --out %t/s2 %S/Inputs/vk_shrink.cl a=@%t/a.in flag=zeros:12 out=zeros:4004 n=1000 bound=5 2>&1 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/vk_shrink.py check %t %t/s2 | FileCheck %s --check-prefix=SHRINK
; RUN: %gridsplit run --runtime vulkan -O0 --check --kernel shrink --grid 1024 --workgroup 64 --out %t/sn %S/Inputs/vk_shrink.cl a=@%t/a.in flag=zeros:12 out=zeros:4004 n=1000 bound=5 2>&1 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/vk_shrink.py check %t %t/sn | FileCheck %s --check-prefix=SHRINK
; RUN: %gridsplit --target vulkan -O0 --virtual-workgroups --step-shader --workgroup 64 --kernel shrink -o %t/shs %S/Inputs/vk_shrink.cl
; RUN: %gs_vk_run %t/shs/vk_shrink.spv %t/shs/vk_shrink.plan.json --physical-groups 3 --grid 1024 --out %t/ss a=@%t/a.in flag=zeros:12 out=zeros:4004 n=1000 bound=5
; RUN: %python %S/Inputs/vk_shrink.py check %t %t/ss | FileCheck %s --check-prefix=SHRINK
;
; A divergence found by the last workgroup is reported as the step shader
; reports it, and nothing is written:
; RUN: not %gridsplit run --runtime vulkan -O0 --virtual-workgroups --physical-groups 5 --kernel racy --grid 64 --workgroup 1 --out %t/racy %S/Inputs/run_racy_flag.cl flag=zeros:4 out=zeros:256 2>&1 | FileCheck %s --check-prefix=RACY
; RUN: not ls %t/racy
;
; A plan and a module that step differently are refused, so is a plan whose
; step is none the host knows, and --step-shader for another target:
; RUN: %python %S/Inputs/vk_dynamic.py make %t 40
; RUN: not %gs_vk_run %t/step/iter.spv %t/fold/iter.plan.json --grid 128 --out %t/bad1 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=NOSTEPS
; RUN: not %gs_vk_run %t/fold/iter.spv %t/step/iter.plan.json --grid 128 --out %t/bad2 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=NOSHADER
; RUN: sed 's/"step": "segments"/"step": "kernel"/' %t/fold/iter.plan.json > %t/kernel.plan.json
; RUN: not %gs_vk_run %t/fold/iter.spv %t/kernel.plan.json --grid 128 --out %t/bad3 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: sed 's/"words": 17/"words": 4/' %t/fold/iter.plan.json > %t/words.plan.json
; RUN: not %gs_vk_run %t/fold/iter.spv %t/words.plan.json --grid 128 --out %t/bad4 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=WORDS
; RUN: %python -c "import json; p = json.load(open('%t/fold/iter.plan.json')); del p['kernels'][0]['virtual_groups']; json.dump(p, open('%t/novirt.plan.json', 'w'))"
; RUN: not %gs_vk_run %t/fold/iter.spv %t/novirt.plan.json --grid 128 --out %t/bad5 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=NOVIRT
; A plan that lost the last segment (its "words" mended) names a module
; with more segments than it, whose steps are compiled for two:
; RUN: %python -c "import json; p = json.load(open('%t/fold/iter.plan.json')); k = p['kernels'][0]; k['segments'] = k['segments'][:1]; k['segments'][0]['successors'] = [-1]; k['control']['words'] = 11; json.dump(p, open('%t/short.plan.json', 'w'))"
; RUN: not %gs_vk_run %t/fold/iter.spv %t/short.plan.json --grid 128 --out %t/bad6 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=SHORT
; Segments that do not step run with a plan that says they do (the step
; shader's entry point renamed, so that the module looks as if it stepped):
; the first launch does not step, an error where the host would record it
; again forever.
; RUN: %python -c "d = open('%t/step/iter.spv', 'rb').read(); assert d.count(b'gs.step\0') == 2; open('%t/renamed.spv', 'wb').write(d.replace(b'gs.step\0', b'gs.stop\0'))"
; RUN: not %gs_vk_run %t/renamed.spv %t/fold/iter.plan.json --grid 128 --out %t/bad7 a=@%t/a steps=@%t/steps 2>&1 | FileCheck %s --check-prefix=NOTSTEPPED
; RUN: not ls %t/bad1 %t/bad2 %t/bad3 %t/bad4 %t/bad5 %t/bad6 %t/bad7
; RUN: not %gridsplit --target nvptx --step-shader -o %t/bad5 %t/iter.ll 2>&1 | FileCheck %s --check-prefix=USAGE

; FOLDPLAN: "control": {"arg": 3, "words": 17, "path_from_arguments": false, "step": "segments"}
; STEPPLAN: "control": {"arg": 3, "words": 4, "path_from_arguments": false}
; The arrival: an acquire-release add of the device's scope (memory barriers
; on buffer and workgroup memory around a relaxed atomic):
; FOLDSPV-NOT: OpEntryPoint GLCompute {{.*}} "gs.step"
; Every invocation's reads of the control word are ordered before the first
; invocation's release: the workgroup barrier before it orders buffer
; memory too (fences of the workgroup's scope on either side):
; FOLDSPV: OpMemoryBarrier %uint_2 %uint_328
; FOLDSPV-NEXT: OpControlBarrier %uint_2 %uint_2 %uint_264
; FOLDSPV-NEXT: OpMemoryBarrier %uint_2 %uint_328
; FOLDSPV: OpMemoryBarrier %uint_1 %uint_328
; FOLDSPV-NEXT: OpAtomicIAdd %uint {{.*}} %uint_1 %uint_0 %uint_1
; FOLDSPV-NEXT: OpMemoryBarrier %uint_1 %uint_328
; STEPSPV: OpEntryPoint GLCompute {{.*}} "gs.step"
; STEPSPV-NOT: OpAtomicIAdd
; STEPSPV-NOT: OpMemoryBarrier %uint_2
; CHECK: a: 512 bytes as expected
; BATCHES: iter: 2 launches ran, next 1
; BATCHES-NEXT: iter: segment 1 is given 2,1,1 workgroups
; BATCHES: iter: 6 launches ran, next 1
; BATCHES-NEXT: iter: segment 1 is given 2,1,1 workgroups
; BATCHES: iter: 41 launches ran, next -1
; RACY: run_racy_flag.cl: error: kernel 'racy': divergent grid barrier at run time: after segment 0 the invocations did not all reach the same barrier
; NOSTEPS: gs-vk-run: the plan and the module do not match: the plan's segments step ("step": "segments"), the module's need its step shader 'gs.step'
; NOSHADER: gs-vk-run: the plan and the module do not match: the module has no entry point 'gs.step'
; UNKNOWN: gs-vk-run: {{.*}}kernel 'iter': the control word's "step" is not "segments"
; WORDS: gs-vk-run: {{.*}}the control word has no "words": 17 (4 and 6 a segment, plus one: "step": "segments")
; USAGE: gridsplit: error: --step-shader means nothing for --target nvptx
; CHECKED: gridsplit run: --check: every host-output buffer matches the reference
; SHRINK: shrink: 16 rounds, as expected
; EXEC: a: 512 bytes as expected
; EXECSMALL: gs-vk-exec: --control 3: no buffer of 68 bytes there (the segments step themselves, no gs.step: 4 + 1 + 6 words a segment, gridsplit/control_word.h)
; NOVIRT: gs-vk-run: {{.*}}kernel 'iter': "step": "segments" needs virtual workgroups
; SHORT: gs-vk-run: the plan and the module do not match: the module has a segment 'iter.seg1' after the plan's 1
; NOTSTEPPED: gs-vk-run: kernel 'iter': segment 0 ran and did not step the control word: the module's steps are not the plan's ("step": "segments")

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
