// Workgroup memory that segments overwrite before they read it (lib/
// wg_cover.c). Segment 0 fills all of S, whatever the workgroup's size.
// Segments 1 and 2 each store element get_local_id(0), pass a workgroup
// barrier, and read two other elements: with 64 invocations in x each
// reads only this segment's values, and S need not be carried; with 32, the
// upper half is what segment 0 left there (carried: the copy stays for
// workgroups narrower than S). T is stored only by half the invocations, so
// it is always carried. At -O0 the helper, which only reads, is not
// inlined; the stores and the barrier are in the kernel, so S is proven
// there too (a store in a helper that is not inlined proves nothing).
void gridsplit_grid_sync(void);

static int mix(local const int *s, uint l, int x) {
  return s[(l + 1) % 64] * 3 + s[63 - l % 64] + x;
}

kernel void wg_cover(global const int *in, global int *out, global int *flag, uint n) {
  local int s[64], t[64];
  uint l = get_local_id(0), i = get_global_id(0), g = get_group_id(0);
  for (uint k = l; k < 64; k += get_local_size(0)) {
    s[k] = in[(g * 64 + k) % n] - (int)k;
    t[k] = (int)k * 5 + (int)g;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  flag[i] = 1;
  gridsplit_grid_sync();
  s[l] = (int)i * 7 + flag[(i + 1) % (get_global_size(0))];
  if (l < 16)
    t[l] = (int)i;
  barrier(CLK_LOCAL_MEM_FENCE);
  int a = mix(s, l, t[63 - l % 64]);
  barrier(CLK_LOCAL_MEM_FENCE);
  gridsplit_grid_sync();
  s[l] = a - flag[(i + 3) % (get_global_size(0))] * 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  int b = mix(s, l, t[l % 64]);
  if (i < n)
    out[i] = b;
}
