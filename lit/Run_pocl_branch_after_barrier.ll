; REQUIRES: llvm15
; POCL 3.1 runs some valid split kernels wrong when a branch decides on a
; work-item id value computed before a workgroup barrier: its work-item
; loops take the branch as one work-item's for all. gridsplit run rebuilds
; such a branch condition from the id queries next to the branch
; (runtime/pocl/pocl_builtins.c, pocl_recompute_id_values). Each run must match
; the threaded reference (gs-reference, no POCL) exactly.
;
; 1. A uniform `if` holding workgroup barriers and a branch on lid == 0
;    decided before the first of them, whose other way holds a grid barrier
;    (campaign seed 1051, reduced): work-item 0's stores were skipped, wrong
;    bytes with exit 0, at -O2 and -O0.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin u32 1000:1010
; RUN: %python %S/Inputs/gs_data.py write %t/buf.bin u32 77:87
; RUN: %gridsplit run --check -O2 --grid 10 --workgroup 2 --out %t/a2 %S/Inputs/pocl_branch_after_barrier.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %gridsplit run --check -O0 --grid 10 --workgroup 2 --out %t/a0 %S/Inputs/pocl_branch_after_barrier.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; The words by hand: v3 = in + 52 + L1 (1) + L2[lid] ((in[2 * group] + 18 + lid) & 255), v2 = in + 35, v1 = in + 18
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/a0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/a2/out.bin | FileCheck %s --check-prefix=OUT
; The same with virtual workgroups, three physical groups for five.
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 3 --grid 10 --workgroup 2 --out %t/v2 %S/Inputs/pocl_branch_after_barrier.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 3 --grid 10 --workgroup 2 --out %t/v0 %S/Inputs/pocl_branch_after_barrier.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v0/out.bin | FileCheck %s --check-prefix=OUT
;
; The same kernel with lid == 0 and the stores to L2 in helpers that are not
; inlined (pocl_branch_after_barrier_helpers.cl), in all four modes: the same words.
; RUN: %gridsplit run --check -O2 --grid 10 --workgroup 2 --out %t/h2 %S/Inputs/pocl_branch_after_barrier_helpers.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/h2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --grid 10 --workgroup 2 --out %t/h0 %S/Inputs/pocl_branch_after_barrier_helpers.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/h0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 3 --grid 10 --workgroup 2 --out %t/hv2 %S/Inputs/pocl_branch_after_barrier_helpers.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/hv2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 3 --grid 10 --workgroup 2 --out %t/hv0 %S/Inputs/pocl_branch_after_barrier_helpers.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:120 fout=zeros:40 n=4 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/hv0/out.bin | FileCheck %s --check-prefix=OUT
;
; 2. Campaign seed 1073 (its kernel as generated): at -O0 with virtual
;    workgroups POCL aborted in ParallelRegion::Verify ("Incoming edges to
;    non-entry block"); every mode must now match the reference.
; RUN: %python %S/Inputs/gs_data.py write %t/in3.bin u32 1295336162 3418975990 4071927278
; RUN: %python %S/Inputs/gs_data.py write %t/buf3.bin u32 3228404336 1799006248 1869429328
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 2 --grid 1,3 --workgroup 1,3 --out %t/c0 %S/Inputs/campaign_1073.cl in=@%t/in3.bin buf=@%t/buf3.bin out=zeros:132 acc=zeros:16 fout=zeros:12 n=3 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %gridsplit run --check -O0 --grid 1,3 --workgroup 1,3 --out %t/c1 %S/Inputs/campaign_1073.cl in=@%t/in3.bin buf=@%t/buf3.bin out=zeros:132 acc=zeros:16 fout=zeros:12 n=3 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %gridsplit run --check -O2 --grid 1,3 --workgroup 1,3 --out %t/c3 %S/Inputs/campaign_1073.cl in=@%t/in3.bin buf=@%t/buf3.bin out=zeros:132 acc=zeros:16 fout=zeros:12 n=3 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 2 --grid 1,3 --workgroup 1,3 --out %t/c2 %S/Inputs/campaign_1073.cl in=@%t/in3.bin buf=@%t/buf3.bin out=zeros:132 acc=zeros:16 fout=zeros:12 n=3 iters=2 | FileCheck %s --check-prefix=PASS


; PASS: gridsplit run: --check: every host-output buffer matches the reference
; OUT: {{^}}1303 1035 1018 1305 1036 1019 1307 1037 1020 1309 1038 1021 1311 1039 1022 1313 1040 1023 1059 1041 1024 1061 1042 1025 1063 1043 1026 1065 1044 1027{{$}}
; OUT-NEXT: count 30
