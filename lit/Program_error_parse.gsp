// A malformed program is an input error (exit 1) whose message is the
// parser's FILE:LINE:COL: error: ..., for every target (gridsplit run:
// Program_error_run.gsp); nothing is written.
//
// RUN: rm -rf %t && not %gridsplit -o %t %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --target nvptx -o %t %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --print-lowered %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not ls %t

// CHECK: [[FILE]]:[[@LINE+6]]:1: error: expected ';', found 'kernel'
// CHECK-NOT: error

program missing_semicolon;
workgroup_size 8;
buffer a: read i32[4] @0
kernel {
}
