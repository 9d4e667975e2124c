; REQUIRES: llvm15
; bench/gpu's loop workloads (issue 14) as the split runs them on POCL, small:
; cg, a conjugate gradient whose trip count comes from a grid-wide dot
; product, and bfs, a breadth-first search by levels that loops until a
; level reaches no node. --check compares every output with the threaded
; reference (the original kernel, its grid barriers real); bfs's distances
; and level sizes are also those of a BFS in Python, and cg's x solves the
; system to a relative residual below 1e-4 (Inputs/bench_loops.py), in 15
; iterations. Then both with virtual workgroups on fewer physical ones,
; the same bytes, and at -O0 (helpers not inlined: grid_fsum, wg_fsum) the
; same bytes again, with and without virtual workgroups.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/bench_loops.py make %t
; RUN: %gridsplit run --check --kernel bfs --grid 1024 --workgroup 256 --out %t/b %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/b/dist.bin %t/dist.exp
; RUN: cmp %t/b/count.bin %t/count.exp
; RUN: %gridsplit run --check --kernel cg --grid 1024 --workgroup 256 --out %t/c %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 | FileCheck %s --check-prefix=CHECKED
; RUN: %python %S/Inputs/bench_loops.py cg %t %t/c | FileCheck %s --check-prefix=CG
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --kernel bfs --grid 1024 --workgroup 256 --out %t/bv %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7
; RUN: cmp %t/bv/dist.bin %t/dist.exp
; RUN: cmp %t/bv/count.bin %t/count.exp
; RUN: %gridsplit run --virtual-workgroups --physical-groups 3 --kernel cg --grid 1024 --workgroup 256 --out %t/cv %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10
; RUN: cmp %t/cv/x.bin %t/c/x.bin
; RUN: cmp %t/cv/dots.bin %t/c/dots.bin
; Split with --distinct-buffers (as bench/gpu splits it), cg reads p[i] and
; r[i] again after its barriers instead of carrying them: the same bytes.
; RUN: %gridsplit run --distinct-buffers --check --kernel cg --grid 1024 --workgroup 256 --out %t/cd %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/cd/x.bin %t/c/x.bin
; RUN: cmp %t/cd/dots.bin %t/c/dots.bin
; RUN: %gridsplit run -O0 --distinct-buffers --virtual-workgroups --physical-groups 3 --kernel cg --grid 1024 --workgroup 256 --out %t/cd0 %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10
; RUN: cmp %t/cd0/x.bin %t/c/x.bin
; RUN: cmp %t/cd0/dots.bin %t/c/dots.bin
; RUN: %gridsplit run -O0 --check --kernel cg --grid 1024 --workgroup 256 --out %t/c0 %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/c0/x.bin %t/c/x.bin
; RUN: cmp %t/c0/dots.bin %t/c/dots.bin
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 3 --kernel cg --grid 1024 --workgroup 256 --out %t/c0v %S/../bench/gpu/workloads.cl rhs=@%t/rhs.bin x=zeros:4096 r=zeros:4096 p=zeros:4096 part=zeros:16 dots=zeros:12 n=1024 nx=32 maxit=200 tol2=1e-10
; RUN: cmp %t/c0v/x.bin %t/c/x.bin
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel bfs --grid 1024 --workgroup 256 --out %t/b0v %S/../bench/gpu/workloads.cl offsets=@%t/off.bin cols=@%t/cols.bin dist=zeros:4000 count=zeros:4004 n=1000 src=7 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/b0v/dist.bin %t/dist.exp
; RUN: cmp %t/b0v/count.bin %t/count.exp

; CHECKED: gridsplit run: --check: every host-output buffer matches the reference
; CG: residual below 1e-4: True; iterations 15
