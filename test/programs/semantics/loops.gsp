// Counted loops of docs/programs.md: the bounds are evaluated once, the body
// runs while v < end, and the step never overflows the type (a loop up to
// the largest u32 or i64 ends); empty ranges; negative signed ranges.
// run: --grid 1 top=4294967295 o=zeros:64 l=zeros:24
// expect: o = u32:4294967290,4294967294,0,0,0,0,0,0,2,0,246,3,1,10,6,0
// expect: l = i64:9223372036854775800,9223372036854775805,2
program loops;
workgroup_size 1;

buffer top: uniform u32[1] @0;
buffer o: write u32[16] @1 output;
buffer l: write i64[3] @2 output;

kernel {
  var c: u32 = 0;
  for v in 4294967290u32..top[0] step 4 {
    o[c] = v;
    c = c + 1;
  }
  o[8] = c;
  var d: u32 = 0;
  for v in 5u32..3 {
    d = d + 1;
  }
  o[9] = d;
  var e: i32 = 0;
  for v in -3i32..3 step 2 {
    e = e * 10 + v + 5;
  }
  o[10] = u32(e);
  var m: u32 = 3;
  var t: u32 = 0;
  for v in 0u32..m {
    m = m + 1;
    t = t + 1;
  }
  o[11] = t;
  var once: u32 = 0;
  for v in 0u32..10 step 1000 {
    once = once + 1;
  }
  o[12] = once;
  var sum: u32 = 0;
  for i in 0u32..4 {
    for j in i..4 {
      sum = sum + 1;
    }
  }
  o[13] = sum;
  var last: u32 = 0;
  for v in 0u32..7 step 3 {
    last = v;
  }
  o[14] = last;
  var k: i64 = 0;
  for v in 9223372036854775800i64..9223372036854775807 step 5 {
    l[k] = v;
    k = k + 1;
  }
  l[2] = k;
}
