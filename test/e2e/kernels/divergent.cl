// A grid barrier in a loop whose trip count depends on the invocation: work-
// items that leave the loop early wait at the barrier after it while the
// others still wait inside it. Not a valid kernel (SPEC.md section 1);
// `gridsplit run` must refuse it with exit status 1, not hang or run on, and
// gs-reference reports the divergence it observes.
void gridsplit_grid_sync(void);

kernel void divergent_sites(global const int *trips, global int *out) {
  int i = get_global_id(0);
  for (int k = 0; k < trips[i]; ++k) {
    out[i] += k + 1;
    gridsplit_grid_sync();
  }
  gridsplit_grid_sync();
  out[i] *= 2;
}
