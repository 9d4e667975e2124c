// Lloyd's k-means on 2-D points, k <= 16 clusters, a given number of
// iterations. Every point picks its nearest centroid (the first on a tie);
// every workgroup sums its points per cluster in fixed point with workgroup
// atomics and publishes the sums as its contribution; all_reduce adds the
// contributions of all workgroups (rank-major, in rank order) and gives
// every rank the totals; then the first k invocations move the centroids.
// Integer sums commute, so the result is the same on every device.
program kmeans;
workgroup_size 64;

buffer px:         read f32[?] @0;
buffer py:         read f32[?] @1;
buffer centroids:  readwrite f32[?] @2 output;   // x0 y0 x1 y1 ...: 2k
buffer assignment: write u32[?] @3 output;       // one per point
buffer partial:    readwrite i32[?] @4;          // 3k per workgroup: sum x, sum y, count
buffer totals:     readwrite i32[?] @5;          // 3k per workgroup, after all_reduce
buffer iterations: uniform u32[1] @6;
buffer acc:        workgroup i32[48];

kernel {
  let gid = global_id(0);
  let lid = local_id(0);
  let group = group_id(0);
  let groups = num_groups(0);
  let n = len(px);
  let k = len(centroids) / 2;
  let fields = 3 * k;

  for it in 0u32..iterations[0] {
    if lid < 48 {
      acc[lid] = 0;
    }
    workgroup_barrier;
    if gid < n {
      let x = px[gid];
      let y = py[gid];
      var best: u32 = 0;
      var best_d: f32 = 3.0e38;
      for c in 0u32..k {
        let dx = x - centroids[2 * c];
        let dy = y - centroids[2 * c + 1];
        let d = dx * dx + dy * dy;
        if d < best_d {
          best_d = d;
          best = c;
        }
      }
      assignment[gid] = best;
      atomic_add(acc, 3 * best, i32(x * 1024.0));
      atomic_add(acc, 3 * best + 1, i32(y * 1024.0));
      atomic_add(acc, 3 * best + 2, 1);
    }
    workgroup_barrier;
    if lid < fields {
      partial[group * fields + lid] = acc[lid];
    }
    all_reduce(add, partial, totals, fields, groups);
    if gid < k {
      let members = totals[3 * gid + 2];
      if members > 0 {
        let scale = 1024.0 * f32(members);
        centroids[2 * gid] = f32(totals[3 * gid]) / scale;
        centroids[2 * gid + 1] = f32(totals[3 * gid + 1]) / scale;
      }
    }
    grid_barrier;
  }
}
