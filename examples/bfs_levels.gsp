// Level-synchronous breadth-first search on a graph in CSR form, one
// invocation per node. In level L every node at distance L relaxes its
// neighbours with atomic_min and counts the nodes it reached first; after a
// grid barrier, a level that reached no node ends the search for every
// invocation (a grid-uniform return). Unreached nodes end with distance -1.
// The atomics commute, so the distances and the level sizes do not depend
// on the order in which the invocations run.
program bfs_levels;
workgroup_size 64;

buffer offsets:  read u32[?] @0;            // nodes + 1
buffer columns:  read u32[?] @1;            // the neighbours of every node
buffer source:   uniform u32[1] @2;
buffer dist:     readwrite i32[?] @3 output;   // nodes
buffer frontier: readwrite u32[?] @4 output;   // the size of every level; its length bounds the levels

kernel {
  let v = global_id(0);
  let nodes = len(offsets) - 1;
  let levels = len(frontier);
  let unreached = 2147483647i32;

  if v < nodes {
    dist[v] = select(v == source[0], 0, unreached);
  }
  if v < levels {
    frontier[v] = select(v == 0, 1, 0);
  }
  grid_barrier;

  for level in 0u32..levels - 1 {
    if frontier[level] == 0 {
      if v < nodes && dist[v] == unreached {
        dist[v] = -1;
      }
      return;
    }
    let next = i32(level) + 1;
    if v < nodes && dist[v] == i32(level) {
      for e in offsets[v]..offsets[v + 1] {
        let old = atomic_min(dist, columns[e], next);
        if old > next {
          atomic_add(frontier, level + 1, 1);
        }
      }
    }
    grid_barrier;
  }
  if v < nodes && dist[v] == unreached {
    dist[v] = -1;
  }
}
