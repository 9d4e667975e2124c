// Power iteration for the dominant eigenvector of a dense n x n matrix,
// one row per invocation: y = A x, the infinity norm of y (a max tree in
// workgroup memory, then all_reduce(max) over the workgroups), x = y / |y|.
// lambda[it] records the norm of every iteration, which converges to the
// dominant eigenvalue for a matrix with non-negative entries.
program power_iteration;
workgroup_size 64;

buffer a:       read f32[?] @0;              // n * n, row-major
buffer x:       readwrite f32[?] @1 output;  // n: the start vector, then the estimate
buffer y:       readwrite f32[?] @2;         // n
buffer partial: readwrite f32[?] @3;         // one per workgroup
buffer norm:    readwrite f32[?] @4;         // one per workgroup, after all_reduce
buffer lambda:  write f32[?] @5 output;      // one per iteration
buffer red:     workgroup f32[64];

kernel {
  let i = global_id(0);
  let lid = local_id(0);
  let groups = num_groups(0);
  let n = len(x);

  for it in 0u32..len(lambda) {
    var yi: f32 = 0.0;
    if i < n {
      let row = i * n;
      for j in 0u32..n {
        yi = yi + a[row + j] * x[j];
      }
      y[i] = yi;
    }
    red[lid] = select(yi < 0.0, -yi, yi);
    workgroup_barrier;
    for level in 0u32..6 {
      let s = 32u32 >> level;
      if lid < s {
        red[lid] = select(red[lid + s] > red[lid], red[lid + s], red[lid]);
      }
      workgroup_barrier;
    }
    if lid == 0 {
      partial[group_id(0)] = red[0];
    }
    all_reduce(max, partial, norm, 1, groups);
    let scale = norm[0];
    if i < n {
      x[i] = y[i] / scale;
    }
    if i == 0 {
      lambda[it] = scale;
    }
    grid_barrier;
  }
}
