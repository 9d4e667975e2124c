; Values carried once that the launch's number gives (lib/once_launch.c,
; docs/split.md "Values carried once"): Inputs/once_launch.cl's counters,
; run on POCL against gs-reference (the kernels with true grid barriers),
; stepped and replayed, with and without virtual workgroups, at -O0 (its
; helper a call) and -O2, on odd sizes (77 elements on 96 invocations). A
; counter from 0 up by one that picks a ping-pong buffer (count_up), a byte
; counter that wraps and a long one going down by 5 (wrap_down): computed;
; one from an argument (from_arg), one that a segment carries through
; (two_barriers) and a float (float_step): read from the live state as
; before. Taking L for L - 1 gives other bytes in count_up and wrap_down.
;
; REQUIRES: llvm15
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; d=sys.argv[1]; open(d+'/a.bin','wb').write(struct.pack('<77i', *[(k * 29) %% 17 - 8 for k in range(77)])); open(d+'/o.bin','wb').write(struct.pack('<77I', *[k * 7 + 3 for k in range(77)])); open(d+'/f.bin','wb').write(struct.pack('<77f', *[k / 8.0 for k in range(77)]))" %t
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel count_up --grid 96 --workgroup 32 --out %t/u2 %S/Inputs/once_launch.cl a=@%t/a.bin b=zeros:308 n=77 rounds=7 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel count_up --grid 96 --workgroup 32 --out %t/u0 %S/Inputs/once_launch.cl a=@%t/a.bin b=zeros:308 n=77 rounds=8 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 1 --kernel count_up --grid 96 --workgroup 32 --out %t/ur %S/Inputs/once_launch.cl a=@%t/a.bin b=zeros:308 n=77 rounds=7 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --kernel count_up --grid 96 --workgroup 32 --out %t/un %S/Inputs/once_launch.cl a=@%t/a.bin b=zeros:308 n=77 rounds=7 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel wrap_down --grid 96 --workgroup 32 --out %t/w2 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel wrap_down --grid 96 --workgroup 32 --out %t/w0 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --kernel wrap_down --grid 96 --workgroup 32 --out %t/wn %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel from_arg --grid 96 --workgroup 32 --out %t/f2 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 first=3 last=8 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel from_arg --grid 96 --workgroup 32 --out %t/f0 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 first=3 last=8 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel two_barriers --grid 96 --workgroup 32 --out %t/t2 %S/Inputs/once_launch.cl x=@%t/a.bin y=@%t/o.bin n=77 rounds=5 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --kernel two_barriers --grid 96 --workgroup 32 --out %t/t0 %S/Inputs/once_launch.cl x=@%t/a.bin y=@%t/o.bin n=77 rounds=5 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel float_step --grid 96 --workgroup 32 --out %t/s2 %S/Inputs/once_launch.cl out=@%t/f.bin n=77 rounds=6 2>&1 | FileCheck %s
; Other widths and steps in one loop (a short down by 1000, a long up by
; 0x123456789, an unsigned long that wraps), a counter read after the loop
; behind another barrier, a status word (invocations past n return before
; the loop), nested loops (the inner counter starts again: copies kept) and
; a 2-D grid (the three-dimensional loop over virtual workgroups):
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel widths --grid 96 --workgroup 32 --out %t/x2 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --kernel widths --grid 96 --workgroup 32 --out %t/x0 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel after --grid 96 --workgroup 32 --out %t/a0 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=10 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel status --grid 96 --workgroup 32 --out %t/st2 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=6 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel status --grid 96 --workgroup 32 --out %t/st3 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=6 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --kernel status --grid 96 --workgroup 32 --out %t/st0 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=6 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel nested --grid 96 --workgroup 32 --out %t/n2 %S/Inputs/once_launch.cl out=@%t/o.bin n=77 outer=3 inner=3 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 3 --kernel grid2d --grid 16,8 --workgroup 4,4 --out %t/g2 %S/Inputs/once_launch.cl out=zeros:512 w=13 h=7 rounds=5 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 2 --kernel grid2d --grid 16,8 --workgroup 4,4 --out %t/g0 %S/Inputs/once_launch.cl out=zeros:512 w=13 h=7 rounds=5 2>&1 | FileCheck %s
; Every kernel also at -O0 with virtual workgroups:
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 2 --kernel two_barriers --grid 96 --workgroup 32 --out %t/t0v %S/Inputs/once_launch.cl x=@%t/a.bin y=@%t/o.bin n=77 rounds=5 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel float_step --grid 96 --workgroup 32 --out %t/s0v %S/Inputs/once_launch.cl out=@%t/f.bin n=77 rounds=6 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 2 --kernel widths --grid 96 --workgroup 32 --out %t/x0v %S/Inputs/once_launch.cl out=@%t/o.bin n=77 rounds=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel nested --grid 96 --workgroup 32 --out %t/n0v %S/Inputs/once_launch.cl out=@%t/o.bin n=77 outer=3 inner=3 2>&1 | FileCheck %s
; CHECK: every host-output buffer matches the reference
