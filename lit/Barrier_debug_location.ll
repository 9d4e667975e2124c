; A segment that begins after a barrier with debug info shows the barrier's
; file:line:col (docs/formats.md); the plan carries it as "location".
;
; RUN: %gridsplit --no-split --print-roles --target ir -o %t.out %s | FileCheck %s
; RUN: %gridsplit --target ir -o %t.out2 --plan - %s | %plan2lines | FileCheck %s --check-prefix=PLAN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: kernel 'smooth': barriers 2, schedule static
; CHECK:         segment 0: begins at entry, successors 1{{$}}
; CHECK:         segment 1: begins at barrier 1 ({{.*}}smooth.cl:7:3), successors 2{{$}}
; CHECK:         segment 2: begins at barrier 2 ({{.*}}smooth.cl:9:5), successors end{{$}}

; PLAN:      kernels[0].segments[0].location = null
; PLAN:      kernels[0].segments[1].begins_at = "barrier 1"
; PLAN:      kernels[0].segments[1].location = "{{.*}}smooth.cl:7:3"
; PLAN:      kernels[0].segments[2].begins_at = "barrier 2"
; PLAN:      kernels[0].segments[2].location = "{{.*}}smooth.cl:9:5"

define spir_kernel void @smooth(ptr addrspace(1) noundef align 4 %v) !dbg !6 {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0), !dbg !10
  %p = getelementptr inbounds float, ptr addrspace(1) %v, i64 %gid, !dbg !11
  %x = load float, ptr addrspace(1) %p, align 4, !dbg !11
  %h = fmul float %x, 5.000000e-01, !dbg !11
  store float %h, ptr addrspace(1) %p, align 4, !dbg !11
  call spir_func void @gridsplit_grid_sync(), !dbg !12
  %y = load float, ptr addrspace(1) %p, align 4, !dbg !13
  call spir_func void @gridsplit_grid_sync(), !dbg !14
  store float 0.000000e+00, ptr addrspace(1) %p, align 4, !dbg !15
  ret void, !dbg !15
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "smooth.cl", directory: "/src/kernels")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!6 = distinct !DISubprogram(name: "smooth", scope: !1, file: !1, line: 3, type: !7, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !9)
!7 = !DISubroutineType(types: !8)
!8 = !{null}
!9 = !{}
!10 = !DILocation(line: 4, column: 16, scope: !6)
!11 = !DILocation(line: 5, column: 8, scope: !6)
!12 = !DILocation(line: 7, column: 3, scope: !6)
!13 = !DILocation(line: 8, column: 13, scope: !6)
!14 = !DILocation(line: 9, column: 5, scope: !6)
!15 = !DILocation(line: 10, column: 3, scope: !6)
