; gridsplit run --replay (docs/split.md, "Replaying a path"): a dynamic
; schedule whose path follows from the arguments runs, then runs again from
; the same inputs with each launch of its path vouched for in the order
; argument (no guard, no choice, no control word), as gs-cuda-run replays it;
; the outputs are the replay's. Checked against gs-reference (the kernel
; with true grid barriers) and, for a struct argument, against Python, at
; -O2 and -O0, on 1 to 3 physical workgroups, odd sizes.
;
; REQUIRES: llvm15
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<77f', *[((k * 29) %% 17) / 8.0 - 1 for k in range(77)])); open(sys.argv[2],'wb').write(struct.pack('<10I', *range(3, 13)))" %t/a.bin %t/v.bin
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel sweeps --grid 96 --workgroup 32 --out %t/s2 %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel sweeps --grid 96 --workgroup 32 --out %t/s0 %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=6 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 3 --kernel tree --grid 40 --workgroup 4 --out %t/t2 %S/Inputs/path_from_arguments.cl v=@%t/v.bin 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 1 --kernel tree --grid 40 --workgroup 4 --out %t/t0 %S/Inputs/path_from_arguments.cl v=@%t/v.bin 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --kernel counter_pointer --grid 60 --workgroup 6 --out %t/c2 %S/Inputs/path_from_arguments.cl out=zeros:240 count=4 2>&1 | FileCheck %s --check-prefix=SAME
; Invocations past n return before the loop (ids decide who), at -O0 too:
; RUN: %gridsplit run -O2 --check --replay --virtual-workgroups --physical-groups 2 --kernel early_return --grid 60 --workgroup 6 --out %t/e2 %S/Inputs/path_from_arguments.cl out=zeros:240 n=41 count=3 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: %gridsplit run -O0 --check --replay --virtual-workgroups --physical-groups 3 --kernel early_return --grid 60 --workgroup 6 --out %t/e0 %S/Inputs/path_from_arguments.cl out=zeros:240 n=41 count=3 2>&1 | FileCheck %s --check-prefix=SAME
; SAME: every host-output buffer matches the reference
;
; A struct passed by value, copied to a local at -O0:
; RUN: %python %S/Inputs/replay_struct.py make %t 45 4 3 100
; RUN: %gridsplit run -O0 --replay --virtual-workgroups --physical-groups 2 --grid 45 --workgroup 5 --out %t/r0 %S/Inputs/replay_struct.cl out=@%t/out.in tmp=zeros:360 p=@%t/p.bin
; RUN: %python %S/Inputs/replay_struct.py check %t %t/r0 45 4 3 100 | FileCheck %s --check-prefix=STRUCT
; RUN: %gridsplit run -O2 --replay --virtual-workgroups --physical-groups 3 --grid 45 --workgroup 5 --out %t/r2 %S/Inputs/replay_struct.cl out=@%t/out.in tmp=zeros:360 p=@%t/p.bin
; RUN: %python %S/Inputs/replay_struct.py check %t %t/r2 45 4 3 100 | FileCheck %s --check-prefix=STRUCT
; STRUCT: ok: 45 elements
;
; The replayed launches say so with --verbose, and no control word is
; stepped between them: "segment N replayed" lines, numbered as the path.
; RUN: %gridsplit run --verbose --replay --virtual-workgroups --kernel sweeps --grid 96 --workgroup 32 --out %t/v %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=2 2>&1 | FileCheck %s --check-prefix=VERBOSE
; VERBOSE:      gridsplit run: sweeps segment 0{{$}}
; VERBOSE:      gridsplit run: sweeps segment 1{{$}}
; VERBOSE:      gridsplit run: sweeps segment 1{{$}}
; VERBOSE:      gridsplit run: sweeps segment 0 replayed
; VERBOSE-NOT:  sweeps segment {{[0-9]+}}{{$}}
; VERBOSE:      gridsplit run: sweeps segment 1 replayed
; VERBOSE-NOT:  sweeps segment {{[0-9]+}}{{$}}
; VERBOSE:      gridsplit run: sweeps segment 1 replayed
; VERBOSE-NOT:  segment {{[0-9]+}} replayed
;
; What cannot be replayed is refused before anything runs, naming the
; kernel and why, and writes nothing:
; RUN: not %gridsplit run --replay --virtual-workgroups --kernel until_clear --grid 8 --workgroup 4 --out %t/no1 %S/Inputs/path_from_arguments.cl x=zeros:32 flag=zeros:4 n=8 2>&1 | FileCheck %s --check-prefix=DATA
; RUN: not ls %t/no1
; DATA: error: --replay: kernel 'until_clear' cannot be replayed: its path may depend on data, not only on the scalar arguments and the grid (the plan's control.path_from_arguments is false)
; RUN: not %gridsplit run --replay --kernel sweeps --grid 96 --workgroup 32 --out %t/no2 %S/Inputs/path_from_arguments.cl a=@%t/a.bin b=zeros:308 n=77 count=5 2>&1 | FileCheck %s --check-prefix=NOVIRT
; RUN: not ls %t/no2
; NOVIRT: error: --replay: kernel 'sweeps' cannot be replayed: its segments have no virtual workgroups, whose order argument carries a replay (--virtual-workgroups)
; RUN: not %gridsplit run --replay --virtual-workgroups --grid 16 --workgroup 4 --out %t/no3 %S/Inputs/blur.cl src=zeros:64 tmp=zeros:64 dst=zeros:64 n=16 2>&1 | FileCheck %s --check-prefix=STATIC
; STATIC: error: --replay: kernel '{{[a-z_]+}}' cannot be replayed: its schedule is static: there is no path to learn
