; The tool writes its outputs through a temporary file renamed into place, so
; that an error leaves no partial file; but a plan or module given as a device
; or a pipe (--plan /dev/null) is written into, not renamed over: run as root,
; `--plan /dev/null` replaced /dev/null itself with a regular file. Found while
; running grid_campaign.py beside the other tests.
;
; RUN: rm -rf %t && %python %S/utils/plan_to_fifo.py %gridsplit -o %t %s | FileCheck %s
; CHECK: exit 0
; CHECK-NEXT: through the pipe: "format": "gridsplit-plan", "version": 1,
; CHECK-NEXT: still a pipe

define spir_kernel void @k(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o
  call void @gridsplit_grid_sync()
  ret void
}
declare void @gridsplit_grid_sync()
