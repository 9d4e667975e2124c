void gridsplit_grid_sync(void);

/* at -O1 clang tags both loop nests with !llvm.loop; an inner loop's exit
 * is also the outer loop's */
kernel void nested_loops(global const int *in, global int *a, global int *b, int n) {
  size_t i = get_global_id(0);
  int s = 0;
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++) {
      if (in[k] > j + (int)i)
        break;
      s += in[(j + k) % 8];
    }
  a[i] = s;
  gridsplit_grid_sync();
  int t = 0;
  for (int j = 0; j < n; j++)
    for (int k = 0; k < j; k++)
      t += a[(i + k) % 8];
  b[i] = t;
}
