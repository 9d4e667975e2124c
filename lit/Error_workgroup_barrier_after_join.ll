; REQUIRES: llvm15
; The divergent-workgroup-barrier check looks at what lies between an
; id-dependent branch and the point where its ways join again: a barrier
; there can part a workgroup, one after it cannot (a later grid-uniform branch
; chooses for every invocation alike). Found by scripts/grid_campaign.py:
; valid kernels were refused, at -O0 (a ternary is a branch) and at -O2 (an
; if around a call). Kernels: Inputs/workgroup_join.cl. With --check their
; split runs match the reference, both ways of the uniform choice.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O0 --kernel join_if -o %t/a %S/Inputs/workgroup_join.cl
; RUN: %gridsplit -O2 --kernel join_if -o %t/b %S/Inputs/workgroup_join.cl
; RUN: %gridsplit -O0 --kernel join_ternary -o %t/c %S/Inputs/workgroup_join.cl
; RUN: %python %S/Inputs/gs_data.py write %t/buf.bin u32 5 1 9 2 7 3 8 0
; RUN: %gridsplit run --check -O0 --kernel join_if --grid 8 --workgroup 4 --out %t/r1 %S/Inputs/workgroup_join.cl buf=@%t/buf.bin tile=local:16 n=4 iters=3 | FileCheck %s --check-prefix=MATCH
; RUN: %gridsplit run --check -O2 --kernel join_if --grid 8 --workgroup 4 --out %t/r2 %S/Inputs/workgroup_join.cl buf=@%t/buf.bin tile=local:16 n=4 iters=1 | FileCheck %s --check-prefix=MATCH
; RUN: %gridsplit run --check -O0 --kernel join_ternary --grid 8 --workgroup 4 --out %t/r3 %S/Inputs/workgroup_join.cl buf=@%t/buf.bin n=4 iters=2 | FileCheck %s --check-prefix=MATCH
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/r3/buf.bin | FileCheck %s --check-prefix=TERNARY
; MATCH: every host-output buffer matches the reference
; t = n > buf[gid] ? gid : 1, rotated by one within each workgroup of 4
; TERNARY: {{^}}1 1 3 1 5 1 7 1{{$}}
;
; RUN: not %gridsplit -O0 --kernel parted -o %t/d %S/Inputs/workgroup_join.cl 2>&1 | FileCheck %s --check-prefix=PARTED
; RUN: not %gridsplit -O2 --kernel parted -o %t/e %S/Inputs/workgroup_join.cl 2>&1 | FileCheck %s --check-prefix=PARTED
; PARTED: error: kernel 'parted': divergent workgroup barrier: the branch {{.*}} (workgroup_join.cl:36:{{[0-9]+}}) depends on the invocation id, and invocations that take it can wait at grid barrier 1 (workgroup_join.cl:38:7)
