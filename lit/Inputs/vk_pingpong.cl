// Ping-pong buffers chosen by a sweep's parity (lit Run_vulkan_pingpong.ll):
// every sweep reads one of a and b and writes the other, adds into the
// written buffer's last word through the chosen pointer, and writes a byte
// into one of ma and mb, a grid barrier after each sweep. The split carries
// it across the barrier; each segment chooses the buffers again.
void gridsplit_grid_sync(void);

kernel void pingpong(global int *a, global int *b, global uchar *ma, global uchar *mb, uint n,
                     int sweeps) {
  uint i = get_global_id(0);
  for (int it = 0; it < sweeps; it++) {
    global int *src = (it & 1) ? b : a, *dst = (it & 1) ? a : b;
    global uchar *mark = (it & 1) ? ma : mb;
    if (i < n) {
      int c = src[i];
      int l = i > 0 ? src[i - 1] : c, r = i + 1 < n ? src[i + 1] : c;
      int x = (l + 2 * c + r) / 3 + it;
      dst[i] = x;
      atomic_add(dst + n, x & 7);
      mark[i] = (uchar)(x + it);
    }
    gridsplit_grid_sync();
  }
}
