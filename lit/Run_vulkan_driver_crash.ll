; REQUIRES: llvm22
; gridsplit run runs the Vulkan device's part in a child process (runtime/
; child.c, as it runs POCL's), so that a driver that crashes on a shader
; ends the run with an error naming the signal and the kernel, exit 1, no
; outputs, and gridsplit itself does not crash. Inputs/vk_driver_crash.spvasm
; is a module that spirv-val passes and lavapipe crashes on while building a
; pipeline (gs-vk-run, which runs in one process, dies of it). Were lavapipe
; ever to build it, the run would end in an error about the bytes or pass,
; and this test must be given another such module.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: spirv-as --target-env vulkan1.3 %S/Inputs/vk_driver_crash.spvasm -o %t/m.spv
; RUN: %python -c "import struct; open('%t/k', 'wb').write(struct.pack('<64I', *[(k * 2654435761) %% 4294967296 for k in range(64)]))"
; RUN: not %gridsplit run --runtime vulkan --plan %S/Inputs/vk_driver_crash.plan.json --kernel bitonic_argsort --grid 64 --out %t/o %t/m.spv keys_in=@%t/k keys=zeros:256 perm=zeros:256 n=64 log2n=6 2>&1 | FileCheck %s
; RUN: not ls %t/o

; CHECK: m.spv: error: the Vulkan run (device 0) stopped on signal 11 (Segmentation fault): the driver or the runner crashed while building or running kernel 'bitonic_argsort'
