// Histogram of f32 samples into 64 equal-width bins over [lo, hi), then
// normalised: every workgroup counts its grid-strided share in workgroup
// memory with atomics, merges its counts into the global bins, and after a
// grid barrier the first 64 invocations write the frequencies and the
// cumulative distribution. Samples below lo (and NaNs) land in bin 0, those
// at or above hi in bin 63: the float-to-integer cast saturates.
program histogram;
workgroup_size 64;

buffer samples: read f32[?] @0;
buffer range:   uniform f32[2] @1;           // lo, hi
buffer bins:    readwrite u32[64] @2 output;
buffer freq:    write f32[64] @3 output;
buffer cdf:     write f32[64] @4 output;
buffer counts:  workgroup u32[64];

kernel {
  let gid = global_id(0);
  let lid = local_id(0);
  let size = global_size(0);
  let n = len(samples);
  let lo = range[0];
  let scale = 64.0 / (range[1] - lo);

  if gid < 64 {
    bins[gid] = 0;
  }
  counts[lid] = 0;
  workgroup_barrier;
  for k in 0u32..(n + size - 1) / size {
    let i = k * size + gid;
    if i < n {
      var bin = u32((samples[i] - lo) * scale);
      if bin > 63 {
        bin = 63;
      }
      atomic_add(counts, bin, 1);
    }
  }
  workgroup_barrier;
  grid_barrier;   // every bin is zero before any workgroup merges
  let mine = counts[lid];
  if mine != 0 {
    atomic_add(bins, lid, mine);
  }
  grid_barrier;

  if gid < 64 {
    let total = f32(n);
    freq[gid] = f32(bins[gid]) / total;
    var below: u32 = 0;
    for b in 0u32..gid + 1 {
      below = below + bins[b];
    }
    cdf[gid] = f32(below) / total;
  }
}
