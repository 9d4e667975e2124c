// Stable stream compaction: keep the samples above a threshold, in their
// order. Every workgroup ranks its kept elements with a scan in workgroup
// memory and publishes its count; after a grid barrier each workgroup adds
// up the counts of the workgroups before it (its first invocation, shared
// through workgroup memory) and scatters its elements there. No atomics, so
// the output is the same on every device.
program stream_compact;
workgroup_size 64;

buffer input:     read f32[?] @0;
buffer threshold: uniform f32[1] @1;
buffer counts:    readwrite u32[?] @2;      // one per workgroup
buffer kept_values: write f32[?] @3 output;   // as many elements as input
buffer kept:      write u32[1] @4 output;
buffer rank:      workgroup u32[64];
buffer base:      workgroup u32[1];

kernel {
  let gid = global_id(0);
  let lid = local_id(0);
  let group = group_id(0);
  let n = len(input);

  var keep = false;
  var value: f32 = 0.0;
  if gid < n {
    value = input[gid];
    keep = value > threshold[0];
  }
  rank[lid] = u32(keep);
  workgroup_barrier;
  for level in 0u32..6 {
    let d = 1u32 << level;
    var v = rank[lid];
    if lid >= d {
      v = v + rank[lid - d];
    }
    workgroup_barrier;
    rank[lid] = v;
    workgroup_barrier;
  }
  if lid == 63 {
    counts[group] = rank[63];
  }
  grid_barrier;

  if lid == 0 {
    var before: u32 = 0;
    for g in 0u32..group {
      before = before + counts[g];
    }
    base[0] = before;
    if group == num_groups(0) - 1 {
      kept[0] = before + counts[group];
    }
  }
  workgroup_barrier;
  if keep {
    kept_values[base[0] + rank[lid] - 1] = value;
  }
}
