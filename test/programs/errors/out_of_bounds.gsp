// A copy without a bounds check, given fewer elements than invocations.
// run: --grid 64 data=@u32:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48 out=zeros:256
// interpret-error: FILE:13:12: error: invocation 48: load index 48 is out of bounds of buffer 'data' (48 elements)
program copy;
workgroup_size 64;

buffer data: read u32[?] @0;
buffer out: write u32[?] @1 output;

kernel {
  let g = global_id(0);
  // forgot: if g < len(data)
  out[g] = data[g];
}
