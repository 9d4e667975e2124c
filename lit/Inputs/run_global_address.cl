/* A written program-scope variable whose initializer holds an address
 * (lit/Run_global_initializers.ll): refused, since an address is known
 * only where the program is loaded. */
void gridsplit_grid_sync(void);

global int x[2] = {1, 2};
typedef struct {
  int n;
  global int *p;
} Q;
global Q q = {3, &x[1]};

kernel void k(global int *o) {
  size_t i = get_global_id(0);
  if (i == 0)
    q.n += 1;
  gridsplit_grid_sync();
  o[i] = q.n + *q.p;
}
