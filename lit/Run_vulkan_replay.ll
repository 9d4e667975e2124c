; REQUIRES: llvm22
; Replaying a path on Vulkan (docs/split.md, "Replaying a path"; lavapipe
; here). The Vulkan runner learns a dynamic schedule's path when every
; launch it recorded ran; where the plan says the path follows from the
; arguments, the next runs dispatch it directly, each launch vouched for in
; its order word (no guard, no choice, no step shader, no control word),
; and after them the path runs once more from the inputs: its outputs must
; be the first run's, byte for byte. gridsplit run --runtime vulkan
; --replay runs twice to learn, replays, checks; --check then compares the
; first run's outputs with gs-reference (the kernel with true grid
; barriers). Kernels of Inputs/path_from_arguments.cl at -O2 and -O0, on 1
; to 3 physical workgroups, odd sizes.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<77f', *[((k * 29) %% 17) / 8.0 - 1 for k in range(77)])); open(sys.argv[2],'wb').write(struct.pack('<10I', *range(3, 13)))" %t/a.bin %t/v.bin
; RUN: %gridsplit run --runtime vulkan -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel sweeps --grid 96 --workgroup 32 --out %t/s2 %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=SWEEPS
; RUN: %gridsplit run --runtime vulkan -O2 --check --replay --virtual-workgroups --physical-groups 3 --kernel tree --grid 40 --workgroup 4 --out %t/t2 %S/Inputs/path_from_arguments.cl v=@%t/v.bin 2>&1 | FileCheck %s --check-prefix=TREE
; RUN: %gridsplit run --runtime vulkan -O0 --check --replay --virtual-workgroups --physical-groups 1 --kernel tree --grid 40 --workgroup 4 --out %t/t0 %S/Inputs/path_from_arguments.cl v=@%t/v.bin 2>&1 | FileCheck %s --check-prefix=TREE
; Each segment with its own count of physical workgroups (docs/targets.md),
; in the stepped runs and the replay:
; RUN: env GS_VK_TEST_GROUPS=1,3,2 %gridsplit run --runtime vulkan -O2 --check --replay --virtual-workgroups --kernel sweeps --grid 96 --workgroup 32 --out %t/sg %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=SWEEPS
; RUN: cmp %t/sg/b.bin %t/s2/b.bin
; RUN: %gridsplit run --runtime vulkan -O2 --check --replay --virtual-workgroups --kernel counter_pointer --grid 60 --workgroup 6 --out %t/c2 %S/Inputs/path_from_arguments.cl out=zeros:240 count=4 2>&1 | FileCheck %s --check-prefix=COUNTER
; RUN: %gridsplit run --runtime vulkan -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel early_return --grid 60 --workgroup 6 --out %t/e2 %S/Inputs/path_from_arguments.cl out=zeros:240 n=41 count=3 2>&1 | FileCheck %s --check-prefix=EARLY
; RUN: %gridsplit run --runtime vulkan -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel early_return --grid 60 --workgroup 6 --out %t/e0 %S/Inputs/path_from_arguments.cl out=zeros:240 n=41 count=3 2>&1 | FileCheck %s --check-prefix=EARLY
; SWEEPS: sweeps: the replayed path from the inputs again: 616 bytes of outputs, the first run's
; SWEEPS: gridsplit run: --check: every host-output buffer matches the reference
; TREE: tree: the replayed path from the inputs again: 40 bytes of outputs, the first run's
; TREE: gridsplit run: --check: every host-output buffer matches the reference
; COUNTER: counter_pointer: the replayed path from the inputs again: 240 bytes of outputs, the first run's
; COUNTER: gridsplit run: --check: every host-output buffer matches the reference
; EARLY: early_return: the replayed path from the inputs again: 240 bytes of outputs, the first run's
; EARLY: gridsplit run: --check: every host-output buffer matches the reference
;
; Two runs learn the path (3 launches, count=2), the third replays them in
; order:
; RUN: %gridsplit run --runtime vulkan --verbose --replay --virtual-workgroups --kernel sweeps --grid 96 --workgroup 32 --out %t/v %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=2 2>&1 | FileCheck %s --check-prefix=VERBOSE
; VERBOSE:      gridsplit: vulkan: sweeps: 3 launches ran, next -1
; VERBOSE:      gridsplit: vulkan: sweeps: 3 launches ran, next -1
; VERBOSE-NEXT: gridsplit: vulkan: sweeps segment 0 replayed
; VERBOSE-NEXT: gridsplit: vulkan: sweeps segment 1 replayed
; VERBOSE-NEXT: gridsplit: vulkan: sweeps segment 1 replayed
; VERBOSE-NEXT: gridsplit: vulkan: sweeps segment 0 replayed
;
; gs-vk-run replays from its third run with --repeat, and not with
; --no-replay; both write the first run's outputs, the same bytes.
; RUN: %gridsplit --target vulkan --virtual-workgroups --kernel sweeps --workgroup 32 -o %t/m %S/Inputs/path_from_arguments.cl
; RUN: %gs_vk_run %t/m/path_from_arguments.spv %t/m/path_from_arguments.plan.json --grid 96 --workgroup 32 --physical-groups 2 --repeat 3 --verbose --out %t/g1 a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=GSVK
; RUN: %gs_vk_run %t/m/path_from_arguments.spv %t/m/path_from_arguments.plan.json --grid 96 --workgroup 32 --physical-groups 2 --repeat 3 --no-replay --verbose --out %t/g2 a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=NOREPLAY
; RUN: cmp %t/g1/a.bin %t/g2/a.bin
; RUN: cmp %t/g1/b.bin %t/g2/b.bin
; RUN: cmp %t/g1/a.bin %t/s2/a.bin
; GSVK: segment 0 replayed
; GSVK: sweeps: the replayed path from the inputs again: 616 bytes of outputs, the first run's
; NOREPLAY-NOT: replayed
;
; A path that leaves a first successor (replay_pick.cl, mode 0), or batches
; that do not add up to the path (--batch 4 for 6 launches), leave recorded
; launches unreached: the next run learns the path one launch a batch, and
; the runs after it replay.
; RUN: %gridsplit run --runtime vulkan --check --replay --virtual-workgroups --physical-groups 2 --kernel pick --grid 18 --workgroup 3 --out %t/p0 %S/Inputs/replay_pick.cl out=zeros:72 mode=0 count=4 2>&1 | FileCheck %s --check-prefix=PICK
; RUN: %gridsplit run --runtime vulkan --check --replay --virtual-workgroups --kernel pick --grid 18 --workgroup 3 --out %t/p1 %S/Inputs/replay_pick.cl out=zeros:72 mode=1 count=4 2>&1 | FileCheck %s --check-prefix=PICK
; RUN: %gridsplit run --runtime vulkan -O0 --check --replay --virtual-workgroups --physical-groups 4 --kernel pick --grid 18 --workgroup 3 --out %t/p00 %S/Inputs/replay_pick.cl out=zeros:72 mode=0 count=4 2>&1 | FileCheck %s --check-prefix=PICK
; PICK: pick: the replayed path from the inputs again: 72 bytes of outputs, the first run's
; PICK: gridsplit run: --check: every host-output buffer matches the reference
; RUN: %gs_vk_run %t/m/path_from_arguments.spv %t/m/path_from_arguments.plan.json --grid 96 --workgroup 32 --batch 4 --repeat 3 --verbose --out %t/g3 a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=GSVK
; RUN: cmp %t/g3/a.bin %t/g1/a.bin
;
; What cannot be replayed is refused before anything runs, naming the
; kernel and why, and writes nothing:
; RUN: not %gridsplit run --runtime vulkan --replay --virtual-workgroups --kernel until_clear --grid 8 --workgroup 4 --out %t/no1 %S/Inputs/path_from_arguments.cl x=zeros:32 flag=zeros:4 n=8 2>&1 | FileCheck %s --check-prefix=DATA
; RUN: not ls %t/no1
; DATA: error: --replay: kernel 'until_clear' cannot be replayed: its path may depend on data, not only on the scalar arguments and the grid (the plan's control.path_from_arguments is false)
; RUN: not %gridsplit run --runtime vulkan --replay --kernel sweeps --grid 96 --workgroup 32 --out %t/no2 %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=NOVIRT
; RUN: not ls %t/no2
; NOVIRT: error: --replay: kernel 'sweeps' cannot be replayed: its segments have no virtual workgroups, whose order argument carries a replay (--virtual-workgroups)
; RUN: not %gridsplit run --runtime vulkan --replay --virtual-workgroups --grid 16 --workgroup 4 --out %t/no3 %S/Inputs/blur.cl src=zeros:64 tmp=zeros:64 dst=zeros:64 n=16 2>&1 | FileCheck %s --check-prefix=STATIC
; RUN: not ls %t/no3
; STATIC: error: --replay: kernel '{{[a-z_]+}}' cannot be replayed: its schedule is static: there is no path to learn
