; REQUIRES: llvm22
; The float controls the Vulkan runner adds to the module it hands the
; driver, for a module of four shaders (three grid barriers) computing in
; float and double: SignedZeroInfNanPreserve and RoundingModeRTE for 32 and
; 64 bits in every entry point (lavapipe has both, and no DenormPreserve);
; the patched module had room for two modes per entry and width before
; (valgrind: a write past its end) and must pass spirv-val. The bytes are
; Python's (floats through ctypes, doubles as they are).
;
; RUN: rm -rf %t && mkdir -p %t/dump
; RUN: %python -c "import struct; open('%t/a', 'wb').write(struct.pack('<8f', *[0.25 * k - 1 for k in range(8)])); open('%t/b', 'wb').write(struct.pack('<8d', *[1.0 / (k + 3) for k in range(8)]))"
; RUN: env GS_VK_DUMP_DIR=%t/dump %gridsplit run --runtime vulkan --verbose --grid 8 --workgroup 8 --out %t/o %S/Inputs/vk_float_double.cl a=@%t/a b=@%t/b n=8 2> %t/log
; RUN: spirv-val --target-env vulkan1.3 %t/dump/module.spv
; RUN: spirv-dis %t/dump/module.spv | FileCheck %s --check-prefix=MODES
; RUN: %python -c "import ctypes, struct; f = lambda v: ctypes.c_float(v).value; a = [f(0.25 * k - 1) for k in range(8)]; b = [1.0 / (k + 3) for k in range(8)]; a = [f(x * 1.5) for x in a]; b = [b[i] + a[(i + 1) %% 8] for i in range(8)]; a = [f(x + 1.0) for x in a]; b = [x * 2.0 for x in b]; r = lambda n: open('%t/o/' + n, 'rb').read(); print('a', r('a.bin') == struct.pack('<8f', *a), 'b', r('b.bin') == struct.pack('<8d', *b))" | FileCheck %s

; MODES: OpExecutionMode %fd_seg0 RoundingModeRTE 32
; MODES-NEXT: OpExecutionMode %fd_seg0 SignedZeroInfNanPreserve 32
; MODES-NEXT: OpExecutionMode %fd_seg0 RoundingModeRTE 64
; MODES-NEXT: OpExecutionMode %fd_seg0 SignedZeroInfNanPreserve 64
; MODES-NEXT: OpExecutionMode %fd_seg1 RoundingModeRTE 32
; MODES-NEXT: OpExecutionMode %fd_seg1 SignedZeroInfNanPreserve 32
; MODES-NEXT: OpExecutionMode %fd_seg1 RoundingModeRTE 64
; MODES-NEXT: OpExecutionMode %fd_seg1 SignedZeroInfNanPreserve 64
; MODES-NEXT: OpExecutionMode %fd_seg2 RoundingModeRTE 32
; MODES-NEXT: OpExecutionMode %fd_seg2 SignedZeroInfNanPreserve 32
; MODES-NEXT: OpExecutionMode %fd_seg2 RoundingModeRTE 64
; MODES-NEXT: OpExecutionMode %fd_seg2 SignedZeroInfNanPreserve 64
; MODES-NEXT: OpExecutionMode %fd_seg3 RoundingModeRTE 32
; MODES-NEXT: OpExecutionMode %fd_seg3 SignedZeroInfNanPreserve 32
; MODES-NEXT: OpExecutionMode %fd_seg3 RoundingModeRTE 64
; MODES-NEXT: OpExecutionMode %fd_seg3 SignedZeroInfNanPreserve 64

; CHECK: a True b True
