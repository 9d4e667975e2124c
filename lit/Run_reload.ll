; REQUIRES: llvm15
; Reading a value again, run on POCL (docs/split.md, "Reading a value
; again"): Inputs/reload_relax.cl's u[i], which the invocation read before
; the first barrier, is read again after it and after the second (where the
; invocation then writes u[i] itself) instead of carried, once the buffers
; are declared distinct. Every output is the bytes of
; Inputs/reload_relax.py (the kernel's arithmetic in Python, phase by
; phase), and the same bytes as the split that carries the value (no
; --distinct-buffers), at -O2 and at -O0 (the helper not inlined, the
; struct in private memory), with and without virtual workgroups, for an
; odd n (1000 of a grid of 1024) and 5 sweeps. The plan shows the carried
; bytes going: 12 per invocation carried, 8 with the reloads (-O2).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<1000f', *[((k * 37) %% 101) / 16.0 - 3 for k in range(1000)])); open(sys.argv[2],'wb').write(struct.pack('<fi', 0.75, 5))" %t/u.bin %t/pr.bin
; RUN: %gridsplit run -O2 --distinct-buffers --kernel relax --grid 1024 --workgroup 64 --out %t/d2 %S/Inputs/reload_relax.cl u=@%t/u.bin v=zeros:4000 res=zeros:4000 pr=@%t/pr.bin n=1000
; RUN: %python %S/Inputs/reload_relax.py %t/u.bin %t/pr.bin 1000 %t/d2 | FileCheck %s --check-prefix=REF
; RUN: %gridsplit run -O2 --kernel relax --grid 1024 --workgroup 64 --out %t/c2 %S/Inputs/reload_relax.cl u=@%t/u.bin v=zeros:4000 res=zeros:4000 pr=@%t/pr.bin n=1000
; RUN: cmp %t/d2/u.bin %t/c2/u.bin
; RUN: cmp %t/d2/v.bin %t/c2/v.bin
; RUN: cmp %t/d2/res.bin %t/c2/res.bin
; RUN: not cmp -s %t/d2/u.bin %t/u.bin
; RUN: %gridsplit run -O2 --distinct-buffers --virtual-workgroups --physical-groups 3 --kernel relax --grid 1024 --workgroup 64 --out %t/v2 %S/Inputs/reload_relax.cl u=@%t/u.bin v=zeros:4000 res=zeros:4000 pr=@%t/pr.bin n=1000
; RUN: cmp %t/v2/u.bin %t/c2/u.bin
; RUN: cmp %t/v2/res.bin %t/c2/res.bin
; RUN: %gridsplit run -O0 --distinct-buffers --kernel relax --grid 1024 --workgroup 64 --out %t/d0 %S/Inputs/reload_relax.cl u=@%t/u.bin v=zeros:4000 res=zeros:4000 pr=@%t/pr.bin n=1000
; RUN: %python %S/Inputs/reload_relax.py %t/u.bin %t/pr.bin 1000 %t/d0 | FileCheck %s --check-prefix=REF
; RUN: %gridsplit run -O0 --distinct-buffers --virtual-workgroups --physical-groups 5 --kernel relax --grid 1024 --workgroup 64 --out %t/v0 %S/Inputs/reload_relax.cl u=@%t/u.bin v=zeros:4000 res=zeros:4000 pr=@%t/pr.bin n=1000
; RUN: cmp %t/v0/u.bin %t/d0/u.bin
; RUN: cmp %t/v0/res.bin %t/d0/res.bin
; RUN: %gridsplit -O2 --distinct-buffers --plan - -o %t/p %S/Inputs/reload_relax.cl | %plan2lines | FileCheck %s --check-prefix=DISTINCT
; RUN: %gridsplit -O2 --plan - -o %t/q %S/Inputs/reload_relax.cl | %plan2lines | FileCheck %s --check-prefix=CARRIED

; REF: reference: the same bytes
; A buffer whose address escapes is written where no fact says: its value
; is carried, and the outputs are the reference's (the store through the
; escaped pointer reaches the neighbour's p[i + 1] after the value was read).
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<1000f', *[k + 1.0 for k in range(1000)]))" %t/p.bin
; RUN: %gridsplit run --distinct-buffers --check --kernel escape --grid 1000 --workgroup 40 --out %t/e %S/Inputs/reload_escape.cl p=@%t/p.bin tab=zeros:8 out=zeros:4000 n=1000 2>&1 | FileCheck %s --check-prefix=CHECKED
; RUN: %gridsplit run -O0 --distinct-buffers --check --virtual-workgroups --physical-groups 3 --kernel escape --grid 1000 --workgroup 40 --out %t/e0 %S/Inputs/reload_escape.cl p=@%t/p.bin tab=zeros:8 out=zeros:4000 n=1000 2>&1 | FileCheck %s --check-prefix=CHECKED
; CHECKED: gridsplit run: --check: every host-output buffer matches the reference

; DISTINCT: kernels[0].live_state.bytes_per_invocation = 8
; CARRIED: kernels[0].live_state.bytes_per_invocation = 12
