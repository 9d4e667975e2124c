; Debug info that does not verify (a location whose scope is no DIScope) is
; dropped when the module is read, as LLVM does; LLVM's own report of it
; ("location requires a valid scope", "warning: ignoring invalid debug info")
; went to stderr unprefixed. The library prints nothing: the split succeeds
; and stderr stays empty. The split module parses.
;
; RUN: rm -rf %t.out
; RUN: %gridsplit -o %t.out %s 2> %t.err
; RUN: count 0 < %t.err
; RUN: %opt -passes=verify -disable-output %t.out/Load_invalid_debug_info_quiet.ll
; RUN: %llvm-as %s -o %t.bc
; RUN: %gridsplit -o %t.out %t.bc 2> %t.bc.err
; RUN: count 0 < %t.bc.err

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p) {
entry:
  store i32 1, ptr addrspace(1) %p, align 4, !dbg !5
  call void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %p, align 4
  ret void
}

declare void @gridsplit_grid_sync()

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !DILocation(line: 1, scope: !6)
!6 = distinct !{}
