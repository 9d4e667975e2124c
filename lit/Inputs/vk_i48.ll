; zext(trunc i64 to i48), which --target vulkan refuses (lit/Run_vulkan_index_widths.ll)
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_kernel void @k(ptr addrspace(1) %a) {
entry:
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i64, ptr addrspace(1) %a, i64 %id
  %x = load i64, ptr addrspace(1) %pa, align 8
  %t = trunc i64 %x to i48
  %z = zext i48 %t to i64
  store i64 %z, ptr addrspace(1) %pa, align 8
  ret void
}
