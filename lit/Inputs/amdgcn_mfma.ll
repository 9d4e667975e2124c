target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @mm(ptr addrspace(1) %out) {
entry:
  %r = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float 1.0, float 2.0, <4 x float> zeroinitializer, i32 0, i32 0, i32 0)
  call void @__ockl_grid_sync()
  store <4 x float> %r, ptr addrspace(1) %out, align 16
  ret void
}
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)
declare void @__ockl_grid_sync()
