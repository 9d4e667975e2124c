; The plan's control.path_from_arguments (docs/split.md, "Replaying a
; path"): true where every branch that decides which grid barrier comes next
; reads only scalar arguments, ids, sizes, math builtins and what is computed
; from them (ids deciding who returns before the loop), through private
; memory too, at -O2 and -O0; false where memory decides (a flag, a private
; table indexed by a buffer's word, a struct assigned on one way of a branch
; on memory, an element deciding who returns before the loop), and where a counter is reached through a pointer kept in
; memory (-O0).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O2 -o %t/o2 --plan - %S/Inputs/path_from_arguments.cl | %plan2lines | FileCheck %s --check-prefixes=CHECK,O2
; RUN: %gridsplit -O0 -o %t/o0 --plan - %S/Inputs/path_from_arguments.cl | %plan2lines | FileCheck %s --check-prefixes=CHECK,O0
; A struct passed by value bounds the loop: read in place, or copied to a
; local at -O0 (replay_struct.cl). Where the kernel also writes a field of
; its copy with what it loads (run_struct_loop.cl), the copy at -O0 is one
; object, and a write of data to it makes every read of it data.
; RUN: %gridsplit -O2 -o %t/r2 --plan - %S/Inputs/replay_struct.cl | %plan2lines | FileCheck %s --check-prefix=STRUCT
; RUN: %gridsplit -O0 -o %t/r0 --plan - %S/Inputs/replay_struct.cl | %plan2lines | FileCheck %s --check-prefix=STRUCT
; RUN: %gridsplit -O0 -o %t/s0 --plan - %S/Inputs/run_struct_loop.cl | %plan2lines | FileCheck %s --check-prefix=LOOP0
; A static schedule has no control word to carry it:
; RUN: %gridsplit -o %t/st --plan - %S/Inputs/blur.cl | %plan2lines | FileCheck %s --check-prefix=STATIC

; CHECK: kernels[0].control.path_from_arguments = true
; CHECK: kernels[0].name = "sweeps"
; CHECK: kernels[1].control.path_from_arguments = false
; CHECK: kernels[1].name = "until_clear"
; CHECK: kernels[2].control.path_from_arguments = true
; CHECK: kernels[2].name = "tree"
; CHECK: kernels[3].control.path_from_arguments = false
; CHECK: kernels[3].name = "table_pick"
; O2:    kernels[4].control.path_from_arguments = true
; O0:    kernels[4].control.path_from_arguments = false
; CHECK: kernels[4].name = "counter_pointer"
; CHECK: kernels[5].control.path_from_arguments = true
; CHECK: kernels[5].name = "early_return"
; CHECK: kernels[6].control.path_from_arguments = true
; CHECK: kernels[6].name = "math_count"
; CHECK: kernels[7].control.path_from_arguments = false
; CHECK: kernels[7].name = "copy_pick"
; CHECK: kernels[8].control.path_from_arguments = false
; CHECK: kernels[8].name = "data_return"

; STRUCT: kernels[0].control.path_from_arguments = true
; STRUCT: kernels[0].name = "struct_rounds"
; LOOP0: kernels[0].control.path_from_arguments = false

; STATIC-NOT: path_from_arguments
; STATIC: kernels[0].schedule = "static"
