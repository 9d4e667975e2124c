// Atomics return the old value; min and max follow the element type's
// signedness; cmpxchg stores only on a match; && and || short-circuit over
// atomics; select evaluates both operands; a store evaluates its index
// before its value and a binary operator its left operand first. One
// invocation, so every old value is determined.
// run: --grid 1 c=@i32:5,-3,240,7,10,0,0,0 uc=@u32:5,5 wide=@i64:9223372036854775807 r=zeros:64 ur=zeros:16 wr=zeros:16
// expect: c = i32:-2,4,206,42,11,1,11,3
// expect: r = i32:5,8,-3,-5,240,48,49,7,10,11,1,0,22,0,0,0
// expect: uc = u32:5,0x80000000
// expect: ur = u32:5,5,5,0
// expect: wide = i64:-9223372036854775808
// expect: wr = i64:9223372036854775807,1
program atomics;
workgroup_size 1;

buffer c: readwrite i32[8] @0 output;
buffer uc: readwrite u32[2] @1 output;
buffer wide: readwrite i64[1] @2 output;
buffer r: write i32[16] @3 output;
buffer ur: write u32[4] @4 output;
buffer wr: write i64[2] @5 output;

kernel {
  r[0] = atomic_add(c, 0, 3);
  r[1] = atomic_sub(c, 0, 10);
  r[2] = atomic_min(c, 1, -5);
  r[3] = atomic_max(c, 1, 4);
  r[4] = atomic_and(c, 2, 0x3c);
  r[5] = atomic_or(c, 2, 1);
  r[6] = atomic_xor(c, 2, 0xff);
  r[7] = atomic_exchange(c, 3, 42);
  r[8] = atomic_cmpxchg(c, 4, 10, 11);
  r[9] = atomic_cmpxchg(c, 4, 10, 12);
  let yes = c[6] == 0;
  let no = !yes;
  if no && atomic_add(c, 5, 100) == 0 {
    r[15] = 1;
  }
  if yes || atomic_add(c, 5, 100) == 0 {
    r[14] = 0;
  }
  if yes && atomic_add(c, 5, 1) == 0 {
    r[13] = 0;
  }
  let both = select(yes, atomic_add(c, 6, 1), atomic_add(c, 6, 10));
  r[11] = both;
  r[10 + atomic_add(c, 7, 1)] = atomic_add(c, 7, 1);
  r[12] = atomic_add(c, 7, 0) * 10 + atomic_add(c, 7, 1);
  ur[0] = atomic_min(uc, 0, 0xffffffff);
  ur[1] = atomic_max(uc, 1, 0x80000000);
  ur[2] = atomic_cmpxchg(uc, 0, 5, 5);
  ur[3] = u32(atomic_min(uc, 0, 9) != 5);
  wr[0] = atomic_add(wide, 0, 1);
  wr[1] = i64(atomic_add(wide, 0, 0) < 0);
}
