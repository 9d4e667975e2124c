; A double division, which --target vulkan refuses (lit/Run_vulkan_fdiv.ll)
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @ddiv(ptr addrspace(1) readonly %a, ptr addrspace(1) %q) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds double, ptr addrspace(1) %a, i64 %id
  %pq = getelementptr inbounds double, ptr addrspace(1) %q, i64 %id
  %x = load double, ptr addrspace(1) %pa, align 8
  %z = fdiv double 1.0, %x
  store double %z, ptr addrspace(1) %pq, align 8
  ret void
}
