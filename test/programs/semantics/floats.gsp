// IEEE float arithmetic without contraction: (1/3)*3 - 1 is 0 in f32 when
// the product is rounded before the subtraction (an FMA would give
// 2.98e-8); round to nearest even; ordered comparisons and the unordered !=;
// negation of zero; division by zero.
// run: --grid 1 x=@f32:1,3,16777216,nan,0.1,-0 d=@f64:0.1,3,0.3 o=zeros:32 b=zeros:32 e=zeros:24
// expect: o = f32:0x3eaaaaab,0,16777216,0x80000000,inf,-inf,0x3dcccccd,0x3e99999a
// expect: b = u32:0,1,0,0,1,1,0,1
// expect: e = f64:0x3fd3333333333334,0x3c90000000000000,0x3fb999999999999a
program floats;
workgroup_size 1;

buffer x: uniform f32[6] @0;
buffer d: uniform f64[3] @1;
buffer o: write f32[8] @2 output;
buffer b: write u32[8] @3 output;
buffer e: write f64[3] @4 output;

kernel {
  let one = x[0];
  let three = x[1];
  let big = x[2];
  let nan = x[3];
  let tenth = x[4];
  let negzero = x[5];
  let third = one / three;
  o[0] = third;
  o[1] = third * three - one;
  o[2] = big + one;
  o[3] = -(one - one);
  o[4] = one / negzero * -1.0;
  o[5] = one / negzero;
  o[6] = tenth;
  o[7] = tenth * three;
  b[0] = u32(nan == nan);
  b[1] = u32(nan != nan);
  b[2] = u32(nan < one);
  b[3] = u32(nan >= one);
  b[4] = u32(negzero == 0.0);
  b[5] = u32(one != three);
  b[6] = u32(one > three);
  b[7] = u32(one <= one);
  e[0] = d[0] * d[1];
  e[1] = d[0] * d[1] - d[2];
  e[2] = d[0];
}
