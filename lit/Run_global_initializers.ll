; REQUIRES: llvm15
; Program-scope variables that the kernel writes are carried in the live
; state's header, which the host fills with their initial bytes: any
; initializer of plain data (a nested array, a struct with padding, a string
; holding a NUL, doubles) gives the bytes the data layout gives, at -O0 and
; -O2. The kernel is Inputs/run_globals.cl; a pointer in an initializer is
; refused with a clear error (Inputs/run_global_address.cl).
;
; The plan's initial bytes (little-endian, padding zero):
;   v   = 1 2 3 4 5 6 7 8 (i32)
;   s   = {c 9, pad 3, f 2.5 = 0x40200000, h -3 4 5, pad 2, l 0x1122334455667788}
;   str = "hi\0x\0\0\0"
;   dd  = 0.1, -7.25
; After the run: v[i] = (i + 1) + 10 i; s.c 10, s.h[2] 10, s.l + 1;
; str[1] = 'o'; dd[1] = -14.5. Each o[i] adds v[7 - i], s.c, (int)s.f,
; s.h[0], s.h[2], s.l & 0xff (0x89), str[i % 7] and (int)dd[1] (-14):
;   o = 324 320 198 307 176 165 154 247
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O0 --plan %t/plan.json -o %t/split %S/Inputs/run_globals.cl
; RUN: %plan2lines %t/plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit run -O0 --grid 8 --workgroup 4 --out %t/o0 %S/Inputs/run_globals.cl o=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o0/o.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o0/v.bin | FileCheck %s --check-prefix=V
; RUN: %python -c "import sys; print(' '.join(open(f,'rb').read().hex() for f in sys.argv[1:]))" %t/o0/s.bin %t/o0/str.bin %t/o0/dd.bin | FileCheck %s --check-prefix=AFTER
; RUN: %gridsplit run -O2 --grid 8 --workgroup 4 --out %t/o2 %S/Inputs/run_globals.cl o=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o2/o.bin | FileCheck %s --check-prefix=OUT
; RUN: %python -c "import sys; print(' '.join(open(f,'rb').read().hex() for f in sys.argv[1:]))" %t/o2/s.bin %t/o2/str.bin %t/o2/dd.bin | FileCheck %s --check-prefix=AFTER
; With virtual workgroups (one physical group for two), -O0 and -O2:
; RUN: %gridsplit run -O0 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v0 %S/Inputs/run_globals.cl o=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v0/o.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v0/v.bin | FileCheck %s --check-prefix=V
; RUN: %python -c "import sys; print(' '.join(open(f,'rb').read().hex() for f in sys.argv[1:]))" %t/v0/s.bin %t/v0/str.bin %t/v0/dd.bin | FileCheck %s --check-prefix=AFTER
; RUN: %gridsplit run -O2 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v2 %S/Inputs/run_globals.cl o=zeros:32
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/v2/o.bin | FileCheck %s --check-prefix=OUT
; RUN: %python -c "import sys; print(' '.join(open(f,'rb').read().hex() for f in sys.argv[1:]))" %t/v2/s.bin %t/v2/str.bin %t/v2/dd.bin | FileCheck %s --check-prefix=AFTER
;
; RUN: not %gridsplit run --grid 8 --workgroup 4 --out %t/bad %S/Inputs/run_global_address.cl o=zeros:32 2> %t/err
; RUN: FileCheck %s --check-prefix=ADDRESS < %t/err
; RUN: count 1 < %t/err
; RUN: not ls %t/bad

; PLAN: kernels[0].live_state.globals[0].init = "0100000002000000030000000400000005000000060000000700000008000000"
; PLAN: kernels[0].live_state.globals[0].name = "v"
; PLAN: kernels[0].live_state.globals[1].bytes = 24
; PLAN: kernels[0].live_state.globals[1].init = "0900000000002040fdff0400050000008877665544332211"
; PLAN: kernels[0].live_state.globals[1].name = "s"
; PLAN: kernels[0].live_state.globals[2].bytes = 7
; PLAN: kernels[0].live_state.globals[2].init = "68690078000000"
; PLAN: kernels[0].live_state.globals[2].name = "str"
; PLAN: kernels[0].live_state.globals[3].init = "9a9999999999b93f0000000000001dc0"
; PLAN: kernels[0].live_state.globals[3].name = "dd"

; OUT: {{^}}324 320 198 307 176 165 154 247{{$}}
; V: {{^}}1 12 23 34 45 56 67 78{{$}}
; AFTER: {{^}}0a00000000002040fdff04000a0000008977665544332211 686f0078000000 9a9999999999b93f0000000000002dc0{{$}}

; ADDRESS: run_global_address.cl: error: kernel 'k': the program-scope variable 'q' is written, so it must be carried from segment to segment, but its initializer holds an address, which is not plain data
