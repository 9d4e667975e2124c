; A step the split does not have: the tool stops with a usage error that
; lists the steps, and so do the plugin's printer and pass options; a bad
; verify-each value names the key.
;
; RUN: not %gridsplit --dump-after=bogus -o %t %s 2> %t.err
; RUN: FileCheck %s --check-prefix=TOOL < %t.err
; TOOL: gridsplit: error: dump-after=bogus: no such step of the split (steps: analysis, prepare, segments, uniformity, access, liveness, remat, layout, clone, tidy, roles, attributes, link)
; TOOL-NEXT: (run 'gridsplit --help' for usage)
; RUN: not %gridsplit --dump-after= -o %t %s 2> %t.empty
; RUN: FileCheck %s --check-prefix=EMPTY < %t.empty
; EMPTY: gridsplit: error: dump-after=: no such step of the split (steps: analysis,
;
; RUN: not %opt -load-pass-plugin=%plugin -passes='print<gridsplit-bogus>' -disable-output %s 2> %t.printer
; RUN: FileCheck %s --check-prefix=PLUGIN < %t.printer
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<dump-after=bogus>' -disable-output %s 2> %t.pass
; RUN: FileCheck %s --check-prefix=PLUGIN < %t.pass
; PLUGIN: error: gridsplit: {{print<gridsplit-|dump-after=}}bogus{{>?}}: no such step of the split (steps: analysis, prepare,
; RUN: not %opt -load-pass-plugin=%plugin -passes='gridsplit<verify-each=maybe>' -disable-output %s 2> %t.verify
; RUN: FileCheck %s --check-prefix=VERIFY < %t.verify
; VERIFY: error: gridsplit: gridsplit option 'verify-each=maybe': expected true or false

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %out) {
entry:
  store i32 1, ptr addrspace(1) %out, align 4
  call spir_func void @gridsplit_grid_sync()
  store i32 2, ptr addrspace(1) %out, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
