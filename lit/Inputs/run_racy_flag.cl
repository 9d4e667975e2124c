// Which grid barrier an invocation reaches depends on a value that every
// invocation loads from the same address while the others change it (a data
// race that the compiler cannot see: the address is uniform, so the branch
// looks grid-uniform). At -O0 the two barriers stay two sites; invocations
// disagree at run time (lit/Run_divergent_runtime.ll).
void gridsplit_grid_sync(void);

kernel void racy(volatile global int *flag, global int *out) {
  size_t i = get_global_id(0);
  int f = *flag;
  *flag = f + 1;
  if (f == 0) {
    gridsplit_grid_sync();
    out[i] = 2;
  } else {
    gridsplit_grid_sync();
    out[i] = 3;
  }
}

// The same choice on data loaded at an id-dependent address: the compiler
// sees that it depends on the invocation and refuses it.
kernel void flags_by_id(global const int *flags, global int *out) {
  size_t i = get_global_id(0);
  if (flags[i]) {
    gridsplit_grid_sync();
    out[i] = 1;
  } else {
    gridsplit_grid_sync();
    out[i] = 2;
  }
}
