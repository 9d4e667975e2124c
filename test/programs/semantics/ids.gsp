// The ids and sizes of a 3-D grid of 4 x 2 x 2 invocations in workgroups
// of 2 x 1 x 2: every invocation writes its 18 values at its linear id.
// run: --grid 4,2,2 o=zeros:1152
// expect: o = u32:0,0,0,0,0,0,0,0,0,4,2,2,2,1,2,2,2,1,1,0,0,1,0,0,0,0,0,4,2,2,2,1,2,2,2,1,2,0,0,0,0,0,1,0,0,4,2,2,2,1,2,2,2,1,3,0,0,1,0,0,1,0,0,4,2,2,2,1,2,2,2,1,0,1,0,0,0,0,0,1,0,4,2,2,2,1,2,2,2,1,1,1,0,1,0,0,0,1,0,4,2,2,2,1,2,2,2,1,2,1,0,0,0,0,1,1,0,4,2,2,2,1,2,2,2,1,3,1,0,1,0,0,1,1,0,4,2,2,2,1,2,2,2,1,0,0,1,0,0,1,0,0,0,4,2,2,2,1,2,2,2,1,1,0,1,1,0,1,0,0,0,4,2,2,2,1,2,2,2,1,2,0,1,0,0,1,1,0,0,4,2,2,2,1,2,2,2,1,3,0,1,1,0,1,1,0,0,4,2,2,2,1,2,2,2,1,0,1,1,0,0,1,0,1,0,4,2,2,2,1,2,2,2,1,1,1,1,1,0,1,0,1,0,4,2,2,2,1,2,2,2,1,2,1,1,0,0,1,1,1,0,4,2,2,2,1,2,2,2,1,3,1,1,1,0,1,1,1,0,4,2,2,2,1,2,2,2,1
program ids;
workgroup_size 2, 1, 2;

buffer o: write u32[?] @0 output;

kernel {
  let lin = (global_id(2) * global_size(1) + global_id(1)) * global_size(0) + global_id(0);
  let at = lin * 18;
  for d in 0u32..3 {
    o[at + d] = select(d == 0, global_id(0), select(d == 1, global_id(1), global_id(2)));
    o[at + 3 + d] = select(d == 0, local_id(0), select(d == 1, local_id(1), local_id(2)));
    o[at + 6 + d] = select(d == 0, group_id(0), select(d == 1, group_id(1), group_id(2)));
    o[at + 9 + d] = select(d == 0, global_size(0), select(d == 1, global_size(1), global_size(2)));
    o[at + 12 + d] = select(d == 0, local_size(0), select(d == 1, local_size(1), local_size(2)));
    o[at + 15 + d] = select(d == 0, num_groups(0), select(d == 1, num_groups(1), num_groups(2)));
  }
}
