// Workgroup memory written before a grid barrier and read after it: the
// split saves it to global memory and restores it per workgroup (SPEC.md
// section 2). A program-scope counter, bumped once per workgroup, checks
// that program-scope globals stay shared by every workgroup.
void gridsplit_grid_sync(void);

#define TILE 64

global int groups_seen = 0;

kernel void local_carry(global const int *in, global int *out,
                        global int *totals, int n) {
  local int tile[TILE];
  local int group_total;
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int lsz = get_local_size(0);
  int grp = get_group_id(0);

  tile[lid] = gid < n ? in[gid] : 0;
  if (lid == 0)
    group_total = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&group_total, tile[lid]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    totals[grp] = group_total;
    atomic_inc(&groups_seen);
  }

  gridsplit_grid_sync();

  // tile and group_total were written before the grid barrier.
  int next = (grp + 1) % (int)get_num_groups(0);
  int mirrored = tile[lsz - 1 - lid];
  if (gid < n)
    out[gid] = mirrored * 7 + group_total - totals[next] + groups_seen;
}
