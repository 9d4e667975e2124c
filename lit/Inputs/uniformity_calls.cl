// Values carried across a grid barrier that come from calls and memory
// (lit/Split_uniformity_calls.ll): uniform only where that is proven.
void gridsplit_grid_sync(void);
int external_value(int);

__attribute__((noinline)) void take_ticket(global int *counter, int *t) { *t = atomic_inc(counter); }

// the ticket comes back through private memory; the return on it parts
// invocations
kernel void out_param(global int *counter, global int *o, int limit) {
  int t;
  take_ticket(counter, &t);
  if (t >= limit)
    return;
  gridsplit_grid_sync();
  o[get_global_id(0)] = t;
}

// a declaration known for nothing: its result may differ
kernel void unknown_declaration(global int *o, int n) {
  int v = external_value(n);
  gridsplit_grid_sync();
  o[get_global_id(0)] = v;
}

// workgroup memory read through a generic pointer in the kernel itself
kernel void generic_local(global const int *in, global int *o) {
  local int s[4];
  size_t l = get_local_id(0);
  s[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p = s;
  int v = p[3];
  gridsplit_grid_sync();
  o[get_global_id(0)] = v;
}

// proven uniform: arithmetic on arguments, and a buffer read at a uniform
// index, in noinline helpers
__attribute__((noinline)) int scale(int a) { return a * 3 + 1; }
__attribute__((noinline)) int at(global const int *p, int i) { return p[i]; }

kernel void uniform_helpers(global const int *in, global int *o, int n) {
  int a = scale(n);
  int b = at(in, n);
  gridsplit_grid_sync();
  o[get_global_id(0)] = a + b;
}
