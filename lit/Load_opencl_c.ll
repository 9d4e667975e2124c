; OpenCL C input is compiled with the clang of the LLVM gridsplit was built
; with (clang 22 adds the __clang_ocl_kern_imp_ wrapper), at -O0 and -O2,
; with debug info: the roles are the same at both levels, the arguments keep
; their source names (a host binds them by name), and the barrier's segment
; shows where the barrier is in the source (SPEC section 5,
; include/gridsplit/load.h). This file only holds the RUN lines; the kernel
; is Inputs/blur.cl.
;
; RUN: %gridsplit --no-split --print-roles --target ir -O0 -o %t.out0 %S/Inputs/blur.cl | FileCheck %s
; RUN: %gridsplit --no-split --print-roles --target ir -O2 -o %t.out2 %S/Inputs/blur.cl | FileCheck %s

; CHECK-LABEL: kernel 'blur': barriers 1, schedule static
; CHECK-NEXT:    buffer src: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:    buffer tmp: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    buffer dst: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1 end{{$}}
; CHECK-NEXT:      src read read_only{{$}}
; CHECK-NEXT:      tmp write write_only{{$}}
; CHECK-NEXT:    segment 1: begins at barrier 1 ({{.*}}blur.cl:8:3), successors end{{$}}
; CHECK-NEXT:      tmp read read_only{{$}}
; CHECK-NEXT:      dst write write_only{{$}}
; CHECK-NOT:   kernel
