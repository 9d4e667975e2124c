; REQUIRES: llvm15
; Loads of buffers a segment does not write, taken out of the loop over
; virtual workgroups (Split_hoist_unwritten.ll), run on POCL against
; gs-reference at -O2 and -O0, on 2 and 3 physical workgroups for 13
; virtual ones (the last partly past n), with and without distinct buffers;
; and a written restrict buffer read after a barrier (flagged), whose read
; stays after it (with the barrier marked willreturn and the restrict's
; noalias kept, 15 of 16 elements differed on POCL, 7 on lavapipe); and
; the same through restrict workgroup memory on four virtual workgroups
; (lflagged: 60 of 64 differed while the local argument kept its noalias).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<3f', 0.75, -1.5, 3.0)); open(sys.argv[2],'wb').write(struct.pack('<200f', *[(k * 37 %% 101) / 7.0 for k in range(200)]))" %t/c.bin %t/v.bin
; RUN: %gridsplit run -O2 --check --virtual-workgroups --distinct-buffers --physical-groups 3 --kernel hoist --grid 208 --workgroup 16 --out %t/a %S/Inputs/hoist_unwritten.cl c=@%t/c.bin v=@%t/v.bin w=zeros:800 n=200 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --distinct-buffers --physical-groups 2 --kernel hoist --grid 208 --workgroup 16 --out %t/b %S/Inputs/hoist_unwritten.cl c=@%t/c.bin v=@%t/v.bin w=zeros:800 n=200 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel hoist --grid 208 --workgroup 16 --out %t/c %S/Inputs/hoist_unwritten.cl c=@%t/c.bin v=@%t/v.bin w=zeros:800 n=200 2>&1 | FileCheck %s
; RUN: cmp %t/a/w.bin %t/c/w.bin
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<16i', *[3 * k - 7 for k in range(16)]))" %t/in.bin
; RUN: %gridsplit run -O2 --check --virtual-workgroups --distinct-buffers --physical-groups 1 --kernel flagged --grid 16 --workgroup 16 --out %t/f %S/Inputs/hoist_unwritten.cl flag=zeros:4 out=zeros:64 in=@%t/in.bin 2>&1 | FileCheck %s
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<64i', *[5 * k - 90 for k in range(64)]))" %t/in64.bin
; RUN: %gridsplit run -O2 --check --virtual-workgroups --distinct-buffers --physical-groups 1 --kernel lflagged --grid 64 --workgroup 16 --out %t/l %S/Inputs/hoist_unwritten.cl out=zeros:256 in=@%t/in64.bin s=local:64 2>&1 | FileCheck %s

; CHECK: gridsplit run: --check: every host-output buffer matches the reference
