; gs-reference (runtime/reference), the reference of `gridsplit run --check`,
; builds with every supported LLVM and binds the builtins the kernels of that
; LLVM's clang call: the kernel object and the reference's builtins are
; compiled by the same clang. The object is linked -Bsymbolic-functions, as
; --check links it: gs-reference loads a copy per workgroup, and clang 22's
; kernel calls its body (__clang_ocl_kern_imp_probe), which must be the body
; of the same copy, with that workgroup's local memory (else the reference
; saw a divergent barrier). The kernel is Inputs/reference_probe.cl.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -target x86_64-unknown-linux-gnu -O0 -fPIC -shared -Wl,-Bsymbolic-functions -w -o %t/probe.so %S/Inputs/reference_probe.cl
; RUN: %python %S/Inputs/gs_data.py write %t/in.bin i32 1 2 3 4 5 6 7 8
; RUN: %gs_reference --grid 8 --workgroup 4 --out %t/o --source %S/Inputs/reference_probe.cl %t/probe.so in=@%t/in.bin out=zeros:32 sum=zeros:4 sum2=zeros:4
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o/out.bin | FileCheck %s --check-prefix=OUT
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o/sum.bin | FileCheck %s --check-prefix=SUM
; RUN: %python %S/Inputs/gs_data.py dump i32 %t/o/sum2.bin | FileCheck %s --check-prefix=SUM2
; OUT: {{^}}24 34 44 14 1064 1074 1084 1054{{$}}
; SUM: {{^}}36{{$}}
; SUM2: {{^}}16{{$}}
; RUN: not ls %t/o/in.bin
