; REQUIRES: llvm15
; A divergent barrier that only the runtime can see (SPEC sections 1, 5):
; in 'racy' the branch between two grid barriers depends on a value loaded
; from a uniform address that other invocations change meanwhile, so the
; compiler takes it for grid-uniform; at run time the first invocation
; reads 0 and the others 1. The runner must stop with an error (exit 1),
; not hang and not run on. 64 workgroups of one invocation each, so that
; some run after the first has written.
; 'flags_by_id' makes the same choice on data loaded at an id-dependent
; address: that the compiler sees, and refuses before anything runs.
; -O0 keeps the two barrier calls as two sites (at -O2 clang merges them
; into one, and there is nothing to disagree on).
; The kernels are Inputs/run_racy_flag.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %gridsplit run -O0 --kernel racy --grid 64 --workgroup 1 --out %t/racy %S/Inputs/run_racy_flag.cl flag=zeros:4 out=zeros:256 2> %t/racy.err
; RUN: FileCheck %s --check-prefix=RUNTIME < %t/racy.err
; RUN: not ls %t/racy/out.bin
; With virtual workgroups each physical invocation gathers the choices of its
; virtual workgroups and records them once: still a divergence, still found.
; RUN: not %gridsplit run -O0 --virtual-workgroups --physical-groups 5 --kernel racy --grid 64 --workgroup 1 --out %t/racyv %S/Inputs/run_racy_flag.cl flag=zeros:4 out=zeros:256 2> %t/racyv.err
; RUN: FileCheck %s --check-prefix=RUNTIME < %t/racyv.err
; Within a workgroup too, with virtual workgroups (8 and 64 invocations): on
; LLVM 15 the choices stay in private memory (lib/virtual.c, choice_load),
; since POCL 3.1 kept one copy of a phi carried across the loop's barrier
; and reported nothing.
; RUN: not %gridsplit run -O0 --virtual-workgroups --physical-groups 2 --kernel racy --grid 64 --workgroup 8 --out %t/racyw %S/Inputs/run_racy_flag.cl flag=zeros:4 out=zeros:256 2> %t/racyw.err
; RUN: FileCheck %s --check-prefix=RUNTIME < %t/racyw.err
; RUN: not %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --kernel racy --grid 64 --workgroup 64 --out %t/racyw64 %S/Inputs/run_racy_flag.cl flag=zeros:4 out=zeros:256 2> %t/racyw64.err
; RUN: FileCheck %s --check-prefix=RUNTIME < %t/racyw64.err
; RUN: not %gridsplit run -O0 --kernel flags_by_id --grid 64 --workgroup 1 --out %t/byid %S/Inputs/run_racy_flag.cl flags=zeros:256 out=zeros:256 2> %t/byid.err
; RUN: FileCheck %s --check-prefix=COMPILE < %t/byid.err
; RUN: not ls %t/byid
; RUN: not %gridsplit -O0 --kernel flags_by_id -o %t/split %S/Inputs/run_racy_flag.cl 2> %t/split.err
; RUN: FileCheck %s --check-prefix=COMPILE < %t/split.err
; RUN: %gridsplit -O0 --kernel racy --print-roles -o %t/split %S/Inputs/run_racy_flag.cl | FileCheck %s --check-prefix=ROLES

; RUNTIME: run_racy_flag.cl: error: kernel 'racy': divergent grid barrier
; RUNTIME-NOT: error
; COMPILE: run_racy_flag.cl: error: kernel 'flags_by_id': divergent grid barrier
; ROLES: kernel 'racy': barriers 2, schedule dynamic
