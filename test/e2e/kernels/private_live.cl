// A private array filled before a grid barrier and read and updated after
// it, inside a loop: the split must carry the whole array in the live state
// (SPEC.md section 2). Indices depend on the round, so the array cannot be
// promoted to registers. Work-items past n take part in every barrier.
void gridsplit_grid_sync(void);

#define SLOTS 8

kernel void private_carry(global const int *in, global int *board,
                          global int *out, int n, int rounds) {
  int i = get_global_id(0);
  int keep[SLOTS];
  for (int k = 0; k < SLOTS; ++k)
    keep[k] = i < n ? in[i] * (k + 1) + k : -k;

  for (int r = 0; r < rounds; ++r) {
    int s = 0;
    for (int k = 0; k < SLOTS; ++k)
      s += keep[(k + r) % SLOTS] * (k + 1);
    if (i < n)
      board[i] = s;
    gridsplit_grid_sync();
    if (i < n) {
      int left = board[(i + n - 1) % n];
      int right = board[(i + 1) % n];
      keep[r % SLOTS] ^= left;
      keep[(r + 3) % SLOTS] += right >> 2;
    }
    gridsplit_grid_sync();
  }
  if (i < n)
    for (int k = 0; k < SLOTS; ++k)
      out[i * SLOTS + k] = keep[k];
}
