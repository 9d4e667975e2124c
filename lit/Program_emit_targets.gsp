// A program emitted for every target (SPEC section 6): SPIR-V that
// spirv-val accepts (SPIRV-LLVM-Translator from typed pointers on LLVM 15,
// LLVM's SPIR-V backend on 22), an HSA code object whose kernels take the
// program's buffers by name (the uniform one in the constant space), and
// PTX whose entries are the segments, with the workgroup barrier as
// bar.sync 0.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gridsplit --target spirv --drop-original -o %t %s
// RUN: spirv-val %t/Program_emit_targets.spv
// RUN: %gridsplit --target amdgcn --drop-original -o %t %s
// RUN: llvm-readobj --notes %t/Program_emit_targets.hsaco | FileCheck %s --check-prefix=AMD
// RUN: %gridsplit --target nvptx --drop-original -o %t %s
// RUN: FileCheck %s --check-prefix=PTX < %t/Program_emit_targets.ptx

program smooth;
workgroup_size 64;

buffer src:    read f32[?] @0;
buffer factor: uniform f32[1] @1;
buffer dst:    readwrite f32[?] @2 output;
buffer hits:   readwrite u32[1] @3 output;
buffer tile:   workgroup f32[64];

kernel {
  let i = global_id(0);
  let l = local_id(0);
  tile[l] = src[i];
  workgroup_barrier;
  let left = tile[select(l > 0, l - 1, l)];
  dst[i] = (left + tile[l]) * factor[0];
  grid_barrier;
  if dst[i] > 1.0 {
    atomic_add(hits, 0, 1u32);
  }
}

// AMD:      amdhsa.kernels:
// AMD:        - .address_space: global
// AMD-NEXT:     .is_const: true
// AMD-NEXT:     .name: src
// AMD:          .type_name: 'float*'
// AMD-NEXT:     .value_kind: global_buffer
// AMD-NEXT:   - .address_space: constant
// AMD-NEXT:     .is_const: true
// AMD-NEXT:     .name: factor
// AMD:        - .address_space: global
// AMD-NEXT:     .name: dst
// AMD:        - .address_space: global
// AMD:          .name: hits
// AMD:          .type_name: 'uint*'
// AMD:        - .name: src_len
// AMD:          .type_name: uint
// AMD:        - .name: dst_len
// AMD:        .name: smooth.seg0
// AMD:        .symbol: smooth.seg0.kd
// AMD:        .name: smooth.seg1
// AMD:        .symbol: smooth.seg1.kd
// AMD:      amdhsa.target: amdgcn-amd-amdhsa--gfx90a

// PTX:      .visible .entry smooth_$_seg0(
// PTX:        bar.sync 0;
// PTX:      .visible .entry smooth_$_seg1(
// PTX-NOT:    bar.sync
// PTX:        atom.global.add.u32
