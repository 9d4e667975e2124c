// Every atomic of docs/programs.md as an LLVM atomicrmw or cmpxchg,
// sequentially consistent; min and max signed or unsigned by the element
// type; 64-bit elements; the old value of atomic_cmpxchg extracted. Device
// scope for buffers and workgroup scope for workgroup buffers where LLVM 22's
// C API names scopes (agent/workgroup on AMDGPU, device/block on NVPTX,
// device/workgroup on SPIR); system scope, which is stronger, on LLVM 15.
// The module emits for every target.
//
// RUN: %gridsplit --print-lowered %s | FileCheck %s --check-prefixes=CHECK,SPIR%llvm_major
// RUN: %gridsplit --print-lowered --target amdgcn %s | FileCheck %s --check-prefixes=CHECK,AMD%llvm_major
// RUN: %gridsplit --print-lowered --target nvptx %s | FileCheck %s --check-prefixes=CHECK,PTX%llvm_major
// RUN: rm -rf %t && %gridsplit --target spirv -o %t %s && spirv-val %t/Program_lower_atomics.spv
// RUN: %gridsplit --target amdgcn -o %t %s
// RUN: %gridsplit --target nvptx -o %t %s

program atomics;
workgroup_size 64;

buffer counts: readwrite u64[4] @0 output;
buffer flags:  readwrite i32[4] @1 output;
buffer local:  workgroup u32[2];

kernel {
  let i = global_id(0);
  let l = local_id(0);
  if l == 0 {
    local[0] = 0;
  }
  workgroup_barrier;
  let rank = atomic_add(local, 0, 1u32);
  atomic_sub(counts, 0, u64(rank));
  atomic_max(counts, 1, u64(i));
  atomic_min(flags, 0, -i32(i));
  atomic_and(flags, 1, ~i32(l));
  atomic_or(flags, 2, i32(l));
  atomic_xor(counts, 2, u64(i) << 3u64);
  let old = atomic_exchange(flags, 3, i32(i));
  let seen = atomic_cmpxchg(counts, 3, u64(old), 7u64);
  if seen == 7u64 {
    atomic_add(local, 1, 1u32);
  }
}

// The first two atomics name the scopes, by target and LLVM version.
// SPIR15:      atomicrmw add {{.*}} @local{{.*}}, i32 1 [[WG:]]seq_cst, align 4
// SPIR15:      atomicrmw sub {{.*}}, i64 %{{[0-9]+}} [[DEV:]]seq_cst, align 8
// SPIR22:      atomicrmw add {{.*}} @local{{.*}}, i32 1 [[WG:syncscope\("workgroup"\) ]]seq_cst, align 4
// SPIR22:      atomicrmw sub {{.*}}, i64 %{{[0-9]+}} [[DEV:syncscope\("device"\) ]]seq_cst, align 8
// AMD15:       atomicrmw add {{.*}} @local{{.*}}, i32 1 [[WG:]]seq_cst, align 4
// AMD15:       atomicrmw sub {{.*}}, i64 %{{[0-9]+}} [[DEV:]]seq_cst, align 8
// AMD22:       atomicrmw add {{.*}} @local{{.*}}, i32 1 [[WG:syncscope\("workgroup"\) ]]seq_cst, align 4
// AMD22:       atomicrmw sub {{.*}}, i64 %{{[0-9]+}} [[DEV:syncscope\("agent"\) ]]seq_cst, align 8
// PTX15:       atomicrmw add {{.*}} @local{{.*}}, i32 1 [[WG:]]seq_cst, align 4
// PTX15:       atomicrmw sub {{.*}}, i64 %{{[0-9]+}} [[DEV:]]seq_cst, align 8
// PTX22:       atomicrmw add {{.*}} @local{{.*}}, i32 1 [[WG:syncscope\("block"\) ]]seq_cst, align 4
// PTX22:       atomicrmw sub {{.*}}, i64 %{{[0-9]+}} [[DEV:syncscope\("device"\) ]]seq_cst, align 8
// CHECK:       atomicrmw umax {{.*}}, i64 %{{[0-9]+}} [[DEV]]seq_cst, align 8
// CHECK:       atomicrmw min {{.*}}, i32 %{{[0-9]+}} [[DEV]]seq_cst, align 4
// CHECK:       atomicrmw and {{.*}}, i32 %{{[0-9]+}} [[DEV]]seq_cst, align 4
// CHECK:       atomicrmw or {{.*}}, i32 %{{[0-9]+}} [[DEV]]seq_cst, align 4
// CHECK:       atomicrmw xor {{.*}}, i64 %{{[0-9]+}} [[DEV]]seq_cst, align 8
// CHECK:       atomicrmw xchg {{.*}}, i32 %{{[0-9]+}} [[DEV]]seq_cst, align 4
// CHECK:       [[CX:%[0-9]+]] = cmpxchg {{.*}}, i64 %{{[0-9]+}}, i64 7 [[DEV]]seq_cst seq_cst, align 8
// CHECK-NEXT:  [[SEEN:%[0-9]+]] = extractvalue { i64, i1 } [[CX]], 0
// CHECK-NEXT:  icmp eq i64 [[SEEN]], 7
// CHECK:       atomicrmw add {{.*}} @local, i64 0, i64 1){{.*}}, i32 1 [[WG]]seq_cst, align 4
