; Roles of buffers that each invocation writes and then reads back in the
; same segment (Inputs/own_writes.cl), at -O0 (every reload of a value just
; stored is a load) and -O2 alike: a read that every path reaches through a
; store of this invocation to the same address, with no call, fence or atomic
; between, can see no data this invocation did not write in this segment, so
; it is no R (SPEC section 3): PolyBench's 2mm tmp, bicg s and q, covariance
; mean and symmat are `write`, not host inputs. A read of another element, one
; after a conditional store, a four-byte read of a one-byte store, one after a
; workgroup barrier or an atomic, and a read before the first write stay R.
; The -O0 segments that read back their own writes keep no `writeonly`.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit -O0 -o %t/o0 --print-roles %S/Inputs/own_writes.cl | FileCheck %s
; RUN: %gridsplit -O2 -o %t/o2 --print-roles %S/Inputs/own_writes.cl | FileCheck %s
; RUN: FileCheck %s --check-prefix=IR < %t/o0/own_writes.ll
; RUN: %opt -passes=verify -disable-output %t/o0/own_writes.ll

; CHECK: kernel 'mm2': barriers 1, schedule static
; CHECK-NEXT:   buffer A: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:   buffer B: arg 1, global, host_input yes, host_output no
; CHECK-NEXT:   buffer tmp: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:   buffer C: arg 3, global, host_input yes, host_output no
; CHECK-NEXT:   buffer D: arg 4, global, host_input yes, host_output yes
; CHECK-NEXT:   segment 0: begins at entry, successors 1
; CHECK-NEXT:     A  read  read_only
; CHECK-NEXT:     B  read  read_only
; CHECK-NEXT:     tmp  write  write_only
; CHECK-NEXT:   segment 1: begins at barrier 1 (own_writes.cl:{{[0-9]+:[0-9]+}}), successors end
; CHECK-NEXT:     tmp  read  read_only
; CHECK-NEXT:     C  read  read_only
; CHECK-NEXT:     D  readwrite  read_write
; CHECK-NEXT: kernel 'bicg': barriers 1, schedule static
; CHECK-NEXT:   buffer A: arg 0, global, host_input yes, host_output no
; CHECK-NEXT:   buffer r: arg 1, global, host_input yes, host_output no
; CHECK-NEXT:   buffer s: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:   buffer p: arg 3, global, host_input yes, host_output no
; CHECK-NEXT:   buffer q: arg 4, global, host_input no, host_output yes
; CHECK-NEXT:   segment 0: begins at entry, successors 1
; CHECK-NEXT:     A  read  read_only
; CHECK-NEXT:     r  read  read_only
; CHECK-NEXT:     s  write  write_only
; CHECK-NEXT:   segment 1: begins at barrier 1 (own_writes.cl:{{[0-9]+:[0-9]+}}), successors end
; CHECK-NEXT:     A  read  read_only
; CHECK-NEXT:     p  read  read_only
; CHECK-NEXT:     q  write  write_only
; CHECK-NEXT: kernel 'covariance': barriers 2, schedule static
; CHECK-NEXT:   buffer data: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer mean: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:   buffer symmat: arg 2, global, host_input no, host_output yes
; CHECK-NEXT:   segment 0: begins at entry, successors 1
; CHECK-NEXT:     data  read  read_only
; CHECK-NEXT:     mean  write  write_only
; CHECK-NEXT:   segment 1: begins at barrier 1 (own_writes.cl:{{[0-9]+:[0-9]+}}), successors 2
; CHECK-NEXT:     data  readwrite  read_write
; CHECK-NEXT:     mean  read  read_only
; CHECK-NEXT:   segment 2: begins at barrier 2 (own_writes.cl:{{[0-9]+:[0-9]+}}), successors end
; CHECK-NEXT:     data  read  read_only
; CHECK-NEXT:     symmat  write  write_only
; CHECK-NEXT: kernel 'not_own': barriers 1, schedule static
; CHECK-NEXT:   buffer neighbor: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer cond: arg 1, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer wide: arg 2, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer fenced: arg 3, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer synced: arg 4, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer first: arg 5, global, host_input yes, host_output yes
; CHECK-NEXT:   buffer own: arg 6, global, host_input no, host_output yes
; CHECK-NEXT:   buffer sink: arg 7, global, host_input no, host_output yes
; CHECK-NEXT:   buffer count: arg 8, global, host_input yes, host_output yes
; CHECK-NEXT:   segment 0: begins at entry, successors 1
; CHECK-NEXT:     neighbor  readwrite  read_write
; CHECK-NEXT:     cond  readwrite  read_write
; CHECK-NEXT:     wide  readwrite  read_write
; CHECK-NEXT:     fenced  readwrite  read_write
; CHECK-NEXT:     synced  readwrite  read_write
; CHECK-NEXT:     first  readwrite  read_write
; CHECK-NEXT:     own  write  write_only
; CHECK-NEXT:     count  accumulate  read_write  atomic
; CHECK-NEXT:   segment 1: begins at barrier 1 (own_writes.cl:{{[0-9]+:[0-9]+}}), successors end
; CHECK-NEXT:     own  read  read_only
; CHECK-NEXT:     sink  write  write_only
; CHECK-NEXT: kernel 'rewrite': barriers 1, schedule static
; CHECK-NEXT:   buffer out: arg 0, global, host_input no, host_output yes
; CHECK-NEXT:   buffer rewrite.tile: global variable, workgroup, host_input no, host_output no
; CHECK-NEXT:   segment 0: begins at entry, successors 1
; CHECK-NEXT:     out  write  write_only
; CHECK-NEXT:   segment 1: begins at barrier 1 (own_writes.cl:{{[0-9]+:[0-9]+}}), successors end
; CHECK-NEXT:     out  accumulate  read_write

; IR-LABEL: define spir_kernel void @mm2.seg0(
; IR-SAME:    noundef align 4 %tmp,
; IR-LABEL: define spir_kernel void @bicg.seg0(
; IR-SAME:    noundef align 4 %s,
; IR-LABEL: define spir_kernel void @bicg.seg1(
; IR-SAME:    noundef align 4 %q,
