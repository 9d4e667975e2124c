; The layout step: the live state's slots with their offsets. @k carries
; %sq (4 bytes) and recomputes 24 bytes of ids and addresses; @early carries
; its private array's 12 bytes, then the status word.
;
; RUN: %gridsplit --dump-after=layout -o %t %S/Inputs/steps.ll 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %opt -load-pass-plugin=%plugin -passes='print<gridsplit-layout>' -disable-output %S/Inputs/steps.ll 2>&1 | FileCheck %s

; CHECK-LABEL: ; gridsplit after step 'layout', kernel 'k'
; CHECK-NEXT:  live state: 4 bytes per invocation, header 0 bytes, recomputed 24 bytes
; CHECK-NEXT:    offset 0 size 4 align 4: %sq = fmul float %x, %x
; CHECK-NEXT:  workgroup memory: 0 bytes per workgroup, 0 arguments
; CHECK-NEXT:  ; gridsplit after step 'layout', kernel 'early'
; CHECK-NEXT:  live state: 16 bytes per invocation, header 0 bytes, recomputed 20 bytes
; CHECK-NEXT:    offset 0 size 12 align 4 contents: %priv = alloca [3 x i32], align 4
; CHECK-NEXT:    offset 12 size 4 align 4: status word
; CHECK-NEXT:  workgroup memory: 0 bytes per workgroup, 0 arguments

; A value the same in every invocation is carried once, in the header:
; pingpong's loop counter.
; RUN: %gridsplit --dump-after=layout -o %t %S/Inputs/pingpong.cl 2> %t.once
; RUN: FileCheck %s --check-prefix=ONCE < %t.once
; ONCE-LABEL: ; gridsplit after step 'layout', kernel 'pingpong'
; ONCE-NEXT:  live state: 0 bytes per invocation, header 16 bytes, recomputed 36 bytes
; ONCE-NEXT:    offset 0 size 4 align 4 once: %it{{[.0-9a-z]+}} = phi i32
