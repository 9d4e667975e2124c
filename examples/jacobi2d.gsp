// Damped Jacobi iterations for the Poisson equation -lap(u) = f on a
// width x height grid (the grid of invocations, one per cell), with the
// boundary cells held fixed. Each iteration computes the new value of every
// interior cell from its neighbours, waits at a grid barrier until every
// cell has been read, writes, and waits again. `u + omega * (avg - u)` is a
// multiply and an add, two roundings: never fused into an FMA.
program jacobi2d;
workgroup_size 8, 8;

buffer u:          readwrite f32[?] @0 output;   // width * height, row-major
buffer f:          read f32[?] @1;               // the right-hand side times h^2
buffer iterations: uniform u32[1] @2;
buffer change:     write f32[?] @3 output;       // |u_new - u_old| of the last iteration

kernel {
  let x = global_id(0);
  let y = global_id(1);
  let w = global_size(0);
  let h = global_size(1);
  let i = y * w + x;
  let interior = x > 0 && y > 0 && x + 1 < w && y + 1 < h;
  let omega = 0.8;

  for it in 0u32..iterations[0] {
    var next: f32 = 0.0;
    if interior {
      let old = u[i];
      let avg = 0.25 * (u[i - 1] + u[i + 1] + u[i - w] + u[i + w] + f[i]);
      next = old + omega * (avg - old);
    }
    grid_barrier;
    if interior {
      let d = next - u[i];
      change[i] = select(d < 0.0, -d, d);
      u[i] = next;
    }
    grid_barrier;
  }
}
