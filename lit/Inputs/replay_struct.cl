/* A struct passed by value whose field bounds a loop of grid barriers, the
 * struct only read (lit/Run_replay.ll; checked by replay_struct.py). */
void gridsplit_grid_sync(void);

typedef struct {
  int rounds; /* offset 0 */
  short step; /* 4, then 2 bytes of padding */
  long base;  /* 8; 16 bytes in all */
} Steps;

kernel void struct_rounds(global long *out, global long *tmp, Steps p) {
  uint i = get_global_id(0), n = get_global_size(0);
  for (int r = 0; r < p.rounds; r++) {
    out[i] += p.base + r * p.step;
    gridsplit_grid_sync();
    tmp[i] = out[(i + 1) % n] & 7;
    gridsplit_grid_sync();
    out[i] += tmp[i];
  }
}
