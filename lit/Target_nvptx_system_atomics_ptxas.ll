; The PTX --system-atomics writes assembles (NVIDIA's ptxas for sm_80): the
; atomics of Target_nvptx_system_atomics.ll and a dynamic schedule's.
; REQUIRES: ptxas
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit --target nvptx --mcpu sm_80 --system-atomics -o %t/sys %S/Target_nvptx_system_atomics.ll
; RUN: %ptxas -arch=sm_80 %t/sys/Target_nvptx_system_atomics.ptx -o %t/k.cubin
; RUN: %clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -target nvptx64-nvidia-cuda -emit-llvm -c -O0 -o %t/d.bc %S/Inputs/devices.cl
; RUN: llvm-link %t/d.bc %S/../lowering/opencl_nvptx.ll -o %t/dl.bc
; RUN: %opt -passes=always-inline,globaldce %t/dl.bc -o %t/dw.bc
; RUN: %gridsplit --target nvptx --mcpu sm_80 --system-atomics --drop-original -o %t/dyn %t/dw.bc
; RUN: %ptxas -arch=sm_80 %t/dyn/dw.ptx -o %t/d.cubin
; The scoped loads, stores and fences (LLVM 22) for sm_90:
; RUN: %if llvm22 %{ %gridsplit --target nvptx --mcpu sm_90 --system-atomics --drop-original -o %t/sc %S/Target_nvptx_system_atomics_scoped.ll %}
; RUN: %if llvm22 %{ %ptxas -arch=sm_90 %t/sc/Target_nvptx_system_atomics_scoped.ptx -o %t/sc.cubin %}
