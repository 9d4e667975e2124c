void gridsplit_grid_sync(void);

/* the first byte of x is stored apart: SROA slices x into an i8 and an i56 */
kernel void byte_slice(global const ulong *in, global ulong *out, global uchar *tag) {
  size_t i = get_global_id(0);
  ulong x = in[i];
  ((uchar *)&x)[0] = tag[i];
  gridsplit_grid_sync();
  out[i] = x + 1;
}
