; REQUIRES: llvm15
; What gridsplit run --check cannot do is refused before anything runs, with
; the reason: the reference compiles OpenCL C, so LLVM IR, bitcode, programs
; and a module the split already wrote (--plan) have no original to run; the
; reference binds each buffer apart (no same:) and knows no --barrier names.
; A reference that is missing or fails is an error, and --check-ulp takes a
; count only (usage error, exit 2).
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %gridsplit run --check --grid 4 --workgroup 4 %s o=zeros:16 2>&1 | FileCheck %s --check-prefix=IR
; IR: Run_check_errors.ll: error: --check needs the kernel's OpenCL C source (.cl): the reference compiles it for the CPU, and runs no LLVM IR, bitcode or program{{$}}
; RUN: not %gridsplit run --check --grid 4 --workgroup 4 %S/Inputs/program_len_name.gsp 2>&1 | FileCheck %s --check-prefix=GSP
; GSP: program_len_name.gsp: error: --check needs the kernel's OpenCL C source (.cl): the reference compiles it for the CPU, and runs no LLVM IR, bitcode or program (a .gsp program has its own reference: gridsplit interpret)
; RUN: not %gridsplit run --check --plan %t/none.plan.json --grid 4 --workgroup 4 %s o=zeros:16 2>&1 | FileCheck %s --check-prefix=PLAN
; PLAN: error: --check runs the original kernel, which a module the split already wrote (--plan) no longer holds: give the OpenCL C source instead
; RUN: not %gridsplit run --check --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl a=zeros:32 f=zeros:32 i=same:f n=3 2>&1 | FileCheck %s --check-prefix=SAME
; SAME: check_mixed.cl: error: --check: the reference binds every buffer apart; it cannot run 'i=same:f' (one buffer under two names)
; RUN: not %gridsplit run --check --barrier my_sync --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl a=zeros:32 f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=BARRIER
; BARRIER: check_mixed.cl: error: --check: the reference knows gridsplit_grid_sync() as the only grid barrier, not --barrier my_sync
;
; RUN: not env GRIDSPLIT_REFERENCE=%t/missing %gridsplit run --check --grid 8 --workgroup 4 --out %t/m %S/Inputs/check_mixed.cl a=zeros:32 f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=MISSING
; MISSING: check_mixed.cl: error: --check: the reference (gs-reference) is not installed beside gridsplit (set GRIDSPLIT_REFERENCE to its path)
; RUN: not env GRIDSPLIT_REFERENCE=%python %gridsplit run --check --grid 8 --workgroup 4 --out %t/f %S/Inputs/check_mixed.cl a=zeros:32 f=zeros:32 i=zeros:32 n=3 2>&1 | FileCheck %s --check-prefix=FAILS
; FAILS: check_mixed.cl: error: --check: the reference run of the original kernel failed (exit 2):
;
; RUN: not %gridsplit run --check-ulp x --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl 2>&1 | FileCheck %s --check-prefix=ULP -DV=x
; RUN: not %gridsplit run --check-ulp -1 --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl 2>&1 | FileCheck %s --check-prefix=ULP -DV=-1
; RUN: not %gridsplit run --check-ulp 1.5 --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl 2>&1 | FileCheck %s --check-prefix=ULP -DV=1.5
; RUN: not %gridsplit run --check-ulp 4294967296 --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl 2>&1 | FileCheck %s --check-prefix=ULP -DV=4294967296
; RUN: not %gridsplit run --check-ulp '' --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl 2>&1 | FileCheck %s --check-prefix=ULP -DV=
; ULP: gridsplit: error: --check-ulp '[[V]]': expected a count of units in the last place (0 to 4294967295)
; RUN: not %gridsplit run --grid 8 --workgroup 4 %S/Inputs/check_mixed.cl --check-ulp 2>&1 | FileCheck %s --check-prefix=NOVALUE
; NOVALUE: gridsplit: error: option '--check-ulp' needs a value
;

define spir_kernel void @k(ptr addrspace(1) %o) {
  call void @gridsplit_grid_sync()
  ret void
}
declare void @gridsplit_grid_sync()
