// Results of calls that are not inlined (lit/Run_call_uniformity.ll):
// 'tickets' draws a ticket from a global counter in a noinline helper (one
// atomic_inc), keeps it across the barrier, and returns early when the
// ticket is past the limit; every ticket below the limit is drawn once, so
// the histogram and count are the same in every order. 'first_in_group'
// reads workgroup memory in a noinline helper through a generic pointer (the
// workgroup's first input); the same helper on a private array gives a value
// that is the same everywhere.
void gridsplit_grid_sync(void);

__attribute__((noinline)) int next_ticket(global int *counter) { return atomic_inc(counter); }

kernel void tickets(global int *counter, global int *hist, global int *served, int limit) {
  int t = next_ticket(counter);
  if (t >= limit)
    return;
  gridsplit_grid_sync();
  atomic_add(&hist[t], 1);
  atomic_add(served, 1);
}

__attribute__((noinline)) int first(const int *p) { return p[0]; }

kernel void first_in_group(global const int *in, global int *out, int base) {
  local int shared[4];
  size_t l = get_local_id(0), g = get_global_id(0);
  shared[l] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int coef[2] = {base, base + 1};
  int lead = first(shared);
  int c = first(coef);
  gridsplit_grid_sync();
  out[g] = lead * 10 + c;
}
