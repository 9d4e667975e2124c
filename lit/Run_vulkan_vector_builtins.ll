; REQUIRES: llvm22
; OpenCL C's dot, vload2/vload4/vstore4 and copysign through Vulkan (issue
; 13): dot as the references compute it (the products summed from the first
; lane, each rounded), the vector loads and stores as their elements (each
; aligned as an element: vload2 at tmp + 1 is not 8-byte aligned), copysign
; in bits (the signs include -0.0 and a NaN's). --check compares every
; output with the threaded reference's bit for bit; 77 elements on 3
; workgroups of 32.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %python -c "import struct,sys; n=77; sys.stdout.buffer.write(struct.pack('<%%df' %% (4*n+8), *[((i*37)%%101-50)/8.0 for i in range(4*n+8)]))" > %t/in.bin
; RUN: %python -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<77I', *[[0x00000000,0x80000000,0x7fc00000,0xffc00000,0x3f800000,0xbf800000][i%%6] for i in range(77)]))" > %t/signs.bin
; RUN: %gridsplit run --runtime vulkan --check --grid 96 --workgroup 32 --out %t/o %S/Inputs/vk_vector.cl in=@%t/in.bin tmp=zeros:1264 out=zeros:308 signs=@%t/signs.bin n=77 2>&1 | FileCheck %s
; RUN: %gridsplit run --runtime vulkan --check -O0 --grid 96 --workgroup 32 --out %t/o0 %S/Inputs/vk_vector.cl in=@%t/in.bin tmp=zeros:1264 out=zeros:308 signs=@%t/signs.bin n=77 2>&1 | FileCheck %s

; RUN: %gridsplit run --runtime vulkan --check -O0 --virtual-workgroups --physical-groups 2 --grid 96 --workgroup 32 --out %t/v %S/Inputs/vk_vector.cl in=@%t/in.bin tmp=zeros:1264 out=zeros:308 signs=@%t/signs.bin n=77 2>&1 | FileCheck %s

; CHECK: gridsplit run: --check: every host-output buffer matches the reference
