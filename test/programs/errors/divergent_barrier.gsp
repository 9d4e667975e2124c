// A grid barrier under a branch on the invocation id: the first half of the
// grid would wait forever for the second. The interpreter reports it at run
// time; the split refuses it at compile time (SPEC section 1).
// run: --grid 128 a=zeros:512
// interpret-error: FILE:12:5: error: divergent grid barrier: invocation 0 waits at the grid_barrier at 12:5 while invocation 64 waits at the grid_barrier at 15:3
// run-error: divergent grid barrier
program divergent;
workgroup_size 64;
buffer a: readwrite u32[?] @0 output;
kernel {
  if global_id(0) < 64 {
    grid_barrier;
    a[global_id(0)] = 1;
  }
  grid_barrier;
}
