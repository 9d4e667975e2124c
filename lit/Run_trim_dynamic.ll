; Run_vulkan_trim_dynamic.ll's kernels on POCL (LLVM 15, where a dynamic
; schedule's choice words are volatile stores and its segments keep every
; virtual workgroup), against gs-reference at -O2 and -O0, with helpers
; not inlined, on workgroups that copy the workgroup array (32) and that
; do not (64), and a phase for no workgroup (m = 0).
;
; REQUIRES: llvm15
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<77f', *[((k * 13) %% 11) / 4.0 for k in range(77)]))" %t/x.bin
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel first_m --grid 96 --workgroup 16 --out %t/m0 %S/Inputs/vtrim.cl out=zeros:384 m=0 rounds=3 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel first_m --grid 96 --workgroup 16 --out %t/m2 %S/Inputs/vtrim.cl out=zeros:384 m=2 rounds=4 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --check --virtual-workgroups --physical-groups 2 --kernel dyn_sum --grid 192 --workgroup 32 --out %t/s2 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:24 out=zeros:16 n=77 rounds=4 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --virtual-workgroups --physical-groups 3 --kernel dyn_sum --grid 192 --workgroup 64 --out %t/s0 %S/Inputs/vtrim.cl x=@%t/x.bin part=zeros:12 out=zeros:16 n=77 rounds=3 2>&1 | FileCheck %s
; CHECK: every host-output buffer matches the reference
