; REQUIRES: llvm22
; gridsplit run --runtime vulkan (issue 13): a kernel split, emitted as
; Vulkan compute shaders and run by the plan-driven Vulkan host on the first
; Vulkan device (lavapipe in CI), at -O0 and -O2; the bytes are compared with
; an independent model (Inputs/vk_runtime.py). The kernel (Inputs/
; vk_runtime.cl) has a helper that is not inlined with a switch in it: before
; LLVM's structurizer ran without lowering switches first, -O0 gave wrong
; bytes here with exit status 0. The module and plan written by
; `gridsplit --target vulkan` run again through `gridsplit run --plan` and
; through gs-vk-run, which needs no LLVM.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python %S/Inputs/vk_runtime.py make %t 1000 1056
; RUN: %gridsplit run --runtime vulkan -O0 --grid 1056 --workgroup 32 --out %t/o0 %S/Inputs/vk_runtime.cl in=@%t/in tmp=zeros:4224 out=zeros:4224 k=-3 bias=-5000000000 n=1000
; RUN: cp %t/o0/out.bin %t/out.bin && %python %S/Inputs/vk_runtime.py check %t 1000 1056 -3 -5000000000 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --grid 1056 --workgroup 32 --out %t/o2 %S/Inputs/vk_runtime.cl in=@%t/in tmp=zeros:4224 out=zeros:4224 k=-3 bias=-5000000000 n=1000
; RUN: cp %t/o2/out.bin %t/out.bin && %python %S/Inputs/vk_runtime.py check %t 1000 1056 -3 -5000000000 | FileCheck %s
; Virtual workgroups: 5 physical workgroups loop over the grid's 33
; RUN: %gridsplit run --runtime vulkan --virtual-workgroups --physical-groups 5 --grid 1056 --workgroup 32 --out %t/v %S/Inputs/vk_runtime.cl in=@%t/in tmp=zeros:4224 out=zeros:4224 k=-3 bias=-5000000000 n=1000
; RUN: cp %t/v/out.bin %t/out.bin && %python %S/Inputs/vk_runtime.py check %t 1000 1056 -3 -5000000000 | FileCheck %s
; --check: the original kernel on the threaded reference (gs-reference),
; every host output compared with the Vulkan run's
; RUN: %gridsplit run --runtime vulkan --check --grid 1056 --workgroup 32 --out %t/c %S/Inputs/vk_runtime.cl in=@%t/in tmp=zeros:4224 out=zeros:4224 k=-3 bias=-5000000000 n=1000 2>&1 | FileCheck %s --check-prefix=SELF
; A grid that is a multiple of the workgroup but not of 64, another n
; RUN: %python %S/Inputs/vk_runtime.py make %t 7 96
; RUN: %gridsplit run --runtime vulkan --grid 96 --workgroup 32 --out %t/small %S/Inputs/vk_runtime.cl in=@%t/in tmp=zeros:384 out=zeros:384 k=100 bias=3 n=7
; RUN: cp %t/small/out.bin %t/out.bin && %python %S/Inputs/vk_runtime.py check %t 7 96 100 3 | FileCheck %s --check-prefix=SMALL
;
; The module and its plan, then run as they are
; RUN: %gridsplit --target vulkan --workgroup 32 -o %t/split %S/Inputs/vk_runtime.cl
; RUN: FileCheck %s --check-prefix=PLAN < %t/split/vk_runtime.plan.json
; RUN: %python %S/Inputs/vk_runtime.py make %t 1000 1056
; RUN: %gridsplit run --runtime vulkan --plan %t/split/vk_runtime.plan.json --grid 1056 --out %t/p %t/split/vk_runtime.spv in=@%t/in tmp=zeros:4224 out=zeros:4224 k=-3 bias=-5000000000 n=1000
; RUN: cp %t/p/out.bin %t/out.bin && %python %S/Inputs/vk_runtime.py check %t 1000 1056 -3 -5000000000 | FileCheck %s
; RUN: %gs_vk_run %t/split/vk_runtime.spv %t/split/vk_runtime.plan.json --grid 1056 --workgroup 32 --out %t/r in=@%t/in tmp=zeros:4224 out=zeros:4224 k=-3 bias=-5000000000 n=1000
; RUN: cp %t/r/out.bin %t/out.bin && %python %S/Inputs/vk_runtime.py check %t 1000 1056 -3 -5000000000 | FileCheck %s
; The shaders declare what the plan says: segment 1 reads tmp only (its
; block NonWritable, as in's in segment 0) and binds neither in nor out
; RUN: spirv-dis %t/split/vk_runtime.spv | FileCheck %s --check-prefix=SPV
; RUN: spirv-dis %t/split/vk_runtime.spv | FileCheck %s --check-prefix=SPVE
; RUN: spirv-dis %t/split/vk_runtime.spv | not grep -E "stages_seg1_(in|out)"

; CHECK: out: 1056 ints, as expected
; SELF: gridsplit run: --check: every host-output buffer matches the reference
; SMALL: out: 96 ints, as expected

; PLAN: "target": "spirv1.6-unknown-vulkan1.3-compute"
; PLAN: "workgroup_size": [32, 1, 1], "push_constant_bytes": 20, "push_constants": [{"name": "k", "arg": 3, "offset": 0, "bytes": 1}, {"name": "bias", "arg": 4, "offset": 8, "bytes": 8}, {"name": "n", "arg": 5, "offset": 16, "bytes": 4}]
; PLAN: "function": "stages.seg0"
; PLAN: "bindings": [{"binding": 0, "buffer": "in", "arg": 0, "access": "read-only"}, {"binding": 1, "buffer": "tmp", "arg": 1, "access": "read-write"}, {"binding": 3, "buffer": "gs_live_state", "arg": 6, "access": "read-write"}]
; PLAN: "function": "stages.seg1"
; PLAN: "bindings": [{"binding": 1, "buffer": "tmp", "arg": 1, "access": "read-only"}, {"binding": 3, "buffer": "gs_live_state", "arg": 6, "access": "read-write"}]
; PLAN: "function": "stages.seg2"
; PLAN: "bindings": [{"binding": 2, "buffer": "out", "arg": 2, "access": "read-write"}, {"binding": 3, "buffer": "gs_live_state", "arg": 6, "access": "read-write"}]

; SPVE-DAG: OpEntryPoint GLCompute %stages_seg0 "stages.seg0"
; SPVE-DAG: OpExecutionMode %stages_seg0 LocalSize 32 1 1
; SPVE-DAG: OpDecorate %stages_seg1_tmp Binding 1
; SPVE-DAG: OpDecorate %stages_seg0_tmp Binding 1
; SPV: OpMemberDecorate %[[RO:_struct_[0-9]+]] 0 NonWritable
; SPV: %[[ROP:[_a-zA-Z0-9]+]] = OpTypePointer StorageBuffer %[[RO]]
; SPV-DAG: %stages_seg1_tmp = OpVariable %[[ROP]] StorageBuffer
; SPV-DAG: %stages_seg0_in = OpVariable %[[ROP]] StorageBuffer
