// Grid queries in functions that a segment calls (lit Run_virtual_callees):
// with virtual workgroups every one must read the virtual workgroup, however
// deep the call and whether or not clang inlines it.
void gridsplit_grid_sync(void);

// The shape of issue 11: a helper kept as a call writes what the next
// segment reads.
__attribute__((noinline)) void put(global int *o) {
  o[get_global_id(0)] = 100 + (int)get_global_id(0);
}

kernel void callee(global int *o, global int *o2) {
  put(o);
  gridsplit_grid_sync();
  o2[get_global_id(0)] = o[get_global_id(0)];
}

// Every grid query of OpenCL C 6.15.1 that a dimension selects, two calls
// deep, called from three sites in two segments.
__attribute__((noinline)) int where(uint d) {
  return (int)(get_global_size(d) * 10000 + get_global_id(d) * 1000 + get_group_id(d) * 100 +
               get_num_groups(d) * 10 + get_local_id(d) + get_global_offset(d));
}

__attribute__((noinline)) int coords(uint d) { return where(d); }

__attribute__((noinline)) size_t linear(void) {
  return (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) +
         get_global_id(0);
}

__attribute__((noinline)) size_t linear_id(void) { return get_global_linear_id(); }

kernel void grid3d(global int *a, global int *b) {
  size_t i = linear();
  a[3 * i] = coords(0);
  a[3 * i + 1] = coords(1);
  a[3 * i + 2] = coords(2);
  gridsplit_grid_sync();
  size_t n = get_global_size(0) * get_global_size(1) * get_global_size(2);
  b[i] = a[3 * ((i + 1) % n)] + coords(2) + 1000000 * (linear_id() != i);
}

// A helper in a loop around the barriers (two call sites once the loop is
// rotated).
__attribute__((noinline)) void bump(global int *o, int r) {
  o[get_global_id(0)] += r * 10 + (int)get_group_id(0);
}

kernel void rounds(global int *o, global int *p, int n) {
  for (int r = 0; r < n; r++) {
    bump(o, r);
    gridsplit_grid_sync();
    p[get_global_id(0)] += o[(get_global_id(0) + 1) % get_global_size(0)];
    gridsplit_grid_sync();
  }
}

// Workgroup memory and workgroup barriers in callees: one that reads the
// group id (inlined), one that is given its ids (left a call).
__attribute__((noinline)) int tile_sum(local int *t, int v) {
  t[get_local_id(0)] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  int s = 0;
  for (uint j = 0; j < get_local_size(0); j++)
    s += t[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  return s + (int)get_group_id(0) * 1000;
}

__attribute__((noinline)) int tile_total(local int *t, int v, uint lid, uint size) {
  t[lid] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  int s = 0;
  for (uint j = 0; j < size; j++)
    s += t[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  return s;
}

kernel void tiles(global int *in, global int *o, global int *o2) {
  local int t[4];
  size_t g = get_global_id(0);
  o[g] = tile_sum(t, in[g]);
  gridsplit_grid_sync();
  o2[g] = tile_sum(t, o[(g + 4) % get_global_size(0)]) +
          10000 * tile_total(t, (int)g, (uint)get_local_id(0), (uint)get_local_size(0));
}
