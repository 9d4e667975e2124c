// Data-parallel linear regression with a sharded optimizer (as ZeRO stage 1
// does it), every workgroup a rank: broadcast gives every rank rank 0's
// initial weights; in every step each rank computes the squared-error
// gradient over its own rows, reduce_scatter sums the gradients and leaves
// rank r the summed slice r of them, each rank updates its slice of the
// weights, and all_gather gives every rank all the updated slices;
// all_reduce adds the ranks' losses. d must be a multiple of the number of
// workgroups, and the rows divide evenly among them.
program sharded_sgd;
workgroup_size 64;

buffer features:   read f32[?] @0;              // m rows of d features, row-major
buffer targets:    read f32[?] @1;              // m
buffer w_init:     read f32[?] @2;              // d
buffer weights:    readwrite f32[?] @3 output;  // d per rank, rank-major
buffer grads:      readwrite f32[?] @4;         // d per rank
buffer grad_slice: readwrite f32[?] @5;         // d: rank r's summed slice at r * d / ranks
buffer w_slice:    readwrite f32[?] @6;         // d
buffer loss_part:  readwrite f32[?] @7;         // one per rank
buffer loss_all:   readwrite f32[?] @8;         // one per rank, after all_reduce
buffer losses:     write f32[?] @9 output;      // the mean squared error before every step
buffer rate:       uniform f32[1] @10;
buffer err:        workgroup f32[64];

kernel {
  let lid = local_id(0);
  let rank = group_id(0);
  let ranks = num_groups(0);
  let d = len(w_init);
  let s = d / ranks;
  let m = len(targets);
  let rows = m / ranks;
  let first_row = rank * rows;
  let mine = rank * d;

  broadcast(w_init, weights, d, ranks, 0);
  for iteration in 0u32..len(losses) {
    for j in lid..d step 64 {
      grads[mine + j] = 0.0;
    }
    var loss: f32 = 0.0;
    for chunk in 0u32..(rows + 63) / 64 {
      let row = chunk * 64 + lid;
      var r: f32 = 0.0;
      if row < rows {
        let base = (first_row + row) * d;
        var pred: f32 = 0.0;
        for j in 0u32..d {
          pred = pred + features[base + j] * weights[mine + j];
        }
        r = pred - targets[first_row + row];
        loss = loss + r * r;
      }
      err[lid] = r;
      workgroup_barrier;
      for j in lid..d step 64 {
        var g = grads[mine + j];
        for q in 0u32..64 {
          let rq = chunk * 64 + q;
          if rq < rows {
            g = g + err[q] * features[(first_row + rq) * d + j];
          }
        }
        grads[mine + j] = g;
      }
      workgroup_barrier;
    }

    err[lid] = loss;
    workgroup_barrier;
    for level in 0u32..6 {
      let half = 32u32 >> level;
      if lid < half {
        err[lid] = err[lid] + err[lid + half];
      }
      workgroup_barrier;
    }
    if lid == 0 {
      loss_part[rank] = err[0];
    }
    all_reduce(add, loss_part, loss_all, 1, ranks);
    reduce_scatter(add, grads, grad_slice, s, ranks);
    let scale = rate[0] * 2.0 / f32(m);
    for k in lid..s step 64 {
      let at = rank * s + k;
      w_slice[at] = weights[mine + at] - scale * grad_slice[at];
    }
    all_gather(w_slice, weights, s, ranks);
    if rank == 0 && lid == 0 {
      losses[iteration] = loss_all[0] / f32(m);
    }
  }
}
