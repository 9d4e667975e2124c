// One invocation of a workgroup waits at a grid barrier while the others of
// its workgroup wait at a workgroup barrier it never reaches: a deadlock with
// true grid barriers. The interpreter reports it at run time; the split
// refuses it at compile time (the segment would be undefined OpenCL: a
// workgroup barrier not every work-item reaches).
// run: --grid 64 a=zeros:4
// interpret-error: FILE:16:3: error: divergent workgroup barrier: invocation 1 waits at the workgroup_barrier at 16:3 while invocation 0 waits at the grid_barrier at 14:5
// run-error: divergent workgroup barrier
program deadlock;
workgroup_size 64;
buffer a: readwrite u32[1] @0 output;
kernel {
  if local_id(0) == 0 {
    grid_barrier;
  }
  workgroup_barrier;
}
