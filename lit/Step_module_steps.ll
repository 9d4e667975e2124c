; The module-wide steps: after "analysis" and "roles" the roles table
; (of the kernels as they are, then of the emitted segments), after
; "prepare", "tidy" and "attributes" the scratch module, after "link" the
; caller's module with its segments. The split goes on after a dump: the
; output module is the same as without one.
;
; RUN: %gridsplit --kernel k --dump-after=analysis -o %t.a %S/Inputs/steps.ll 2> %t.analysis
; RUN: FileCheck %s --check-prefix=ANALYSIS < %t.analysis
; ANALYSIS:      ; gridsplit after step 'analysis'
; ANALYSIS-NEXT: kernel 'k': barriers 2, schedule dynamic
; ANALYSIS-NEXT:   buffer in: arg 0, global, host_input yes, host_output yes
;
; RUN: %gridsplit --kernel k --dump-after=prepare -o %t.p %S/Inputs/steps.ll 2> %t.prepare
; RUN: FileCheck %s --check-prefix=PREPARE < %t.prepare
; PREPARE:      ; gridsplit after step 'prepare'
; PREPARE:      define spir_kernel void @k(
; PREPARE-NOT:  define spir_kernel void @k.seg
;
; RUN: %gridsplit --kernel k --dump-after=tidy -o %t.t %S/Inputs/steps.ll 2> %t.tidy
; RUN: FileCheck %s --check-prefix=TIDY < %t.tidy
; TIDY:      ; gridsplit after step 'tidy'
; TIDY-NOT:  define spir_kernel void @k(
; TIDY:      define spir_kernel void @k.seg0(ptr addrspace(1) %in,
; TIDY-NOT:  define spir_kernel void @k(
;
; RUN: %gridsplit --kernel k --dump-after=roles -o %t.r %S/Inputs/steps.ll 2> %t.roles
; RUN: FileCheck %s --check-prefix=ROLES < %t.roles
; ROLES:      ; gridsplit after step 'roles'
; ROLES-NEXT: kernel 'k': barriers 2, schedule dynamic
;
; RUN: %gridsplit --kernel k --dump-after=attributes -o %t.at %S/Inputs/steps.ll 2> %t.attributes
; RUN: FileCheck %s --check-prefix=ATTRIBUTES < %t.attributes
; ATTRIBUTES: ; gridsplit after step 'attributes'
; ATTRIBUTES: define spir_kernel void @k.seg0(ptr addrspace(1) readonly %in, ptr addrspace(1) readnone %out,
; ATTRIBUTES: define spir_kernel void @k.seg1(ptr addrspace(1) readnone %in, ptr addrspace(1) writeonly %out,
;
; RUN: %gridsplit --kernel k --dump-after=link -o %t.l %S/Inputs/steps.ll 2> %t.link
; RUN: FileCheck %s --check-prefix=LINK < %t.link
; LINK:      ; gridsplit after step 'link'
; LINK:      define spir_kernel void @k(
; LINK:      define spir_kernel void @k.seg0(
;
; RUN: %gridsplit --kernel k -o %t.plain %S/Inputs/steps.ll
; RUN: diff %t.plain/steps.ll %t.l/steps.ll
; RUN: diff %t.plain/steps.ll %t.a/steps.ll
