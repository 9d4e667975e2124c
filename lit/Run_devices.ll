; One grid over several devices (gridsplit run --devices N; docs/split.md,
; "Ranges of virtual workgroups"): each logical device, an in-order command
; queue of POCL's one device, runs its contiguous range of the virtual
; workgroups in every segment, after the launches on the other devices that
; it conflicts with by the roles. Inputs/devices.cl's kernels read across
; the whole grid what other workgroups wrote before a barrier and write what
; others read before it: every output against gs-reference (--check), or,
; for a struct passed by value, against a Python model (Inputs/devices.py).
; Realistic shapes: a helper not inlined (sweeps' around, the struct
; kernel's blend), -O0 and -O2 for every kernel with a barrier, odd sizes (77 elements in 96
; invocations), a struct argument, a counter in private memory across the
; barriers, atomics from every device, a dynamic schedule replayed, and
; more devices than workgroups (an empty range).
;
; The waits: without --distinct-buffers any two buffers may be one, so each
; segment waits for the other devices' segment before it; with it, apart's
; second phase (it writes b, which nothing before touched) waits for none,
; and its third (it reads a and b) for the other devices' second, whose
; queues ran the first before it.
; REQUIRES: llvm15
; RUN: rm -rf %t && mkdir -p %t
; RUN: %gridsplit run -O2 --check --verbose --distinct-buffers --devices 3 --physical-groups 2 --kernel apart --grid 96 --workgroup 16 --out %t/ap3 %S/Inputs/devices.cl a=zeros:308 b=zeros:308 c=zeros:308 n=77 2>&1 | FileCheck %s --check-prefix=APART3
; RUN: %gridsplit run -O0 --check --verbose --devices 2 --physical-groups 2 --kernel apart --grid 96 --workgroup 16 --out %t/ap2 %S/Inputs/devices.cl a=zeros:308 b=zeros:308 c=zeros:308 n=77 2>&1 | FileCheck %s --check-prefix=APART2
;
; The struct kernel, on 1, 2 and 4 devices (4 with 3 workgroups: an empty
; range), at -O0 and -O2:
; RUN: %python %S/Inputs/devices.py make %t
; RUN: %gridsplit run -O0 --devices 1 --virtual-workgroups --physical-groups 1 --grid 96 --workgroup 32 --out %t/s1 %S/Inputs/devices_struct.cl x=@%t/x.bin y=zeros:308 n=77 w=@%t/w.bin
; RUN: %python %S/Inputs/devices.py swap %t %t/s1 | FileCheck %s --check-prefix=SWAP
; RUN: %gridsplit run -O0 --devices 2 --physical-groups 1 --grid 96 --workgroup 32 --out %t/s2 %S/Inputs/devices_struct.cl x=@%t/x.bin y=zeros:308 n=77 w=@%t/w.bin
; RUN: %python %S/Inputs/devices.py swap %t %t/s2 | FileCheck %s --check-prefix=SWAP
; RUN: %gridsplit run -O2 --verbose --devices 4 --physical-groups 2 --grid 96 --workgroup 32 --out %t/s4 %S/Inputs/devices_struct.cl x=@%t/x.bin y=zeros:308 n=77 w=@%t/w.bin 2>&1 | FileCheck %s --check-prefix=EMPTY
; RUN: %python %S/Inputs/devices.py swap %t %t/s4 | FileCheck %s --check-prefix=SWAP
;
; A dynamic schedule: sweeps until a count the arguments give, a sum of
; each sweep from every device's atomics, a counter carried across the
; barriers; stepped (with every other segment launched after each launch,
; which must do nothing), and replayed from the inputs:
; RUN: %gridsplit run -O2 --check --replay --devices 2 --physical-groups 2 --kernel sweeps --grid 96 --workgroup 16 --out %t/w2 %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=9 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --check-guards --devices 3 --physical-groups 3 --kernel sweeps --grid 96 --workgroup 16 --out %t/w3 %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=77 count=10 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --replay --devices 5 --physical-groups 1 --kernel sweeps --grid 64 --workgroup 16 --out %t/w5 %S/Inputs/devices.cl a=@%t/a.bin b=zeros:308 sums=zeros:40 n=61 count=7 2>&1 | FileCheck %s
;
; bench/gpu's fill_sum (a data set as large as the devices hold: 64-bit
; indices over a 2-D grid, a neighbour another device may hold, a 64-bit sum
; in two 32-bit words): against gs-reference, and at 4500007 elements, whose
; sum passes 2^32, against its closed form:
; RUN: %gridsplit run -O2 --check --devices 3 --physical-groups 2 --kernel fill_sum --grid 512,3 --workgroup 256,1 --out %t/fs %S/../bench/gpu/workloads.cl x=zeros:6000 sum=zeros:8 n=1500 2>&1 | FileCheck %s
; RUN: %gridsplit run -O0 --check --devices 2 --physical-groups 1 --kernel fill_sum --grid 512,3 --workgroup 256,1 --out %t/f0 %S/../bench/gpu/workloads.cl x=zeros:6000 sum=zeros:8 n=1499 2>&1 | FileCheck %s
; RUN: %gridsplit run -O2 --devices 2 --physical-groups 4 --kernel fill_sum --grid 1048576,5 --workgroup 256,1 --out %t/fb %S/../bench/gpu/workloads.cl x=zeros:18000028 sum=zeros:8 n=4500007
; RUN: %python -c "import struct,sys; s = struct.unpack('<Q', open(sys.argv[1], 'rb').read())[0]; n = 4500007; print('sum', s, 2 * ((n // 1000) * 499500 + (n %% 1000) * (n %% 1000 - 1) // 2))" %t/fb/sum.bin | FileCheck %s --check-prefix=BIGSUM
;
; A kernel with no grid barrier is an ordinary one, launched whole on the
; first device:
; RUN: %gridsplit run -O0 --check --devices 2 --kernel plain --grid 96 --workgroup 16 --out %t/pk %S/Inputs/devices.cl a=zeros:308 n=77 2>&1 | FileCheck %s --check-prefix=NOBARRIER
;
; Bad requests, each an error naming what:
; RUN: not %gridsplit run --devices 0 --kernel apart --grid 96 --workgroup 16 --out %t/e %S/Inputs/devices.cl 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: not %gridsplit run --devices 65 --kernel apart --grid 96 --workgroup 16 --out %t/e %S/Inputs/devices.cl a=zeros:308 b=zeros:308 c=zeros:308 n=77 2>&1 | FileCheck %s --check-prefix=MANY
; RUN: not %gridsplit run --devices 2 --runtime vulkan --kernel apart --grid 96 --workgroup 16 --out %t/e %S/Inputs/devices.cl a=zeros:308 b=zeros:308 c=zeros:308 n=77 2>&1 | FileCheck %s --check-prefix=VULKAN
; RUN: %gridsplit -O2 --kernel apart -o %t/plain %S/Inputs/devices.cl
; RUN: not %gridsplit run --devices 2 --plan %t/plain/devices.plan.json --kernel apart --grid 96 --workgroup 16 --out %t/e %t/plain/devices.ll a=zeros:308 b=zeros:308 c=zeros:308 n=77 2>&1 | FileCheck %s --check-prefix=PLAIN

