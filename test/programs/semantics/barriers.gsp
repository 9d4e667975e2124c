// Grid barriers wait for every invocation of the grid, workgroup barriers
// for the invocations of the workgroup; workgroup memory is per workgroup
// and keeps its contents across grid barriers; an invocation that returned
// takes no part in later barriers. An interpreter that ran each invocation
// to its end would read elements not yet written.
// run: --grid 12 a=zeros:48 b=zeros:48 c=zeros:48
// expect: a = u32:1,11,21,31,41,51,61,71,81,91,101,111
// expect: b = u32:10,20,30,40,50,60,70,80,90,100,110,0
// expect: c = u32:311,221,0,41,751,0,571,481,0,1101,1011,0
program barriers;
workgroup_size 4;

buffer a: readwrite u32[12] @0 output;
buffer b: readwrite u32[12] @1 output;
buffer c: write u32[12] @2 output;
buffer tile: workgroup u32[4];

kernel {
  let g = global_id(0);
  let l = local_id(0);
  let n = global_size(0);
  a[g] = g * 10;
  tile[l] = g;
  grid_barrier;
  b[g] = a[(g + 1) % n];
  workgroup_barrier;
  let mirrored = tile[3 - l];
  grid_barrier;
  a[g] = b[(g + n - 1) % n] + 1;
  if g % 3 == 2 {
    return;
  }
  grid_barrier;
  c[g] = mirrored * 100 + a[(g + 1) % n];
}
