; REQUIRES: llvm15
; End to end at -O0, buffers and workgroup memory read back by the invocation
; that wrote them (Inputs/own_writes.cl, Roles_own_writes.ll). bicg: s and q
; are written before they are read, so not host inputs; the host's 999s in
; them must not matter. A = 1..16 (4 x 4), r = 1..4, p = 1s: s[j] = sum_i
; r[i] A[i][j] = 90 + 10j, q[i] = sum_j A[i][j] = 10 + 16i. rewrite: the tile
; is rewritten after the grid barrier before it is read, so nothing is saved
; (live_state null) and out[g] = 4 * group + 3 - lid + 2g.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/gs_data.py write %t/A.bin f32 1:17
; RUN: %python %S/Inputs/gs_data.py write %t/r.bin f32 1:5
; RUN: %python %S/Inputs/gs_data.py write %t/p.bin f32 1*4
; RUN: %python %S/Inputs/gs_data.py write %t/s.bin f32 999*4
; RUN: %python %S/Inputs/gs_data.py write %t/q.bin f32 999*4
; RUN: %gridsplit run -O0 --kernel bicg --grid 4 --workgroup 2 --out %t/bicg %S/Inputs/own_writes.cl A=@%t/A.bin r=@%t/r.bin s=@%t/s.bin p=@%t/p.bin q=@%t/q.bin nx=4 ny=4
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/bicg/s.bin | FileCheck %s --check-prefix=S
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/bicg/q.bin | FileCheck %s --check-prefix=Q
; RUN: %gridsplit -O0 --kernel rewrite -o %t/split --plan %t/rewrite.json %S/Inputs/own_writes.cl
; RUN: %plan2lines %t/rewrite.json | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit run -O0 --kernel rewrite --grid 8 --workgroup 4 --out %t/rewrite %S/Inputs/own_writes.cl out=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/rewrite/out.bin | FileCheck %s --check-prefix=REWRITE
; With virtual workgroups (one physical group for two):
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --kernel bicg --grid 4 --workgroup 2 --out %t/vbicg %S/Inputs/own_writes.cl A=@%t/A.bin r=@%t/r.bin s=@%t/s.bin p=@%t/p.bin q=@%t/q.bin nx=4 ny=4
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/vbicg/s.bin | FileCheck %s --check-prefix=S
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/vbicg/q.bin | FileCheck %s --check-prefix=Q
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --kernel rewrite --grid 8 --workgroup 4 --out %t/vrewrite %S/Inputs/own_writes.cl out=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/vrewrite/out.bin | FileCheck %s --check-prefix=REWRITE

; S: {{^}}90 100 110 120{{$}}
; Q: {{^}}10 26 42 58{{$}}
; PLAN: kernels[0].live_state = null
; REWRITE: {{^}}3 4 5 6 15 16 17 18{{$}}
