; REQUIRES: llvm22
; The loop over virtual workgroups versioned on a ping-pong condition
; (issue 13; lib/target_vulkan.c, unswitch_loops). A pointer that chooses
; between two buffers makes each access through it branch on which one
; (lib/vulkan_access.c, dispatch); where the choice is a select of the
; buffers by one condition, every access branches on that condition, and
; the loop, where the condition does not change, is unswitched on it:
; each copy reads one buffer and writes the other, with no branch between
; buffers. (On NVIDIA's driver the branches had each load issue alone:
; bench/gpu's jacobi_loop through Vulkan took 1.47x the static jacobi's
; time for the same sweeps at 2^27.) Inputs/vk_relax.cl: an int stencil
; through a helper, a byte mark per element, odd sizes; its bytes against
; Inputs/vk_pingpong.py's Python sweeps on lavapipe, with virtual
; workgroups over 2 physical ones (both parities: 5 and 4 sweeps) and
; without. At -O0 the helper takes the chosen pointer through private
; memory: refused, naming the load; Inputs/vk_pingpong.cl, whose choices
; are in the kernel itself, runs at -O0 with virtual workgroups instead
; (its branches on the parity, not unswitched: its atomic's call puts a
; workgroup barrier in the loop), against the same Python.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: env GS_VULKAN_DUMP_IR=%t/v.ll %gridsplit --target vulkan --virtual-workgroups -o %t/emit %S/Inputs/vk_relax.cl
; RUN: FileCheck %s --check-prefix=IR < %t/v.ll
; RUN: spirv-dis %t/emit/vk_relax.spv | FileCheck %s --check-prefix=SPV
; RUN: %python %S/Inputs/vk_pingpong.py make %t 77
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 %S/Inputs/vk_relax.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=5 --out %t/five
; RUN: %python %S/Inputs/vk_pingpong.py check %t/five 77 5 nosum | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 %S/Inputs/vk_relax.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=4 --out %t/four
; RUN: %python %S/Inputs/vk_pingpong.py check %t/four 77 4 nosum | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 %S/Inputs/vk_relax.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=5 --out %t/flat
; RUN: %python %S/Inputs/vk_pingpong.py check %t/flat 77 5 nosum | FileCheck %s
; RUN: %gridsplit run --runtime vulkan -O0 --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 %S/Inputs/vk_pingpong.cl \
; RUN:   a=@%t/a.in b=@%t/b.in ma=@%t/ma.in mb=@%t/mb.in n=77 sweeps=5 --out %t/ping0
; RUN: %python %S/Inputs/vk_pingpong.py check %t/ping0 77 5 | FileCheck %s --check-prefix=PING
; RUN: not %gridsplit -O0 --target vulkan --virtual-workgroups -o %t/o0 %S/Inputs/vk_relax.cl 2>&1 | FileCheck %s --check-prefix=O0
; RUN: not ls %t/o0/vk_relax.spv

; CHECK: a: 312 bytes as expected
; CHECK-NEXT: b: 312 bytes as expected
; CHECK-NEXT: ma: 77 bytes as expected
; CHECK-NEXT: mb: 77 bytes as expected
; PING: a: 312 bytes as expected
; PING-NEXT: b: 312 bytes as expected
; PING-NEXT: ma: 77 bytes as expected
; PING-NEXT: mb: 77 bytes as expected

; The first sweep's segment chooses no buffer (the sweep is 0): its loops
; are left as they are. The sweep segment (whose sweep number the launch's
; number gives, lib/once_launch.c, so that the loop is versioned on the
; sweep count's test too): one copy of the loop reads a and writes b and
; mb, the other reads b and writes a and ma, neither branching between
; buffers.
; IR-LABEL: define void @relax.seg0()
; IR-NOT: .us:
; IR-LABEL: define void @relax.seg1()
; IR: gs.vgroup.us.us:
; IR-NOT: gs.other
; IR: getpointer{{.*}} %a, i32
; IR-NOT: gs.other
; IR: getpointer{{.*}} %b, i32
; IR-NOT: gs.other
; IR: getpointer{{.*}} %mb, i32
; IR: gs.vgroup.us:
; IR-NOT: gs.buffer
; IR: getpointer{{.*}} %b, i32
; IR-NOT: gs.buffer
; IR: getpointer{{.*}} %a, i32
; IR-NOT: gs.buffer
; IR: getpointer{{.*}} %ma, i32
; IR: {{^}}}

; SPV-NOT: VariablePointers
; SPV: OpEntryPoint GLCompute

; O0: vk_relax.cl:{{[0-9]+}}:{{[0-9]+}}{{.*}}reaches memory through a pointer that resolves to no one buffer or workgroup variable
