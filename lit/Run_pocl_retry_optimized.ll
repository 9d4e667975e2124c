; REQUIRES: llvm15
; gridsplit run builds and runs the segments on POCL in a child process.
; POCL 3.1 aborts on campaign seed 3046's -O0 segments with virtual
; workgroups (an assertion in ParallelRegion::Verify, which took the whole
; tool down before); the runner then runs them once more optimized
; (pocl_optimize), and the bytes must match the threaded reference.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin u32 1000:1032
; RUN: %python %S/Inputs/gs_data.py write %t/buf.bin u32 77:109
; RUN: %gridsplit run --check -O0 --virtual-workgroups --physical-groups 1 --grid 32 --workgroup 16 --out %t/v0 %S/Inputs/campaign_3046.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1408 acc=zeros:16 fout=zeros:128 n=32 iters=2 > %t/out 2> %t/err
; RUN: FileCheck %s --check-prefix=PASS < %t/out
; RUN: FileCheck %s --check-prefix=RETRY < %t/err
; The other modes build at once:
; RUN: %gridsplit run --check -O2 --virtual-workgroups --physical-groups 1 --grid 32 --workgroup 16 --out %t/v2 %S/Inputs/campaign_3046.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1408 acc=zeros:16 fout=zeros:128 n=32 iters=2 2> %t/err2 | FileCheck %s --check-prefix=PASS
; RUN: not grep -q "running them again" %t/err2
; RUN: %gridsplit run --check -O2 --grid 32 --workgroup 16 --out %t/p2 %S/Inputs/campaign_3046.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1408 acc=zeros:16 fout=zeros:128 n=32 iters=2 | FileCheck %s --check-prefix=PASS
; RUN: %gridsplit run --check -O0 --grid 32 --workgroup 16 --out %t/p0 %S/Inputs/campaign_3046.cl in=@%t/in.bin buf=@%t/buf.bin out=zeros:1408 acc=zeros:16 fout=zeros:128 n=32 iters=2 | FileCheck %s --check-prefix=PASS

; PASS: gridsplit run: --check: every host-output buffer matches the reference
; RETRY: gridsplit run: POCL stopped (signal 6) on the segments as split; running them again optimized
