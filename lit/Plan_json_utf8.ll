; The plan is JSON, which is UTF-8 text. A target triple holding a byte no
; triple has (here 0xF7, as in a corrupted file) was copied raw into the plan;
; it is an input error now. A kernel or buffer name that is not UTF-8 is
; refused too (hosts look them up in the plan). Other names, such as those of
; the carried values, reach the plan with U+FFFD for each stray byte, so
; the plan always decodes as UTF-8 JSON; the module keeps the names and
; parses.
;
; RUN: rm -rf %t.out && mkdir -p %t.out
; RUN: %gridsplit -o %t.out --plan %t.out/plan.json %s
; RUN: %python -c "import json, sys; p = json.loads(open(sys.argv[1], 'rb').read().decode('utf-8')); print(ascii(p['kernels'][0]['segments'][0]['live_out'][0]['name']))" %t.out/plan.json | FileCheck %s --check-prefix=SLOT
; RUN: %opt -passes=verify -disable-output %t.out/Plan_json_utf8.ll
; RUN: sed 's/^target triple = "spir64-unknown-unknown"/target triple = "spir64-unknown-unknow\\F7"/' %s > %t.triple.ll
; RUN: not %gridsplit -o %t.out --plan %t.out/triple.json %t.triple.ll 2>&1 | FileCheck %s --check-prefix=TRIPLE
; RUN: sed 's/@k(/@"k\\F7"(/' %s > %t.kernel.ll
; RUN: not %gridsplit -o %t.out --plan %t.out/kernel.json %t.kernel.ll 2>&1 | FileCheck %s --check-prefix=KERNEL
; RUN: sed 's/%%p)/%%"p\\C3")/; s/addrspace(1) %%p,/addrspace(1) %%"p\\C3",/' %s > %t.arg.ll
; RUN: not %gridsplit -o %t.out --plan %t.out/arg.json %t.arg.ll 2>&1 | FileCheck %s --check-prefix=ARG
; RUN: ls %t.out | FileCheck %s --check-prefix=FILES

; SLOT: 'v\ufffdw'
; TRIPLE: triple.ll: error: the target triple 'spir64-unknown-unknow\F7' holds the byte 0xf7, which no target triple has
; KERNEL: kernel.ll: error: kernel 'k\F7' has a name that is not UTF-8, which the plan (JSON) cannot hold
; ARG: arg.ll: error: function 'k': argument 'p\C3' has a name that is not UTF-8
; FILES-NOT: triple.json
; FILES-NOT: kernel.json
; FILES-NOT: arg.json

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p, i32 %n) {
entry:
  %v = load volatile i32, ptr addrspace(1) %p, align 4
  %"v\F7w" = mul i32 %v, %n
  call void @gridsplit_grid_sync()
  store i32 %"v\F7w", ptr addrspace(1) %p, align 4
  ret void
}

declare void @gridsplit_grid_sync()
