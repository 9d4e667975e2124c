/* Program-scope variables with aggregate initializers that the kernel
 * writes, so that the split carries them in the live state's header
 * (lit/Run_global_initializers.ll): a nested array, a struct with padding,
 * a string with a NUL inside, doubles. */
void gridsplit_grid_sync(void);

typedef struct {
  char c;     /* offset 0, then 3 bytes of padding */
  float f;    /* 4 */
  short h[3]; /* 8, then 2 bytes of padding */
  long l;     /* 16; 24 bytes in all */
} S;

global int v[4][2] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
global S s = {9, 2.5f, {-3, 4, 5}, 0x1122334455667788L};
global char str[7] = "hi\0x";
global double dd[2] = {0.1, -7.25};

kernel void globals(global int *o) {
  size_t i = get_global_id(0);
  if (i < 8)
    v[i / 2][i % 2] += 10 * (int)i;
  if (i == 0) {
    s.c += 1;
    s.h[2] *= 2;
    s.l += 1;
    str[1] = 'o';
    dd[1] *= 2.0;
  }
  gridsplit_grid_sync();
  o[i] = v[(7 - i) / 2][(7 - i) % 2] + s.c + (int)s.f + s.h[0] + s.h[2] + (int)(s.l & 0xff) +
         str[i % 7] + (int)dd[1];
}