; CHECK: every host-output buffer matches the reference

; APART3:      6 virtual workgroups on 2 physical a device
; APART3-NEXT: device 0 runs virtual workgroups 0 to 2
; APART3-NEXT: device 1 runs virtual workgroups 2 to 4
; APART3-NEXT: device 2 runs virtual workgroups 4 to 6
; APART3-NOT:  waits
; APART3:      apart segment 2
; APART3:      device 0's segment 2 waits for device 1's segment 1
; APART3-NEXT: device 0's segment 2 waits for device 2's segment 1
; APART3-NEXT: device 1's segment 2 waits for device 0's segment 1
; APART3-NEXT: device 1's segment 2 waits for device 2's segment 1
; APART3-NEXT: device 2's segment 2 waits for device 0's segment 1
; APART3-NEXT: device 2's segment 2 waits for device 1's segment 1
; APART3-NOT:  waits
; APART3:      every host-output buffer matches the reference

; APART2:      device 0 runs virtual workgroups 0 to 3
; APART2-NEXT: device 1 runs virtual workgroups 3 to 6
; APART2-NOT:  waits
; APART2:      apart segment 1
; APART2:      device 0's segment 1 waits for device 1's segment 0
; APART2-NEXT: device 1's segment 1 waits for device 0's segment 0
; APART2:      apart segment 2
; APART2:      device 0's segment 2 waits for device 1's segment 1
; APART2-NEXT: device 1's segment 2 waits for device 0's segment 1
; APART2:      every host-output buffer matches the reference

; SWAP: swap_phases: x and y are the model's

; EMPTY:      3 virtual workgroups on 2 physical a device
; EMPTY-NEXT: device 0 runs virtual workgroups 0 to 0
; EMPTY-NEXT: device 1 runs virtual workgroups 0 to 1
; EMPTY-NEXT: device 2 runs virtual workgroups 1 to 2
; EMPTY-NEXT: device 3 runs virtual workgroups 2 to 3

; NOBARRIER-DAG: kernel 'plain' has no grid barrier to split at; it runs on device 0 alone
; NOBARRIER-DAG: every host-output buffer matches the reference

; BIGSUM: sum [[S:[0-9]+]] [[S]]{{$}}

; ZERO:   --devices '0': expected a positive count
; MANY:   --devices 65: at most 64 devices
; VULKAN: --devices 2: the Vulkan runner runs a grid on one device
; PLAIN:  --devices 2: kernel 'apart' was split without virtual workgroups, which a grid spread over devices needs
