/* A struct passed by value whose field bounds a loop holding grid barriers
 * (a dynamic schedule), and whose other field the loop changes in the
 * invocation's own copy (lit/Run_struct_arg.ll). */
void gridsplit_grid_sync(void);

typedef struct {
  int n;    /* offset 0 */
  short k;  /* 4, then 2 bytes of padding */
  long acc; /* 8; 16 bytes in all */
} L;

kernel void struct_loop(global long *out, L p) {
  int i = (int)get_global_id(0);
  for (int it = 0; it < p.n; it++) {
    p.acc += i * p.k + it;
    out[i] = p.acc;
    gridsplit_grid_sync();
    p.acc += out[(i + 1) % 8];
    gridsplit_grid_sync();
  }
  out[i] = p.acc;
}
