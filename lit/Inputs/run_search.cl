// Temporal divergence (lit/Run_temporal_divergence.ll): each invocation
// looks for its key and leaves the loop at its own iteration, so the counter
// after the loop differs between invocations although it is the same for
// all of them inside the loop. It crosses the barrier, and invocations whose
// key is not found return early on it.
void gridsplit_grid_sync(void);

kernel void search(global const int *keys, global const int *table, global int *pos, int n) {
  size_t g = get_global_id(0);
  int k = keys[g];
  int i;
  for (i = 0; i < n; i++)
    if (table[i] == k)
      break;
  if (i == n)
    return; /* not found: no later segment may run for this invocation */
  gridsplit_grid_sync();
  pos[g] = i * 100 + (int)g;
}
