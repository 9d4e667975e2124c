; Target_nvptx_system_atomics.ll: an atomic nand, which PTX has no atom for
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @nand(ptr addrspace(1) %p, i32 %v) {
  %a = atomicrmw nand ptr addrspace(1) %p, i32 %v monotonic
  store i32 %a, ptr addrspace(1) %p
  ret void
}
