; The plugin's printers leave the module as it was, and stop after their
; step: print<gridsplit-segments> prints the segments of a kernel whose
; layout step fails (Error_split_vla.ll's), and succeeds; the layout printer
; reports the error. The tool's --dump-after prints, then fails as the
; split does.
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-clone>' -S %S/Inputs/steps.ll 2> /dev/null > %t.ll
; RUN: FileCheck %s --check-prefix=SAME < %t.ll
; SAME:     define spir_kernel void @k(
; SAME-NOT: .seg0
;
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-segments>' -disable-output %S/Error_split_vla.ll 2> %t.seg
; RUN: FileCheck %s --check-prefix=SEGMENTS < %t.seg
; SEGMENTS:      ; gridsplit after step 'segments', kernel 'vla'
; SEGMENTS-NEXT: barrier 1: call spir_func void @gridsplit_grid_sync()
; SEGMENTS-NEXT: segment 0: successors 1{{$}}
; SEGMENTS-NEXT: segment 1: successors end{{$}}
; SEGMENTS-NOT:  error
;
; RUN: not %opt -load-pass-plugin=%plugin -passes='print<gridsplit-layout>' -disable-output %S/Error_split_vla.ll 2> %t.layout
; RUN: FileCheck %s --check-prefix=LAYOUT < %t.layout
; RUN: not %gridsplit --dump-after=segments -o %t.dir %S/Error_split_vla.ll 2> %t.tool
; RUN: FileCheck %s --check-prefix=TOOL < %t.tool
; LAYOUT: kernel 'vla': the variable-sized alloca '%buf = alloca i32, i64 %n64, align 4' is live across grid barrier 1
; TOOL:      ; gridsplit after step 'segments', kernel 'vla'
; TOOL-NEXT: barrier 1: call spir_func void @gridsplit_grid_sync()
; TOOL:      segment 1: successors end
; TOOL-NEXT: {{.*}}Error_split_vla.ll: error: kernel 'vla': the variable-sized alloca
