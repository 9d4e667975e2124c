/* How many workgroups of a kernel one multiprocessor of an NVIDIA GPU
 * holds at once, from what the driver reports of the compiled kernel (its
 * registers per invocation and workgroup memory): the Vulkan host's count
 * of physical workgroups per segment (runtime/vk_host.c), where Vulkan has
 * no occupancy query. The CUDA runner asks CUDA's own calculator. */
#ifndef GS_OCCUPANCY_H
#define GS_OCCUPANCY_H

/* Workgroups of INVOCATIONS each, REGISTERS per invocation and SHARED bytes
 * of workgroup memory, that one multiprocessor of WARPS_PER_SM warps holds
 * (64K registers in four partitions, allocated per warp in 256s from
 * one, as on every NVIDIA GPU since Volta; Hopper's 228 KB of workgroup memory, 1 KB of it reserved
 * per workgroup, more than earlier GPUs have: there a kernel with much
 * workgroup memory is overcounted, which costs time, not bytes; at most 32
 * workgroups). 0 where it cannot say: a count or the warps unknown. */
unsigned gs_nv_groups_per_sm(unsigned registers, unsigned shared, unsigned invocations,
                             unsigned warps_per_sm);

#endif
