// One invocation of a workgroup waits at a grid barrier while the others of
// its workgroup wait at a workgroup barrier it never reaches: a deadlock with
// true grid barriers. (The split accepts it, since the others return instead
// of reaching another grid barrier, and the segment kernel is then undefined
// OpenCL: a workgroup barrier not every work-item reaches. Not run here.)
// run: --grid 64 a=zeros:4
// interpret-error: FILE:15:3: error: divergent workgroup barrier: invocation 1 waits at the workgroup_barrier at 15:3 while invocation 0 waits at the grid_barrier at 13:5
program deadlock;
workgroup_size 64;
buffer a: readwrite u32[1] @0 output;
kernel {
  if local_id(0) == 0 {
    grid_barrier;
  }
  workgroup_barrier;
}
