; REQUIRES: llvm15
; POCL 3.1 stopped now and then with a segmentation fault in CI, where two
; e2e runs shared two cores (a grid over three command queues, and one on a
; single queue), and never in the same cases run alone: gridsplit run then
; runs the segments once more from the start, which reads the same inputs
; and writes every output again. GRIDSPLIT_TEST_POCL_SEGV stops the child
; as POCL did: =FILE the first child only (it makes FILE), =always every
; one. Devices.cl's sweeps (a dynamic schedule, atomics from every
; workgroup) on one queue and over two, at -O0, against gs-reference:
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/devices.py make %t
; RUN: env GRIDSPLIT_TEST_POCL_SEGV=%t/once1 %gridsplit run -O0 --check --kernel sweeps --grid 96 --workgroup 16 --out %t/one %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=9 > %t/out1 2> %t/err1
; RUN: FileCheck %s --check-prefix=PASS < %t/out1
; RUN: FileCheck %s --check-prefix=RETRY < %t/err1
; RUN: test -f %t/once1
; RUN: env GRIDSPLIT_TEST_POCL_SEGV=%t/once2 %gridsplit run -O0 --check --devices 2 --physical-groups 2 --kernel sweeps --grid 96 --workgroup 16 --out %t/two %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=9 > %t/out2 2> %t/err2
; RUN: FileCheck %s --check-prefix=PASS < %t/out2
; RUN: FileCheck %s --check-prefix=RETRY < %t/err2
; RUN: cmp %t/one/sums.bin %t/two/sums.bin
; RUN: cmp %t/one/a.bin %t/two/a.bin
; and at -O2 with virtual workgroups on one queue:
; RUN: env GRIDSPLIT_TEST_POCL_SEGV=%t/once3 %gridsplit run -O2 --check --virtual-workgroups --physical-groups 3 --kernel sweeps --grid 96 --workgroup 16 --out %t/v2 %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=9 > %t/out5 2> %t/err5
; RUN: FileCheck %s --check-prefix=PASS < %t/out5
; RUN: FileCheck %s --check-prefix=RETRY < %t/err5
; RUN: cmp %t/one/sums.bin %t/v2/sums.bin
; A fault that recurs is an error, after one retry, and no output is written:
; RUN: not env GRIDSPLIT_TEST_POCL_SEGV=always %gridsplit run -O0 --kernel sweeps --grid 96 --workgroup 16 --out %t/bad %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=9 2> %t/err3
; RUN: FileCheck %s --check-prefix=FAIL < %t/err3
; RUN: not ls %t/bad/sums.bin
; Without the variable, no retry:
; RUN: %gridsplit run -O0 --check --kernel sweeps --grid 96 --workgroup 16 --out %t/plain %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=9 2> %t/err4 | FileCheck %s --check-prefix=PASS
; RUN: not grep -q "once more" %t/err4

; PASS: gridsplit run: --check: every host-output buffer matches the reference
; RETRY: gridsplit run: POCL stopped (signal 11) running kernel 'sweeps''s segments; running them once more
; RETRY-NOT: once more
; FAIL: gridsplit run: POCL stopped (signal 11) running kernel 'sweeps''s segments; running them once more
; FAIL-NOT: once more
; FAIL: error: POCL stopped (signal 11: Segmentation fault) while building or running kernel 'sweeps''s segments
