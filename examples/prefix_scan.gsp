// Exclusive prefix sum of a runtime-sized u32 array, one element per
// invocation, in three phases: an inclusive Hillis-Steele scan of each
// workgroup's 64 elements in workgroup memory; an inclusive scan of the
// workgroup totals across the grid (every level reads, waits at a grid
// barrier, writes, waits again); each element adds its workgroup's offset.
// The values read before a grid barrier and used after it (`inclusive`, `x`,
// `s`) are what the split carries in the live state.
program prefix_scan;
workgroup_size 64;

buffer data:  read u32[?] @0;
buffer scan:  write u32[?] @1 output;    // as many elements as data
buffer sums:  readwrite u32[?] @2;       // one per workgroup
buffer total: write u32[1] @3 output;
buffer tile:  workgroup u32[64];

kernel {
  let gid = global_id(0);
  let lid = local_id(0);
  let group = group_id(0);
  let groups = num_groups(0);
  let n = len(data);

  var x: u32 = 0;
  if gid < n {
    x = data[gid];
  }
  tile[lid] = x;
  workgroup_barrier;
  for level in 0u32..6 {
    let d = 1u32 << level;
    var v = tile[lid];
    if lid >= d {
      v = v + tile[lid - d];
    }
    workgroup_barrier;
    tile[lid] = v;
    workgroup_barrier;
  }
  let inclusive = tile[lid];
  if lid == 63 {
    sums[group] = inclusive;
  }
  grid_barrier;

  for level in 0u32..32 {
    let d = 1u32 << level;
    if d < groups {
      var s: u32 = 0;
      if gid < groups {
        s = sums[gid];
        if gid >= d {
          s = s + sums[gid - d];
        }
      }
      grid_barrier;
      if gid < groups {
        sums[gid] = s;
      }
      grid_barrier;
    }
  }

  var offset: u32 = 0;
  if group > 0 {
    offset = sums[group - 1];
  }
  if gid < n {
    scan[gid] = offset + inclusive - x;
  }
  if gid == 0 {
    total[0] = sums[groups - 1];
  }
}
