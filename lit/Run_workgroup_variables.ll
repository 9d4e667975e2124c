; REQUIRES: llvm15
; End to end: workgroup variables of every size live across a grid barrier
; (Inputs/run_wgvars.cl): one byte, char[3], a uint, a float, a packed
; five-byte struct and ushort[37], at -O0 and -O2, with and without virtual
; workgroups (one physical workgroup running both virtual ones). The save and
; restore never loop with a trip count of one, which POCL 3.1 miscompiled
; (a segfault, or ParallelRegion.cc's assertion); a one-word counter updated
; by a dynamic schedule's loop segment keeps its updates with virtual
; workgroups too (a workgroup barrier between virtual workgroups there made
; POCL drop them). The words are computed by hand: per invocation (group g,
; local id l) one | three << 8, the uint, the float's bits, and
; tag | low byte of value << 8 | shorts[(9l + 5) % 37] << 16.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run -O0 --kernel wg_vars --grid 8 --workgroup 4 --out %t/o0 %S/Inputs/run_wgvars.cl out=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/o0/out.bin | FileCheck %s --check-prefix=VARS
; RUN: %gridsplit run -O2 --kernel wg_vars --grid 8 --workgroup 4 --out %t/o2 %S/Inputs/run_wgvars.cl out=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/o2/out.bin | FileCheck %s --check-prefix=VARS
; RUN: %gridsplit run -O0 --kernel wg_vars --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v0 %S/Inputs/run_wgvars.cl out=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v0/out.bin | FileCheck %s --check-prefix=VARS
; RUN: %gridsplit run -O2 --kernel wg_vars --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/v2 %S/Inputs/run_wgvars.cl out=zeros:128
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/v2/out.bin | FileCheck %s --check-prefix=VARS
;
; RUN: %gridsplit run -O0 --kernel wg_counter --grid 8 --workgroup 4 --out %t/c0 %S/Inputs/run_wgvars.cl out=zeros:32 rounds=3
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/c0/out.bin | FileCheck %s --check-prefix=COUNTER
; RUN: %gridsplit run -O2 --kernel wg_counter --grid 8 --workgroup 4 --out %t/c2 %S/Inputs/run_wgvars.cl out=zeros:32 rounds=3
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/c2/out.bin | FileCheck %s --check-prefix=COUNTER
; RUN: %gridsplit run -O0 --kernel wg_counter --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/cv0 %S/Inputs/run_wgvars.cl out=zeros:32 rounds=3
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/cv0/out.bin | FileCheck %s --check-prefix=COUNTER
; RUN: %gridsplit run -O2 --kernel wg_counter --virtual-workgroups --physical-groups 1 --grid 8 --workgroup 4 --out %t/cv2 %S/Inputs/run_wgvars.cl out=zeros:32 rounds=3
; RUN: %python %S/Inputs/gs_data.py dump u32 %t/cv2/out.bin | FileCheck %s --check-prefix=COUNTER

; VARS: {{^}}50463040 2695938256 1069547520 345200 50463040 2695938256 1069547520 935024 50463040 2695938256 1069547520 1524848 50463040 2695938256 1069547520 2114672 218893121 2695938257 1075838976 65881457 218893121 2695938257 1075838976 66471281 218893121 2695938257 1075838976 67061105 218893121 2695938257 1075838976 67650929{{$}}
; COUNTER: {{^}}13 13 13 13 14 14 14 14{{$}}
