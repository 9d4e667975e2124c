; REQUIRES: llvm22
; bench/gpu's loop workloads (issue 14) as the split runs them on Vulkan, small:
; cg, a conjugate gradient whose trip count comes from a grid-wide dot
; product, and bfs, a breadth-first search by levels that loops until a
; level reaches no node. --check compares every output with the threaded
; reference (the original kernel, its grid barriers real); bfs's distances
; and level sizes are also those of a BFS in Python, and cg's x solves the
; system to a relative residual below 1e-4 (Inputs/bench_loops.py), in 15
; iterations. Then both with virtual workgroups on fewer physical ones,
; the same bytes. At -O0, bfs gives the same bytes (with virtual workgroups
; too); cg is refused, since its helpers, not inlined, take workgroup and
; buffer pointers (docs/targets.md, "Left alone").
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/bench_loops.py make %t
; RUN: %gridsplit run --runtime vulkan --check --kernel bfs --grid 1024 --workgroup 256 --out %t/b %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/b/dist.bin %t/dist.exp
; RUN: cmp %t/b/count.bin %t/count.exp
; RUN: %gridsplit run --runtime vulkan --check --kernel cg --grid 1024 --workgroup 256 --out %t/c %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/bench_loops.py cg %t %t/c | FileCheck %s --check-prefix=CG
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 3 --kernel bfs --grid 1024 --workgroup 256 --out %t/bv %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7
; RUN: cmp %t/bv/dist.bin %t/dist.exp
; RUN: cmp %t/bv/count.bin %t/count.exp
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 3 --kernel cg --grid 1024 --workgroup 256 --out %t/cv %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10
; RUN: cmp %t/cv/x.bin %t/c/x.bin
; RUN: cmp %t/cv/dots.bin %t/c/dots.bin
; Split with --distinct-buffers (as bench/gpu splits it), cg's shaders read
; p[i] and r[i] again after the barriers instead of carrying them: the same
; bytes.
; RUN: %gridsplit run --runtime vulkan --distinct-buffers --virtual-workgroups --physical-groups 3 --kernel cg --grid 1024 --workgroup 256 --out %t/cd %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10
; RUN: cmp %t/cd/x.bin %t/c/x.bin
; RUN: cmp %t/cd/dots.bin %t/c/dots.bin
; Each segment with a count of physical workgroups of its own (as NVIDIA's
; registers give them: docs/targets.md), the step shader dispatching the
; chosen segment's from the successor table (what it gave the segment
; next after a batch, read back: 2 for segment 6 and 4 for segment 3, where
; a step shader that ignored the table gave 1): the same bytes.
; RUN: env GS_VK_TEST_GROUPS=1,2,3,4,2,3,2 %gridsplit run --runtime vulkan --verbose --check --distinct-buffers --virtual-workgroups --kernel cg --grid 1024 --workgroup 256 --out %t/cs %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 > %t/cs.out 2>&1
; RUN: FileCheck %s --check-prefix=GROUPS < %t/cs.out
; RUN: FileCheck %s --check-prefix=CHECKED < %t/cs.out
; RUN: cmp %t/cs/x.bin %t/c/x.bin
; RUN: cmp %t/cs/dots.bin %t/c/dots.bin
; The same with the step shader (--step-shader; the runs above step in the
; segments, each launch's last workgroup writing the next counts): eight
; segments' dispatch counts read back after each batch (--verbose).
; RUN: %gridsplit --target vulkan --step-shader --distinct-buffers --virtual-workgroups --kernel cg --workgroup 256 -o %t/stepper %S/../bench/gpu/workloads.cl
; RUN: env GS_VK_TEST_GROUPS=1,2,3,4,2,3,2 %gs_vk_run %t/stepper/workloads.spv %t/stepper/workloads.plan.json --verbose --grid 1024 --out %t/css rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 > %t/css.out 2>&1
; RUN: FileCheck %s --check-prefix=GROUPS < %t/css.out
; RUN: cmp %t/css/x.bin %t/c/x.bin
; RUN: cmp %t/css/dots.bin %t/c/dots.bin
; RUN: %gridsplit run --runtime vulkan -O0 --check --kernel bfs --grid 1024 --workgroup 256 --out %t/b0 %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/b0/dist.bin %t/dist.exp
; RUN: %gridsplit run --runtime vulkan -O0 --virtual-workgroups --physical-groups 3 --kernel bfs --grid 1024 --workgroup 256 --out %t/b0v %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7
; RUN: cmp %t/b0v/dist.bin %t/dist.exp
; RUN: cmp %t/b0v/count.bin %t/count.exp
; RUN: not %gridsplit run --runtime vulkan -O0 --kernel cg --grid 1024 --workgroup 256 --out %t/c0 %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 2>&1 | FileCheck %s --check-prefix=O0CG
; RUN: not ls %t/c0

; CHECKED: gridsplit run: --check: every host-output buffer matches the reference
; O0CG: workloads.cl: error: vulkan code generation failed: --target vulkan: {{.*}} reaches memory through a pointer that resolves to no one buffer or workgroup variable
; GROUPS: cg segment 0: {{.*}}; 1 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 1: {{.*}}; 2 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 2: {{.*}}; 3 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 3: {{.*}}; 4 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 4: {{.*}}; 2 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 5: {{.*}}; 3 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 6: {{.*}}; 2 physical workgroups a dispatch
; GROUPS-NEXT: cg segment 7: {{.*}}; 4 physical workgroups a dispatch
; GROUPS: cg: 16 launches ran, next 6
; GROUPS-NEXT: cg: segment 6 is given 2,1,1 workgroups
; GROUPS: cg: 48 launches ran, next 3
; GROUPS-NEXT: cg: segment 3 is given 4,1,1 workgroups
; GROUPS: cg: 78 launches ran, next -1
; CG: residual below 1e-4: True; iterations 15
