; The plan (SPEC section 4, version 1) for a static two-segment kernel:
; top-level keys, buffers, segments with their functions, successors (-1 is
; the end), per-segment buffer facts, and no live state (the only value
; crossing the barrier is the global id, which is recomputed).
; plan2lines prints one `path = value` line per leaf, keys sorted; keys
; may be added in later versions, so the checks allow lines in between.
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: %gridsplit --target ir -o %t.out --plan - %s > %t.json
; RUN: %plan2lines %t.json | FileCheck %s
; RUN: FileCheck %s --check-prefix=RAW < %t.json

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; RAW: "format": {{ *}}"gridsplit-plan"
; RAW: "version": {{ *}}1

; CHECK:      format = "gridsplit-plan"
; CHECK:      kernels[0].barriers = 1
; CHECK:      kernels[0].buffers[0].arg = 0
; CHECK:      kernels[0].buffers[0].host_input = true
; CHECK:      kernels[0].buffers[0].host_output = true
; CHECK:      kernels[0].buffers[0].name = "data"
; CHECK:      kernels[0].buffers[0].space = "global"
; CHECK:      kernels[0].buffers[1].arg = 1
; CHECK:      kernels[0].buffers[1].host_input = true
; CHECK:      kernels[0].buffers[1].host_output = true
; CHECK:      kernels[0].buffers[1].name = "bins"
; CHECK:      kernels[0].buffers[1].space = "global"
; CHECK-NOT:  kernels[0].buffers[2]
; CHECK:      kernels[0].live_state = null
; CHECK:      kernels[0].name = "histogram"
; CHECK:      kernels[0].schedule = "static"
; CHECK:      kernels[0].segments[0].begins_at = "entry"
; CHECK:      kernels[0].segments[0].buffers[0].access = "read_only"
; CHECK:      kernels[0].segments[0].buffers[0].atomic = false
; CHECK:      kernels[0].segments[0].buffers[0].consumes_input = true
; CHECK:      kernels[0].segments[0].buffers[0].name = "data"
; CHECK:      kernels[0].segments[0].buffers[0].produces_output = false
; CHECK:      kernels[0].segments[0].buffers[0].role = "read"
; CHECK:      kernels[0].segments[0].buffers[1].access = "read_write"
; CHECK:      kernels[0].segments[0].buffers[1].atomic = true
; CHECK:      kernels[0].segments[0].buffers[1].consumes_input = true
; CHECK:      kernels[0].segments[0].buffers[1].name = "bins"
; CHECK:      kernels[0].segments[0].buffers[1].produces_output = true
; CHECK:      kernels[0].segments[0].buffers[1].role = "accumulate"
; CHECK:      kernels[0].segments[0].function = "histogram.seg0"
; CHECK:      kernels[0].segments[0].index = 0
; CHECK:      kernels[0].segments[0].live_in = []
; CHECK:      kernels[0].segments[0].live_out = []
; CHECK:      kernels[0].segments[0].location = null
; CHECK:      kernels[0].segments[0].successors = [1]
; CHECK:      kernels[0].segments[1].begins_at = "barrier 1"
; CHECK:      kernels[0].segments[1].buffers[0].access = "write_only"
; CHECK:      kernels[0].segments[1].buffers[0].atomic = false
; CHECK:      kernels[0].segments[1].buffers[0].consumes_input = false
; CHECK:      kernels[0].segments[1].buffers[0].name = "data"
; CHECK:      kernels[0].segments[1].buffers[0].produces_output = true
; CHECK:      kernels[0].segments[1].buffers[0].role = "write"
; CHECK:      kernels[0].segments[1].buffers[1].access = "read_only"
; CHECK:      kernels[0].segments[1].buffers[1].atomic = false
; CHECK:      kernels[0].segments[1].buffers[1].consumes_input = true
; CHECK:      kernels[0].segments[1].buffers[1].name = "bins"
; CHECK:      kernels[0].segments[1].buffers[1].produces_output = false
; CHECK:      kernels[0].segments[1].buffers[1].role = "read"
; CHECK:      kernels[0].segments[1].function = "histogram.seg1"
; CHECK:      kernels[0].segments[1].index = 1
; CHECK:      kernels[0].segments[1].live_in = []
; CHECK:      kernels[0].segments[1].live_out = []
; CHECK:      kernels[0].segments[1].location = null
; CHECK:      kernels[0].segments[1].successors = [-1]
; CHECK-NOT:  kernels[0].segments[2]
; CHECK-NOT:  kernels[1]
; CHECK:      module = "{{.*}}Plan_json_static.ll"
; CHECK:      target = "spir64-unknown-unknown"
; CHECK:      version = 1

define spir_kernel void @histogram(ptr addrspace(1) %data, ptr addrspace(1) %bins) {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)
  %dp = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %v = load i32, ptr addrspace(1) %dp, align 4
  %b = and i32 %v, 15
  %b64 = zext i32 %b to i64
  %bp = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %b64
  %old = atomicrmw add ptr addrspace(1) %bp, i32 1 seq_cst, align 4
  call spir_func void @gridsplit_grid_sync()
  %slot = and i64 %gid, 15
  %sp = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %slot
  %count = load i32, ptr addrspace(1) %sp, align 4
  store i32 %count, ptr addrspace(1) %dp, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func void @gridsplit_grid_sync() #0

attributes #0 = { convergent nounwind }
