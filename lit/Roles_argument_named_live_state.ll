; A kernel argument that happens to be called gs_live_state (the name the
; split gives a segment's live state) is an ordinary buffer: storing a
; pointer to another buffer there is an escape, counted as read and write,
; in the analysis and in the emitted segments alike. The split used to
; recognise its own live state by that name, and took this store for one
; of its own: `data` lost its read in segment 0 and its host input.
; The same with the store in a helper that is not inlined, and with
; virtual workgroups.
;
; RUN: %gridsplit --print-roles -o %t %s 2> %t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %gridsplit --print-roles --virtual-workgroups -o %t.v %s 2> /dev/null | FileCheck %s

; CHECK-LABEL: kernel 'publish': barriers 1, schedule static
; CHECK-NEXT:    buffer data: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer gs_live_state: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1
; CHECK-NEXT:      data  readwrite  read_write
; CHECK-NEXT:      gs_live_state  write  write_only
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end
; CHECK-NEXT:      data  accumulate  read_write
; CHECK-LABEL: kernel 'publish_via_helper': barriers 1, schedule static
; CHECK-NEXT:    buffer data: arg 0, global, host_input yes, host_output yes
; CHECK-NEXT:    buffer gs_live_state: arg 1, global, host_input no, host_output yes
; CHECK-NEXT:    segment 0: begins at entry, successors 1
; CHECK-NEXT:      data  readwrite  read_write
; CHECK-NEXT:      gs_live_state  write  write_only
; CHECK-NEXT:    segment 1: begins at barrier 1, successors end
; CHECK-NEXT:      data  accumulate  read_write
; WARN: warning: kernel 'publish': buffer 'data' is stored to memory at 'store ptr addrspace(1) %data, ptr addrspace(1) %gs_live_state, align 8'; counted as read and write
; WARN: warning: function 'store_ptr': parameter 'p' is stored to memory at 'store ptr addrspace(1) %p, ptr addrspace(1) %slot, align 8'; counted as read and write
; WARN: warning: kernel 'publish.seg0': buffer 'data' is stored to memory at

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @publish(ptr addrspace(1) %data, ptr addrspace(1) %gs_live_state) {
entry:
  store ptr addrspace(1) %data, ptr addrspace(1) %gs_live_state, align 8
  call spir_func void @gridsplit_grid_sync()
  store i32 1, ptr addrspace(1) %data, align 4
  ret void
}

define spir_func void @store_ptr(ptr addrspace(1) %slot, ptr addrspace(1) %p) #1 {
entry:
  store ptr addrspace(1) %p, ptr addrspace(1) %slot, align 8
  ret void
}

define spir_kernel void @publish_via_helper(ptr addrspace(1) %data, ptr addrspace(1) %gs_live_state) {
entry:
  call spir_func void @store_ptr(ptr addrspace(1) %gs_live_state, ptr addrspace(1) %data)
  call spir_func void @gridsplit_grid_sync()
  store i32 1, ptr addrspace(1) %data, align 4
  ret void
}

declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
attributes #1 = { noinline nounwind }
