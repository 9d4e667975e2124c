; REQUIRES: llvm22
; OpenCL C contracts a * b + c by default (llvm.fmuladd). The Vulkan runner
; computes it as a product and a sum, each rounded (a shader cannot promise
; one rounding: docs/targets.md, "Vulkan"), where POCL on a CPU with FMA
; fuses it. So --check compiles the reference without contraction for
; --runtime vulkan (it reported 14 of 64 elements 1 ULP off before), and the
; bytes are those of Python's float arithmetic, two roundings and
; divisions to the nearest, computed here without gridsplit.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct; open('%t/x.bin', 'wb').write(struct.pack('<64f', *[i * 0.5 + 1 for i in range(64)]))"
; RUN: %gridsplit run --runtime vulkan --check --grid 64 --workgroup 16 --out %t/o %S/Inputs/vk_contract.cl x=@%t/x.bin y=zeros:256 2>&1 | FileCheck %s --check-prefix=CHECKED
; RUN: %python -c "import ctypes, struct; f = lambda v: ctypes.c_float(v).value; c = f(0.1); y = [f(f(i * c) + f(f(i * 0.5 + 1) / 3.0)) for i in range(64)]; x = [f(y[(i + 1) %% 64] / y[i]) for i in range(64)]; r = lambda n: open('%t/o/' + n, 'rb').read(); print('x', r('x.bin') == struct.pack('<64f', *x), 'y', r('y.bin') == struct.pack('<64f', *y))" | FileCheck %s

; The same at -O0, with virtual workgroups on 3 physical ones:
; RUN: %gridsplit run --runtime vulkan -O0 --virtual-workgroups --physical-groups 3 --check --grid 64 --workgroup 16 --out %t/o0 %S/Inputs/vk_contract.cl x=@%t/x.bin y=zeros:256 2>&1 | FileCheck %s --check-prefix=CHECKED
; RUN: cmp %t/o0/x.bin %t/o/x.bin
; RUN: cmp %t/o0/y.bin %t/o/y.bin

; The module as the driver got it (--verbose with GS_VK_DUMP_DIR): the host
; asked for floats kept (SignedZeroInfNanPreserve) and rounded to the
; nearest (RoundingModeRTE, which lavapipe has) in every shader, and it is
; valid for Vulkan 1.3.
; RUN: mkdir -p %t/dump
; RUN: env GS_VK_DUMP_DIR=%t/dump %gridsplit run --runtime vulkan --verbose --grid 64 --workgroup 16 --out %t/o2 %S/Inputs/vk_contract.cl x=@%t/x.bin y=zeros:256 2> %t/log
; RUN: spirv-val --target-env vulkan1.3 %t/dump/module.spv
; RUN: spirv-dis %t/dump/module.spv | FileCheck %s --check-prefix=MODES

; MODES-DAG: OpCapability SignedZeroInfNanPreserve
; MODES-DAG: OpCapability RoundingModeRTE
; MODES-DAG: OpExecutionMode %contract_seg0 RoundingModeRTE 32
; MODES-DAG: OpExecutionMode %contract_seg0 SignedZeroInfNanPreserve 32
; MODES-DAG: OpExecutionMode %contract_seg1 RoundingModeRTE 32
; MODES-DAG: OpExecutionMode %contract_seg1 SignedZeroInfNanPreserve 32

; CHECKED: gridsplit run: --check: every host-output buffer matches the reference
; CHECK: x True y True
