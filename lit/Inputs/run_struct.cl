/* A struct passed by value (lit/Run_struct_arg.ll): padding after `tag` and
 * after `s`, a helper that is not inlined reading the kernel's own copy
 * through a pointer, the copy changed before the grid barrier, and a
 * pointer into it that crosses the barrier. */
void gridsplit_grid_sync(void);

typedef struct {
  char tag;    /* offset 0, then 3 bytes of padding */
  float scale; /* 4 */
  short s[3];  /* 8, then 2 bytes of padding */
  long base;   /* 16; 24 bytes in all */
} P;

__attribute__((noinline)) long pick(const P *q, int i) { return (i & 1) ? q->s[i % 3] : q->base; }

kernel void run_struct(global int *out, P p, global long *out2) {
  int i = (int)get_global_id(0);
  out[i] = p.tag + (int)(p.scale * (float)i);
  p.base += i; /* the invocation's own copy */
  p.s[1] = (short)(p.s[1] * 2);
  short *f = (i & 2) ? &p.s[0] : &p.s[2];
  gridsplit_grid_sync();
  out2[i] = pick(&p, i) + *f + p.tag;
}
