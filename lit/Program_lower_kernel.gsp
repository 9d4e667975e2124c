// The kernel a program lowers to, per target (include/gridsplit/lower.h,
// docs/programs.md "Lowering"): buffers with a binding become arguments in
// binding order, named as the buffers, then a u32 <b>_len per run-time
// sized buffer; the declared access becomes readonly / writeonly nocapture
// (never noalias: a program cannot say that buffers are distinct); uniform
// buffers live in the constant space (global on NVPTX, whose kernels cannot
// be given a constant-bank buffer); workgroup buffers are module globals in
// the workgroup space; the OpenCL kernel_arg_* metadata, the workgroup size
// as reqd_work_group_size and the output flags as gridsplit.outputs; ids
// read as each target's own code reads them (lib/target_*.c); typed
// pointers on LLVM 15, opaque ones on LLVM 22.
//
// RUN: %gridsplit --print-lowered --target ir %s | FileCheck %s --check-prefixes=SPIR,SPIR%llvm_major
// RUN: %gridsplit --print-lowered --target spirv %s | FileCheck %s --check-prefixes=SPIR,SPIR%llvm_major
// RUN: %gridsplit --print-lowered --target amdgcn %s | FileCheck %s --check-prefixes=AMD,AMD%llvm_major
// RUN: %gridsplit --print-lowered --target nvptx %s | FileCheck %s --check-prefixes=PTX,PTX%llvm_major

program scale;
workgroup_size 64, 2;

buffer dst:    write f32[?] @3 output;
buffer src:    read f32[?] @1;
buffer factor: uniform f32[1] @2;
buffer count:  readwrite u32[4] @0 output;
buffer tile:   workgroup f32[128];

kernel {
  let i = global_id(0) + global_size(0) * global_id(1);
  tile[local_id(0) + 64 * local_id(1)] = src[i];
  atomic_add(count, 0, 1u32);
  grid_barrier;
  dst[i] = tile[local_id(0) + 64 * local_id(1)] * factor[0] + f32(group_id(1) + num_groups(0) + local_size(1));
}

// SPIR:        target triple = "spir64-unknown-unknown"
// SPIR:        @tile = internal addrspace(3) global [128 x float] undef, align 4
// SPIR15:      define spir_kernel void @scale(i32 addrspace(1)* nocapture noundef align 4 %count, float addrspace(1)* nocapture noundef readonly align 4 %src, float addrspace(2)* nocapture noundef readonly align 4 %factor, float addrspace(1)* nocapture noundef writeonly align 4 %dst, i32 noundef %src_len, i32 noundef %dst_len) #0 !dbg ![[SP:[0-9]+]] !kernel_arg_addr_space ![[AS:[0-9]+]] !kernel_arg_access_qual ![[ACC:[0-9]+]] !kernel_arg_type ![[TY:[0-9]+]] !kernel_arg_base_type ![[TY]] !kernel_arg_type_qual ![[QUAL:[0-9]+]] !reqd_work_group_size ![[WG:[0-9]+]] !gridsplit.outputs ![[OUT:[0-9]+]] {
// SPIR22:      define spir_kernel void @scale(ptr addrspace(1) noundef align 4 captures(none) %count, ptr addrspace(1) noundef readonly align 4 captures(none) %src, ptr addrspace(2) noundef readonly align 4 captures(none) %factor, ptr addrspace(1) noundef writeonly align 4 captures(none) %dst, i32 noundef %src_len, i32 noundef %dst_len) #0 !dbg ![[SP:[0-9]+]] !kernel_arg_addr_space ![[AS:[0-9]+]] !kernel_arg_access_qual ![[ACC:[0-9]+]] !kernel_arg_type ![[TY:[0-9]+]] !kernel_arg_base_type ![[TY]] !kernel_arg_type_qual ![[QUAL:[0-9]+]] !reqd_work_group_size ![[WG:[0-9]+]] !gridsplit.outputs ![[OUT:[0-9]+]] {
// SPIR-NOT:    noalias
// SPIR:        call spir_func i64 @_Z13get_global_idj(i32 0)
// SPIR:        call spir_func i64 @_Z15get_global_sizej(i32 0)
// SPIR:        call spir_func i64 @_Z13get_global_idj(i32 1)
// SPIR:        call spir_func i64 @_Z12get_local_idj(i32 0)
// SPIR:        call spir_func i64 @_Z12get_local_idj(i32 1)
// SPIR15:      getelementptr inbounds [128 x float], [128 x float] addrspace(3)* @tile, i64 0, i64 %{{[0-9]+}}
// SPIR22:      getelementptr inbounds [128 x float], ptr addrspace(3) @tile, i64 0, i64 %{{[0-9]+}}
// SPIR15:      atomicrmw add {{.*}} i32 1 seq_cst, align 4
// SPIR22:      atomicrmw add {{.*}} i32 1 syncscope("device") seq_cst, align 4
// SPIR:        call spir_func void @gridsplit_grid_sync(), !dbg ![[BARRIER:[0-9]+]]
// SPIR:        fmul float
// SPIR:        call spir_func i64 @_Z12get_group_idj(i32 1)
// SPIR:        call spir_func i64 @_Z14get_num_groupsj(i32 0)
// SPIR:        call spir_func i64 @_Z14get_local_sizej(i32 1)
// SPIR:        uitofp i32
// SPIR-NEXT:   fadd float
// SPIR:        declare spir_func void @gridsplit_grid_sync() #[[CONV:[0-9]+]]
// SPIR:        attributes #[[CONV]] = { convergent nounwind }
// SPIR:        !opencl.ocl.version = !{![[V:[0-9]+]]}
// SPIR:        !opencl.spir.version = !{![[V]]}
// SPIR:        ![[V]] = !{i32 2, i32 0}
// SPIR:        !DIFile(filename: "Program_lower_kernel.gsp"
// SPIR:        ![[AS]] = !{i32 1, i32 1, i32 2, i32 1, i32 0, i32 0}
// SPIR-NEXT:   ![[ACC]] = !{!"none", !"none", !"none", !"none", !"none", !"none"}
// SPIR-NEXT:   ![[TY]] = !{!"uint*", !"float*", !"float*", !"float*", !"uint", !"uint"}
// SPIR-NEXT:   ![[QUAL]] = !{!"", !"const", !"const", !"", !"", !""}
// SPIR-NEXT:   ![[WG]] = !{i32 64, i32 2, i32 1}
// SPIR-NEXT:   ![[OUT]] = !{i32 0, i32 3}
// SPIR:        ![[BARRIER]] = !DILocation(line: 31, column: 3,

