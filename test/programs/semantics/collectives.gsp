// Collectives fold strictly in rank order from rank 0 (so the f32 sum of
// 1e8, 1, -1e8, 1 is 1), min is `x < acc ? x : acc` and max `x > acc ? x :
// acc` (so a NaN first stays, a NaN later is passed over, and -0 does not
// replace +0), integer ops by signedness, results replicated to every rank;
// broadcast and all_gather copy. Two invocations return before: the others
// still run every collective.
// run: --grid 8 fs=@f32:1e8,0,0x7fc00000,1,1,-0,1,0x7fc00000,-1e8,2,2,3,1,7,0.5,4 us=@u32:1,2,4,8,16,32,0xff,0xf0f0,0x80000000,3,3,3 is=@i32:5,-1,7,-3,2,2147483647,4,-2147483648,6,0,9,-7 sum=zeros:64 lo=zeros:64 hi=zeros:64 bc=zeros:32 ga=zeros:128 ux=zeros:48 uo=zeros:48 ua=zeros:48 imin=zeros:48 imax=zeros:48 rs=zeros:24
// expect: sum = f32:1,9,0x7fc00000,0x7fc00000,1,9,0x7fc00000,0x7fc00000,1,9,0x7fc00000,0x7fc00000,1,9,0x7fc00000,0x7fc00000
// expect: lo = f32:-1e8,0,0x7fc00000,1,-1e8,0,0x7fc00000,1,-1e8,0,0x7fc00000,1,-1e8,0,0x7fc00000,1
// expect: hi = f32:1e8,7,0x7fc00000,4,1e8,7,0x7fc00000,4,1e8,7,0x7fc00000,4,1e8,7,0x7fc00000,4
// expect: bc = f32:1,0x7fc00000,1,0x7fc00000,1,0x7fc00000,1,0x7fc00000
// expect: ga = f32:1e8,0,0x7fc00000,1,1,-0,1,0x7fc00000,1e8,0,0x7fc00000,1,1,-0,1,0x7fc00000,1e8,0,0x7fc00000,1,1,-0,1,0x7fc00000,1e8,0,0x7fc00000,1,1,-0,1,0x7fc00000
// expect: ux = u32:245,0xf0e1,0x80000027,245,0xf0e1,0x80000027,245,0xf0e1,0x80000027,245,0xf0e1,0x80000027
// expect: uo = u32:0xff,0xf0f3,0x80000027,0xff,0xf0f3,0x80000027,0xff,0xf0f3,0x80000027,0xff,0xf0f3,0x80000027
// expect: ua = u32:0,0,0,0,0,0,0,0,0,0,0,0
// expect: imin = i32:-3,-2147483648,-7,-3,-2147483648,-7,-3,-2147483648,-7,-3,-2147483648,-7
// expect: imax = i32:5,9,2147483647,5,9,2147483647,5,9,2147483647,5,9,2147483647
// expect: rs = i32:9,2147483647,13,-3,11,2147483640
program collectives;
workgroup_size 4;

buffer fs: read f32[16] @0;
buffer us: read u32[12] @1;
buffer is: read i32[12] @2;
buffer sum: write f32[16] @3 output;
buffer lo: write f32[16] @4 output;
buffer hi: write f32[16] @5 output;
buffer bc: write f32[8] @6 output;
buffer ga: write f32[32] @7 output;
buffer ux: write u32[12] @8 output;
buffer uo: write u32[12] @9 output;
buffer ua: write u32[12] @10 output;
buffer imin: write i32[12] @11 output;
buffer imax: write i32[12] @12 output;
buffer rs: write i32[6] @13 output;

kernel {
  if global_id(0) >= 6 {
    return;
  }
  all_reduce(add, fs, sum, 4, 4);
  all_reduce(min, fs, lo, 4, 4);
  all_reduce(max, fs, hi, 4, 4);
  broadcast(fs, bc, 2, 4, 3);
  all_gather(fs, ga, 2, 4);
  all_reduce(xor, us, ux, 3, 4);
  all_reduce(or, us, uo, 3, 4);
  all_reduce(and, us, ua, 3, 4);
  all_reduce(min, is, imin, 3, 4);
  all_reduce(max, is, imax, 3, 4);
  reduce_scatter(add, is, rs, 3, 2);
}
