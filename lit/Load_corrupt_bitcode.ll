; Corrupt bitcode that crashes LLVM's own reader (found by scripts/fuzz.py
; from the bitcode of these tests): a SEGV in the MetadataLoader, a SEGV in
; AttributeList::get (LLVM 22's reader crashes on it too), a SEGV in
; Module::materializeAll, and a record whose count makes the reader ask for
; tens of gigabytes. gridsplit reads
; input in a child process with time and memory limits (lib/load.c): each is
; an input error naming the file, exit 1, no output, and nothing else on
; stderr (SPEC section 7).
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: not %gridsplit -o %t.out %S/Inputs/corrupt_metadata.bc 2> %t.metadata
; RUN: FileCheck %s --check-prefix=METADATA < %t.metadata
; RUN: not %gridsplit -o %t.out %S/Inputs/corrupt_attributes.bc 2> %t.attributes
; RUN: FileCheck %s --check-prefix=ATTRIBUTES < %t.attributes
; RUN: not %gridsplit -o %t.out %S/Inputs/corrupt_allocation.bc 2> %t.allocation
; RUN: FileCheck %s --check-prefix=ALLOCATION < %t.allocation
; RUN: not %gridsplit -o %t.out %S/Inputs/corrupt_materialize.bc 2> %t.materialize
; RUN: FileCheck %s --check-prefix=MATERIALIZE < %t.materialize
; RUN: sh -c 'for f in metadata attributes materialize allocation; do %gridsplit -o %t.out %S/Inputs/corrupt_$f.bc 2>/dev/null; echo "exit $?"; done' | FileCheck %s --check-prefix=STATUS
; RUN: ls -A %t.out | count 0

; METADATA: {{^}}{{.*}}corrupt_metadata.bc: error: {{.+}}
; METADATA-NOT: {{.}}
; ATTRIBUTES: {{^}}{{.*}}corrupt_attributes.bc: error: {{.+}}
; ATTRIBUTES-NOT: {{.}}
; MATERIALIZE: {{^}}{{.*}}corrupt_materialize.bc: error: {{.+}}
; MATERIALIZE-NOT: {{.}}
; ALLOCATION: {{^}}{{.*}}corrupt_allocation.bc: error: {{.+}}
; ALLOCATION-NOT: {{.}}
; STATUS: exit 1
; STATUS-NEXT: exit 1
; STATUS-NEXT: exit 1
; STATUS-NEXT: exit 1
