// Workgroup variables of every size live across a grid barrier
// (lit/Run_workgroup_variables.ll): one byte, three bytes, one word (an int
// and a float), a packed five-byte struct, and 37 shorts (74 bytes, more
// than the split copies in straight-line code). Each invocation packs what
// it reads after the barrier into four words.
void gridsplit_grid_sync(void);

typedef struct __attribute__((packed)) {
  uchar tag;
  uint value;
} packed_pair;

kernel void wg_vars(global uint *out) {
  local uchar one;
  local char three[3];
  local uint word;
  local float real;
  local packed_pair pair;
  local ushort shorts[37];
  uint g = get_group_id(0), l = get_local_id(0);
  if (l == 0) {
    one = 0x40 + g;
    real = 1.5f + g;
  }
  if (l == 1) {
    for (int i = 0; i < 3; i++)
      three[i] = 10 * g + i + 1;
    word = 0xA0B0C0D0u + g;
  }
  if (l == 2) {
    pair.tag = 0x70 + g;
    pair.value = 0x11223344u + g;
  }
  for (uint i = l; i < 37; i += get_local_size(0))
    shorts[i] = 1000 * g + i;
  gridsplit_grid_sync();
  size_t o = 4 * get_global_id(0);
  out[o] = one | (uchar)three[0] << 8 | (uchar)three[1] << 16 | (uint)(uchar)three[2] << 24;
  out[o + 1] = word;
  out[o + 2] = as_uint(real);
  out[o + 3] = pair.tag | (pair.value & 0xff) << 8 | (uint)shorts[(9 * l + 5) % 37] << 16;
}

// A one-word counter updated in a grid-uniform loop: a dynamic schedule,
// whose loop segment restores, updates and saves it at every launch.
kernel void wg_counter(global uint *out, int rounds) {
  local uint total;
  if (get_local_id(0) == 0)
    total = 7 + get_group_id(0);
  for (int r = 0; r < rounds; r++) {
    gridsplit_grid_sync();
    if (get_local_id(0) == 0)
      total += 1 + r;
  }
  gridsplit_grid_sync();
  out[get_global_id(0)] = total;
}
