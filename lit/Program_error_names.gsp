// The kernel and the workgroup buffers become module symbols next to the
// functions the lowering declares: a program name or workgroup buffer name
// beginning with _Z, __ or gridsplit, and a workgroup buffer with the
// kernel's name, are input errors (before, the first made the barrier call
// the kernel itself, the second silently renamed the OpenCL builtin, the
// third renamed the buffer). Buffer arguments are bound by name at run time:
// a buffer named as another's run-time count (<b>_len) or as an argument the
// split adds (gs_live_state, gs_control) is an error too.
//
// RUN: not %gridsplit --print-lowered %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --target amdgcn -o %t %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --print-lowered %S/Inputs/program_reserved_name.gsp 2>&1 | FileCheck %s --check-prefix=NAME -DFILE=%S/Inputs/program_reserved_name.gsp
// RUN: not %gridsplit --print-lowered --target nvptx %S/Inputs/program_reserved_buffer.gsp 2>&1 | FileCheck %s --check-prefix=BUFFER -DFILE=%S/Inputs/program_reserved_buffer.gsp

// RUN: not %gridsplit --print-lowered %S/Inputs/program_len_name.gsp 2>&1 | FileCheck %s --check-prefix=LEN -DFILE=%S/Inputs/program_len_name.gsp
// RUN: not %gridsplit --print-lowered %S/Inputs/program_split_arg_name.gsp 2>&1 | FileCheck %s --check-prefix=SPLIT -DFILE=%S/Inputs/program_split_arg_name.gsp

// CHECK:  {{^}}[[FILE]]:[[@LINE+8]]:1: error: the workgroup buffer name 'tile' is the kernel's name{{$}}
// NAME:   {{^}}[[FILE]]: error: the program name 'gridsplit_grid_sync' is reserved (names beginning with _Z, __ or gridsplit belong to the lowering and the device libraries){{$}}
// LEN:    {{^}}[[FILE]]:5:1: error: the buffer name 'a_len' is the run-time count argument of the buffer 'a'{{$}}
// SPLIT:  {{^}}[[FILE]]:4:1: error: the buffer name 'gs_live_state' is the name of an argument the split adds{{$}}
// BUFFER: {{^}}[[FILE]]:4:1: error: the workgroup buffer name '_Z13get_global_idj' is reserved (names beginning with _Z, __ or gridsplit belong to the lowering and the device libraries){{$}}

program tile;
workgroup_size 8;
buffer tile: workgroup u32[8];
buffer o: write u32[8] @0 output;
kernel {
  tile[local_id(0)] = 1;
  o[global_id(0)] = tile[0];
}
