; REQUIRES: llvm15
; A struct passed by value (SPEC section 4, "values"): the plan lists 'p'
; among the kernel's values with its 24 bytes, never among its buffers, and
; gridsplit run passes the bytes of p=@FILE as the argument, at -O0 and -O2
; and through SPIR-V. The kernel is Inputs/run_struct.cl: it changes its own
; copy of the struct before the grid barrier (each invocation its own), and
; reads it after the barrier through a helper that is not inlined and
; through a pointer chosen before the barrier.
;
; p = {tag 3, scale 0.5, s {10, -20, 30}, base 1000}, the padding bytes
; (1-3 and 14-15) filled with 0xaa and 0xbb, which the kernel never reads.
; out[i]  = 3 + (int)(0.5 * i)                   = 3 3 4 4 5 5 6 6
; after the barrier invocation i holds base 1000 + i and s {10, -40, 30}:
; out2[i] = (i odd ? s[i % 3] : 1000 + i) + (i & 2 ? s[0] : s[2]) + 3
;         = 1033 -7 1015 23 1037 63 1019 -27
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<b3sf3h2sq', 3, b'\xaa'*3, 0.5, 10, -20, 30, b'\xbb'*2, 1000))" %t/p.bin
; RUN: %gridsplit run -O0 --grid 8 --workgroup 4 --out %t/o0 %S/Inputs/run_struct.cl out=zeros:32 p=@%t/p.bin out2=zeros:64
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o0/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/o0/out2.bin | FileCheck %s --check-prefix=OUT2
; RUN: %gridsplit run -O2 --grid 8 --workgroup 4 --out %t/o2 %S/Inputs/run_struct.cl out=zeros:32 p=@%t/p.bin out2=zeros:64
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o2/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/o2/out2.bin | FileCheck %s --check-prefix=OUT2
; The struct is no output: nothing is written back for it.
; RUN: not ls %t/o2/p.bin
; Typed-pointer IR (clang 15 without opaque pointers, %struct.P* byval):
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -Xclang -no-opaque-pointers -fno-discard-value-names -target spir64 -emit-llvm -S -O0 -o %t/typed.ll %S/Inputs/run_struct.cl
; RUN: %gridsplit run --grid 8 --workgroup 4 --out %t/typed %t/typed.ll out=zeros:32 p=@%t/p.bin out2=zeros:64
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/typed/out2.bin | FileCheck %s --check-prefix=OUT2
;
; A field of the struct bounds a loop holding barriers (a dynamic schedule),
; another accumulates in each invocation's copy (Inputs/run_struct_loop.cl):
; L = {n 3, k 5, acc 100}; each iteration adds 5 i + it, then the value of
; invocation (i + 1) % 8 before the barrier (a C model of the 8 invocations
; gives 893 963 1033 1103 1173 1203 1113 943). -O0, and -O2 with virtual
; workgroups on one physical workgroup:
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<ih2sq', 3, 5, b'\xcc'*2, 100))" %t/l.bin
; RUN: %gridsplit run -O0 --grid 8 --workgroup 4 --out %t/l0 %S/Inputs/run_struct_loop.cl out=zeros:64 p=@%t/l.bin
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/l0/out.bin | FileCheck %s --check-prefix=LOOP
; RUN: %gridsplit run -O2 --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/l2 %S/Inputs/run_struct_loop.cl out=zeros:64 p=@%t/l.bin
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/l2/out.bin | FileCheck %s --check-prefix=LOOP
;
; Vectors are values too (Inputs/run_vector.cl): float4 v = {1.5, 2, 0, 0.25}
; and int3 w = {7, 8, 9, pad}, 16 bytes each; o[i] = 1.5 + 0.25 i + 2 + 9:
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<4f', 1.5, 2.0, 0.0, 0.25)); open(sys.argv[2],'wb').write(struct.pack('<4i', 7, 8, 9, -1))" %t/v.bin %t/w.bin
; RUN: %gridsplit run -O0 --grid 8 --workgroup 4 --out %t/vec %S/Inputs/run_vector.cl o=zeros:32 v=@%t/v.bin w=@%t/w.bin
; RUN: %python %S/Inputs/gs_data.py dump f32 %t/vec/o.bin | FileCheck %s --check-prefix=VEC
;
; Through SPIR-V (the translator keeps byval) and the plan file:
; RUN: %gridsplit --target spirv -o %t/spv %S/Inputs/run_struct.cl
; RUN: spirv-val %t/spv/run_struct.spv
; RUN: llvm-spirv-15 -r %t/spv/run_struct.spv -o %t/spv/run_struct.bc
; RUN: %gridsplit run --plan %t/spv/run_struct.plan.json --grid 8 --workgroup 4 --out %t/ospv %t/spv/run_struct.bc out=zeros:32 p=@%t/p.bin out2=zeros:64
; RUN: %python %S/Inputs/gs_data.py dump i64 %t/ospv/out2.bin | FileCheck %s --check-prefix=OUT2
;
; The plan and the roles table:
; RUN: %plan2lines %t/spv/run_struct.plan.json | FileCheck %s --check-prefix=PLAN
; RUN: %gridsplit -O0 --print-roles -o %t/roles %S/Inputs/run_struct.cl | FileCheck %s --check-prefix=ROLES

; OUT: {{^}}3 3 4 4 5 5 6 6{{$}}
; OUT2: {{^}}1033 -7 1015 23 1037 63 1019 -27{{$}}
; VEC: {{^}}12.5 12.75 13 13.25 13.5 13.75 14 14.25{{$}}
; LOOP: {{^}}893 963 1033 1103 1173 1203 1113 943{{$}}

; PLAN:     kernels[0].args[1].bytes = 24
; PLAN-NEXT: kernels[0].args[1].kind = "value"
; PLAN-NEXT: kernels[0].args[1].name = "p"
; PLAN-NEXT: kernels[0].args[1].type = "struct"
; PLAN:     kernels[0].buffers[0].name = "out"
; PLAN:     kernels[0].buffers[1].arg = 2
; PLAN-NEXT: kernels[0].buffers[1].host_input = false
; PLAN-NEXT: kernels[0].buffers[1].host_output = true
; PLAN-NEXT: kernels[0].buffers[1].name = "out2"
; PLAN-NOT: kernels[0].buffers[2]
; PLAN-NOT: "p"
; PLAN:     kernels[0].values[0].arg = 1
; PLAN-NEXT: kernels[0].values[0].bytes = 24
; PLAN-NEXT: kernels[0].values[0].name = "p"
; PLAN-NOT: kernels[0].values[1]

; ROLES:      kernel 'run_struct': barriers 1, schedule static
; ROLES-NEXT:   buffer out: arg 0, global, host_input no, host_output yes
; ROLES-NEXT:   buffer out2: arg 2, global, host_input no, host_output yes
; ROLES-NEXT:   value p: arg 1, 24 bytes
; ROLES-NEXT:   segment 0: begins at entry, successors 1
; ROLES-NEXT:     out write write_only
; ROLES-NEXT:   segment 1: begins at barrier 1
; ROLES-NEXT:     out2 write write_only
; ROLES-NOT:  p
