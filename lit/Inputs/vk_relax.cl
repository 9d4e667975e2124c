// Ping-pong buffers with no atomic (lit Run_vulkan_unswitch.ll): the sweep's
// parity picks the source and destination among a and b and the mark buffer
// among ma and mb, through a helper; a grid barrier after each sweep. As
// Inputs/vk_pingpong.cl without its sum (an atomic builtin's call puts a
// workgroup barrier between virtual workgroups, and a loop with a barrier
// is not unswitched), so that the loop over virtual workgroups is versioned
// on the parity.
void gridsplit_grid_sync(void);

static int smooth(global const int *src, uint i, uint n) {
  int c = src[i];
  int l = i > 0 ? src[i - 1] : c, r = i + 1 < n ? src[i + 1] : c;
  return (l + 2 * c + r) / 3;
}

kernel void relax(global int *a, global int *b, global uchar *ma, global uchar *mb, uint n,
                  int sweeps) {
  uint i = get_global_id(0);
  for (int it = 0; it < sweeps; it++) {
    global int *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    global uchar *mark = (it & 1) ? ma : mb;
    if (i < n) {
      int x = smooth(src, i, n) + it;
      dst[i] = x;
      mark[i] = (uchar)(x + it);
    }
    gridsplit_grid_sync();
  }
}
