// Integer arithmetic of docs/programs.md, "Semantics of operations": wrapping,
// division and remainder by zero and of MIN by -1, shifts modulo the width,
// arithmetic and logical right shifts. `zero` comes from the host, so that
// nothing can be folded before run time.
// run: --grid 1 z=0 o=zeros:64 u=zeros:32 l=zeros:32
// expect: o = i32:0,0,-2147483648,0,-3,-1,-2147483648,-4,2,-1,-2147483648,-2147483648,-6,1,-7,3
// expect: u = u32:1,1,0x7fffffff,0xffffffff,0,3,0x80000000,6
// expect: l = i64:-2147483648,2147483648,2,-1
program integers;
workgroup_size 1;

buffer z: uniform i32[1] @0;
buffer o: write i32[16] @1 output;
buffer u: write u32[8] @2 output;
buffer l: write i64[4] @3 output;

kernel {
  let zero = z[0];
  let min = -2147483648i32 + zero;
  o[0] = 7 / zero;
  o[1] = 7 % zero;
  o[2] = min / (zero - 1);
  o[3] = min % (zero - 1);
  o[4] = (zero - 7) / 2;
  o[5] = (zero - 7) % 2;
  o[6] = 2147483647 + (zero + 1);
  o[7] = (zero - 8) >> 1;
  o[8] = 1 << (zero + 33);
  o[9] = (zero - 1) >> (zero + 32);
  o[10] = min * (zero - 1);
  o[11] = -min;
  o[12] = ~(zero + 5);
  o[13] = (zero + 7) % -3;
  o[14] = (zero + 7) * -1;
  o[15] = (zero + 7) / 2;
  let uz = u32(zero);
  u[0] = 0xffffffffu32 + (uz + 2);
  u[1] = (uz + 0x80000000) >> 31;
  u[2] = u32(zero - 1) / 2;
  u[3] = uz - 1;
  u[4] = (uz + 5) / uz;
  u[5] = (uz + 0xffffffff) % 4;
  u[6] = (uz + 1) << 63;
  u[7] = (uz + 0xffffffff) * 0xfffffffa;
  l[0] = i64(min);
  l[1] = i64(u32(min));
  l[2] = 1i64 << (i64(zero) + 65);
  l[3] = i64(0xffffffffffffffffu64 + u64(uz));
}
