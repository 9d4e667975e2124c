; Target_nvptx_system_atomics.ll: a 16-bit atomic add, which PTX has no atom for
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @narrow(ptr addrspace(1) %p) {
  %a = atomicrmw add ptr addrspace(1) %p, i16 7 monotonic
  store i16 %a, ptr addrspace(1) %p
  ret void
}
