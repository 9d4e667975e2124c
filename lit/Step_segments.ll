; The segments step: barrier sites in block order and the segment graph,
; from the tool's --dump-after and the plugin's printer alike.
;
; RUN: %gridsplit --dump-after=segments -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-segments>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'segments', kernel 'k'
; CHECK-NEXT:  barrier 1: call spir_func void @gridsplit_grid_sync()
; CHECK-NEXT:  barrier 2: call spir_func void @gridsplit_grid_sync()
; CHECK-NEXT:  segment 0: successors 1{{$}}
; CHECK-NEXT:  segment 1: successors 2 end{{$}}
; CHECK-NEXT:  segment 2: successors end{{$}}
; CHECK-NEXT:  ; gridsplit after step 'segments', kernel 'early'
; CHECK-NEXT:  barrier 1: call spir_func void @gridsplit_grid_sync()
; CHECK-NEXT:  segment 0: successors 1 end{{$}}
; CHECK-NEXT:  segment 1: successors end{{$}}
; CHECK-NOT:   gridsplit after