// AMD:         target triple = "amdgcn-amd-amdhsa"
// AMD:         @tile = internal addrspace(3) global [128 x float] undef, align 4
// AMD15:       define amdgpu_kernel void @scale(i32 addrspace(1)* nocapture noundef align 4 %count, float addrspace(1)* nocapture noundef readonly align 4 %src, float addrspace(4)* nocapture noundef readonly align 4 %factor, float addrspace(1)* nocapture noundef writeonly align 4 %dst, i32 noundef %src_len, i32 noundef %dst_len) #0
// AMD22:       define amdgpu_kernel void @scale(ptr addrspace(1) noundef align 4 captures(none) %count, ptr addrspace(1) noundef readonly align 4 captures(none) %src, ptr addrspace(4) noundef readonly align 4 captures(none) %factor, ptr addrspace(1) noundef writeonly align 4 captures(none) %dst, i32 noundef %src_len, i32 noundef %dst_len) #0
// AMD:         call i32 @llvm.amdgcn.workitem.id.x()
// AMD:         @llvm.amdgcn.dispatch.ptr()
// AMD:         call i32 @llvm.amdgcn.workgroup.id.x()
// AMD15:       atomicrmw add {{.*}} i32 1 seq_cst, align 4
// AMD22:       atomicrmw add {{.*}} i32 1 syncscope("agent") seq_cst, align 4
// AMD:         call void @gridsplit_grid_sync()
// AMD:         call i32 @llvm.amdgcn.workgroup.id.y()
// AMD:         attributes #0 = { norecurse nounwind "amdgpu-flat-work-group-size"="128,128" }
// AMD:         !{i32 1, i32 1, i32 2, i32 1, i32 0, i32 0}
// AMD:         !{i32 64, i32 2, i32 1}

// PTX:         target triple = "nvptx64-nvidia-cuda"
// PTX:         @tile = internal addrspace(3) global [128 x float] undef, align 4
// PTX15:       define ptx_kernel void @scale(i32 addrspace(1)* nocapture noundef align 4 %count, float addrspace(1)* nocapture noundef readonly align 4 %src, float addrspace(1)* nocapture noundef readonly align 4 %factor, float addrspace(1)* nocapture noundef writeonly align 4 %dst, i32 noundef %src_len, i32 noundef %dst_len) #0
// PTX22:       define ptx_kernel void @scale(ptr addrspace(1) noundef align 4 captures(none) %count, ptr addrspace(1) noundef readonly align 4 captures(none) %src, ptr addrspace(1) noundef readonly align 4 captures(none) %factor, ptr addrspace(1) noundef writeonly align 4 captures(none) %dst, i32 noundef %src_len, i32 noundef %dst_len) #0
// PTX:         call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// PTX:         call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// PTX:         call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// PTX:         call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
// PTX15:       atomicrmw add {{.*}} i32 1 seq_cst, align 4
// PTX22:       atomicrmw add {{.*}} i32 1 syncscope("device") seq_cst, align 4
// PTX:         call void @gridsplit_grid_sync()
// PTX15:       !nvvm.annotations = !{![[ANN:[0-9]+]]}
// PTX22-NOT:   nvvm.annotations
// PTX15:       ![[ANN]] = !{{{.*}} @scale, !"kernel", i32 1}
// PTX:         !{i32 1, i32 1, i32 1, i32 1, i32 0, i32 0}
// PTX:         !{i32 64, i32 2, i32 1}
