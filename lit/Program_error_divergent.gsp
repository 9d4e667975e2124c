// A grid barrier on both sides of a branch on the invocation id is the
// split's compile-time error (SPEC section 1), and the lowering's debug
// locations make it name the branch and both barriers in the program text,
// on every target. A barrier that only some invocations skip by returning
// is fine (Program_split_roles.gsp).
//
// RUN: not %gridsplit -o %t %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --target amdgcn -o %t %s 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %gridsplit --target nvptx -o %t %s 2>&1 | FileCheck %s -DFILE=%s

// CHECK: [[FILE]]: error: kernel 'divergent': divergent grid barrier: the branch '{{.*}}' (Program_error_divergent.gsp:[[@LINE+9]]:3) depends on the invocation id, and invocations that take it can reach barrier 2 (Program_error_divergent.gsp:[[@LINE+10]]:5) while others reach barrier 1 (Program_error_divergent.gsp:[[@LINE+13]]:5); every invocation that has not returned must reach the same barrier

program divergent;
workgroup_size 32;

buffer data: readwrite i32[?] @0 output;

kernel {
  let i = global_id(0);
  if i < 40 {
    grid_barrier;
    data[i] = data[i] * 2;
  } else {
    grid_barrier;
    data[i] = 0;
  }
}
