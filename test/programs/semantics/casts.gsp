// Casts of docs/programs.md: float to integer truncates toward zero and
// saturates (NaN gives 0), integer to float rounds to nearest even, integer
// to integer truncates or extends by the source's signedness, bool casts.
// run: --grid 1 f=@f32:nan,3e9,-1.5,-3e9,2.5,1e20 n=@i32:16777217,-1,-2147483648,5 s=zeros:24 u=zeros:24 l=zeros:48 w=zeros:48 c=zeros:24 t=zeros:32
// expect: s = i32:0,2147483647,-1,-2147483648,2,2147483647
// expect: u = u32:0,3000000000,0,0,2,4294967295
// expect: l = i64:0,3000000000,-1,-3000000000,2,9223372036854775807
// expect: w = u64:0,3000000000,0,0,2,18446744073709551615
// expect: c = f32:16777216,4294967296,18446744073709551616,-2147483648,0x3f800000,0x4b800000
// expect: t = u32:1,0,0xffffffff,0x80000000,255,0xffffff80,1,0
program casts;
workgroup_size 1;

buffer f: uniform f32[6] @0;
buffer n: uniform i32[4] @1;
buffer s: write i32[6] @2 output;
buffer u: write u32[6] @3 output;
buffer l: write i64[6] @4 output;
buffer w: write u64[6] @5 output;
buffer c: write f32[6] @6 output;
buffer t: write u32[8] @7 output;

kernel {
  for k in 0u32..6 {
    s[k] = i32(f[k]);
    u[k] = u32(f[k]);
    l[k] = i64(f[k]);
    w[k] = u64(f64(f[k]));
  }
  c[0] = f32(n[0]);
  c[1] = f32(u32(n[1]));
  c[2] = f32(u64(i64(n[1])));
  c[3] = f32(n[2]);
  c[4] = f32(u32(bool(n[3])));
  c[5] = f32(f64(n[0]));
  t[0] = u32(bool(n[3]));
  t[1] = u32(bool(n[3] - 5));
  t[2] = u32(i64(n[1]));
  t[3] = u32(u64(i64(n[2])));
  t[4] = u32(u64(u32(n[1]) >> 24));
  t[5] = u32(i64(n[2]) >> 24);
  t[6] = u32(i64(n[3]) > i64(n[1]));
  t[7] = u32(u64(u32(n[3])) > u64(u32(n[1])));
}
