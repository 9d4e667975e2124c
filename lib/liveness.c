/* Liveness across barriers: for every barrier site, the SSA values (allocas
 * included) that are defined before it and used after it. This is the
 * crossing analysis of LLVM's coroutine frame (SuspendCrossingInfo) with grid
 * barriers as suspend points.
 *
 * Per value, walk backward from each use to the definition; every barrier
 * passed on the way is one the value is live across. Positions within blocks
 * and each block's barrier list make a walk cost the blocks it visits. */
#include "gs.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  int pos, site;
} barrier_pos;

typedef struct {
  const kernel_cfg *cfg;
  gs_map position;  /* instruction -> index in its block, in blocks with barriers */
  gs_vec *barriers; /* per block: barrier_pos in order */
  int *visited;     /* per block: stamp of the value whose walk entered it at its end */
  int *crossed;     /* per site: stamp of the value last recorded live across it */
  gs_vec work;
} liveness_ctx;

static int block_index(const liveness_ctx *c, LLVMBasicBlockRef bb) {
  intptr_t b = -1;
  map_get(&c->cfg->block_index, bb, &b);
  return (int)b;
}

/* Records the barriers of block B at positions in (lo, hi). */
static void cross(liveness_ctx *c, int b, int lo, int hi, int stamp, barrier_liveness *out,
                  LLVMValueRef v) {
  const gs_vec *bl = &c->barriers[b];
  for (size_t i = 0; i < bl->len; i++) {
    const barrier_pos *p = &VEC_AT(bl, barrier_pos, i);
    if (p->pos > lo && p->pos < hi && c->crossed[p->site] != stamp) {
      c->crossed[p->site] = stamp;
      VEC_PUSH(&out->live[p->site - 1], LLVMValueRef, v);
    }
  }
}

static void enter_preds(liveness_ctx *c, LLVMBasicBlockRef bb, int stamp) {
  /* predecessors: users of the block that are terminators */
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsATerminatorInst(user))
      continue;
    int p = block_index(c, LLVMGetInstructionParent(user));
    if (p >= 0 && c->visited[p] != stamp) {
      c->visited[p] = stamp;
      VEC_PUSH(&c->work, int, p);
    }
  }
}

static void value_liveness(liveness_ctx *c, LLVMValueRef v, int stamp, barrier_liveness *out) {
  int def_block = block_index(c, LLVMGetInstructionParent(v));
  intptr_t def_pos = 0;
  map_get(&c->position, v, &def_pos);
  c->work.len = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    /* markers are dropped from the segments: their uses keep nothing alive */
    if (!LLVMIsAInstruction(user) || ir_is_marker(user))
      continue;
    int ub;
    int upos;
    if (LLVMIsAPHINode(user)) {
      /* a phi uses its value at the end of the incoming block */
      unsigned n = LLVMCountIncoming(user);
      for (unsigned k = 0; k < n; k++) {
        if (LLVMGetIncomingValue(user, k) != v)
          continue;
        int pb = block_index(c, LLVMGetIncomingBlock(user, k));
        if (pb < 0 || c->visited[pb] == stamp)
          continue;
        c->visited[pb] = stamp;
        VEC_PUSH(&c->work, int, pb);
      }
      continue;
    }
    ub = block_index(c, LLVMGetInstructionParent(user));
    if (ub < 0)
      continue;
    /* in the definition's own block, with no barrier there, nothing lies
     * between them (a use other than a phi's follows its definition) */
    if (ub == def_block && !c->barriers[ub].len)
      continue;
    intptr_t p = 0;
    map_get(&c->position, user, &p);
    upos = (int)p;
    if (ub == def_block && def_pos < upos) {
      cross(c, ub, (int)def_pos, upos, stamp, out, v);
      continue;
    }
    cross(c, ub, -1, upos, stamp, out, v);
    enter_preds(c, LLVMGetInstructionParent(user), stamp);
  }
  while (c->work.len) {
    int b = VEC_AT(&c->work, int, --c->work.len);
    if (b == def_block) {
      cross(c, b, (int)def_pos, 1 << 30, stamp, out, v);
      continue;
    }
    cross(c, b, -1, 1 << 30, stamp, out, v);
    enter_preds(c, VEC_AT(&c->cfg->blocks, LLVMBasicBlockRef, b), stamp);
  }
}

void liveness_compute(const kernel_cfg *cfg, barrier_liveness *out) {
  size_t nb = cfg->blocks.len, nsites = cfg->barriers.len;
  out->nsites = nsites;
  out->live = gs_xcalloc(nsites ? nsites : 1, sizeof *out->live);
  for (size_t i = 0; i < nsites; i++)
    vec_init(&out->live[i], sizeof(LLVMValueRef));
  if (!nsites)
    return;
  liveness_ctx c;
  c.cfg = cfg;
  map_init(&c.position);
  c.barriers = gs_xcalloc(nb, sizeof *c.barriers);
  c.visited = gs_xmalloc(nb * sizeof(int));
  c.crossed = gs_xmalloc((nsites + 1) * sizeof(int));
  vec_init(&c.work, sizeof(int));
  for (size_t b = 0; b < nb; b++) {
    vec_init(&c.barriers[b], sizeof(barrier_pos));
    c.visited[b] = -1;
  }
  /* positions matter only in the blocks that hold barriers: elsewhere no
   * barrier lies between two points of a block. Each such block once, from
   * its first barrier site (the walk lists all of the block's). */
  for (size_t i = 0; i < nsites; i++) {
    int b = block_index(&c, LLVMGetInstructionParent(VEC_AT(&cfg->barriers, LLVMValueRef, i)));
    if (b < 0 || c.barriers[b].len)
      continue;
    int pos = 0;
    for (LLVMValueRef in = LLVMGetFirstInstruction(VEC_AT(&cfg->blocks, LLVMBasicBlockRef, b));
         in; in = LLVMGetNextInstruction(in), pos++) {
      map_put(&c.position, in, pos);
      intptr_t site;
      if (map_get(&cfg->barrier_site, in, &site))
        VEC_PUSH(&c.barriers[b], barrier_pos, ((barrier_pos){pos, (int)site}));
    }
  }
  for (size_t i = 0; i <= nsites; i++)
    c.crossed[i] = -1;
  int stamp = 0;
  for (size_t b = 0; b < nb; b++)
    for (LLVMValueRef in = LLVMGetFirstInstruction(VEC_AT(&cfg->blocks, LLVMBasicBlockRef, b));
         in; in = LLVMGetNextInstruction(in)) {
      if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVoidTypeKind)
        continue;
      value_liveness(&c, in, stamp++, out);
    }
  for (size_t b = 0; b < nb; b++)
    vec_free(&c.barriers[b]);
  free(c.barriers);
  free(c.visited);
  free(c.crossed);
  vec_free(&c.work);
  map_free(&c.position);
}

void liveness_free(barrier_liveness *l) {
  for (size_t i = 0; i < l->nsites; i++)
    vec_free(&l->live[i]);
  free(l->live);
}
