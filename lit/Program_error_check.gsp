// A program that parses but breaks a rule (docs/programs.md, "Rules") is an
// input error naming the place, before any lowering; a write buffer cannot
// be loaded from (its declared effect, writeonly, must be true).
//
// RUN: not %gridsplit --print-lowered %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --target amdgcn -o %t %s 2>&1 | FileCheck %s -DFILE=%s

// CHECK: [[FILE]]:[[@LINE+9]]:12: error: buffer 'out' is write: it cannot be loaded from

program load_of_write;
workgroup_size 8;

buffer out: write i32[8] @0 output;

kernel {
  let i = global_id(0);
  out[i] = out[i] + 1;
}
