// A program split like any kernel (SPEC sections 2 to 4): invocations past
// the end return before the grid barrier (no divergence), the barrier's
// segment begins at its place in the program text, line 59 (the lowering's
// debug locations), roles follow the loads and stores, the uniform buffer is in
// the constant space (a host input), and the plan lists the run-time count
// data_len as a u32 scalar argument after the buffers. The same on the
// other targets.
//
// RUN: %gridsplit --print-roles -o %t %s | FileCheck %s --check-prefix=ROLES
// RUN: %gridsplit --target amdgcn --print-roles -o %t %s | FileCheck %s --check-prefix=ROLES
// RUN: %gridsplit --target nvptx --print-roles -o %t %s | FileCheck %s --check-prefix=PTX
// RUN: %gridsplit --plan - -o %t %s | %plan2lines | FileCheck %s --check-prefix=PLAN

// ROLES-LABEL: kernel 'normalize': barriers 1, schedule static
// ROLES-NEXT:    buffer data: arg 0, global, host_input yes, host_output yes
// ROLES-NEXT:    buffer total: arg 1, global, host_input no, host_output yes
// ROLES-NEXT:    buffer scale: arg 2, constant, host_input yes, host_output no
// ROLES-NEXT:    segment 0: begins at entry, successors 1 end
// ROLES-NEXT:      data  read  read_only
// ROLES-NEXT:      total  write  write_only
// ROLES-NEXT:    segment 1: begins at barrier 1 (Program_split_roles.gsp:59:3), successors end
// ROLES-NEXT:      data  readwrite  read_write
// ROLES-NEXT:      total  read  read_only
// ROLES-NEXT:      scale  read  read_only
// ROLES-NOT:   kernel

// NVPTX kernels cannot take constant-bank buffers: scale is global there.
// PTX:         buffer scale: arg 2, global, host_input yes, host_output no
// PTX:         segment 1: begins at barrier 1 (Program_split_roles.gsp:59:3), successors end

// PLAN: args[3].bytes = 4
// PLAN-NEXT: args[3].kind = "scalar"
// PLAN-NEXT: args[3].name = "data_len"
// PLAN-NEXT: args[3].type = "i32"
// PLAN: kernels[0].schedule = "static"
// PLAN: kernels[0].segments[1].location = "Program_split_roles.gsp:59:3"
// PLAN: module = "Program_split_roles.gsp"
// PLAN: target = "spir64-unknown-unknown"

program normalize;
workgroup_size 64;

buffer data:  readwrite f32[?] @0 output;
buffer total: readwrite f32[1] @1 output;
buffer scale: uniform f32[1] @2;

kernel {
  let i = global_id(0);
  if i >= len(data) {
    return;
  }
  if i == 0 {
    var s = 0.0;
    for k in 0u32..len(data) {
      s = s + data[k];
    }
    total[0] = s;
  }
  grid_barrier;
  data[i] = data[i] / total[0] * scale[0];
}
