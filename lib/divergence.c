/* The divergence checks of SPEC section 1, over the uniformity analysis
 * (lib/uniformity_ctx.h): a branch on an invocation-dependent value after which
 * live invocations can reach different barrier sites is an error, and so is
 * one that parts a workgroup across a workgroup barrier. */
#include "uniformity_ctx.h"

#include <stdlib.h>
#include <string.h>

/* The set without 0 (returning): an early return is never divergence. */
static void barriers_only(const gs_vec *from, gs_vec *to) {
  to->len = 0;
  for (size_t i = 0; i < from->len; i++)
    if (VEC_AT(from, int, i) != 0)
      VEC_PUSH(to, int, VEC_AT(from, int, i));
}

/* A grid-uniform branch whose ways lead to different next segments makes
 * the schedule dynamic (SPEC section 2: barriers inside uniform branches and
 * loops). */
static int has_uniform_choice(const uniformity *u, const first_barriers *fb) {
  for (size_t b = 0; b < u->n; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b));
    if (!term || map_get(&u->tainted, term, NULL))
      continue;
    unsigned ns = LLVMGetNumSuccessors(term);
    const gs_vec *first = NULL;
    for (unsigned k = 0; k < ns; k++) {
      intptr_t s;
      if (!map_get(&u->cfg->block_index, LLVMGetSuccessor(term, k), &s))
        continue;
      if (!first)
        first = &fb->next[s];
      else if (!same_set(first, &fb->next[s]))
        return 1;
    }
  }
  return 0;
}

static gs_error *check_branches(const uniformity *u, const first_barriers *fbr) {
  gs_error *err = NULL;
  first_barriers fb; /* the sets without returns */
  fb.next = gs_xcalloc(u->n, sizeof *fb.next);
  for (size_t b = 0; b < u->n; b++) {
    vec_init(&fb.next[b], sizeof(int));
    barriers_only(&fbr->next[b], &fb.next[b]);
  }
  for (size_t i = 0; i < u->branches.len && !err; i++) {
    LLVMValueRef br = VEC_AT(&u->branches, LLVMValueRef, i);
    const gs_vec *seen = NULL;
    unsigned ns = LLVMGetNumSuccessors(br);
    for (unsigned k = 0; k < ns && !err; k++) {
      intptr_t s;
      if (!map_get(&u->cfg->block_index, LLVMGetSuccessor(br, k), &s) || !fb.next[s].len)
        continue; /* this way only returns: allowed */
      if (!seen) {
        seen = &fb.next[s];
        continue;
      }
      if (same_set(seen, &fb.next[s]))
        continue;
      /* a site one way can reach that the other cannot */
      int a = -1, b = -1;
      for (size_t j = 0; j < seen->len && a < 0; j++) {
        int x = VEC_AT(seen, int, j), found = 0;
        for (size_t l = 0; l < fb.next[s].len; l++)
          found |= VEC_AT(&fb.next[s], int, l) == x;
        if (!found)
          a = x;
      }
      b = VEC_AT(&fb.next[s], int, 0);
      if (a < 0) {
        a = VEC_AT(seen, int, 0);
        for (size_t l = 0; l < fb.next[s].len; l++) {
          int x = VEC_AT(&fb.next[s], int, l), found = 0;
          for (size_t j = 0; j < seen->len; j++)
            found |= VEC_AT(seen, int, j) == x;
          if (!found)
            b = x;
        }
      }
      char *where = ir_describe(br);
      char *la = ir_location(VEC_AT(&u->cfg->barriers, LLVMValueRef, (size_t)a - 1));
      char *lb = ir_location(VEC_AT(&u->cfg->barriers, LLVMValueRef, (size_t)b - 1));
      size_t len;
      err = gs_errorf("kernel '%s': divergent grid barrier: the branch %s depends on the "
                      "invocation id, and invocations that take it can reach barrier %d%s%s%s "
                      "while others reach barrier %d%s%s%s; every invocation that has not "
                      "returned must reach the same barrier",
                      LLVMGetValueName2(u->cfg->fn, &len), where, a, la ? " (" : "", la ? la : "",
                      la ? ")" : "", b, lb ? " (" : "", lb ? lb : "", lb ? ")" : "");
      free(where);
      free(la);
      free(lb);
    }
  }
  for (size_t b = 0; b < u->n; b++)
    vec_free(&fb.next[b]);
  free(fb.next);
  return err;
}

/* A branch on a value that differs within a workgroup (U->within_workgroup)
 * after which some invocations can wait at a grid barrier while others of
 * their workgroup wait at a workgroup barrier is a deadlock with true grid barriers, and undefined
 * OpenCL in the segment (a workgroup barrier that not every work-item
 * reaches), which some runtimes do not survive. */
static int block_has_sync(const uniformity *u, size_t b) {
  LLVMBasicBlockRef bb = VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b);
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
    if (map_get(&u->cfg->barrier_site, in, NULL) || calls_workgroup_barrier(u->t, in))
      return 1;
  }
  return 0;
}

/* Whether a barrier of either kind lies between the branch BR and the point
 * where its ways join again (its block's immediate post-dominator): only
 * then can the branch itself part a workgroup. Past the join every invocation
 * that took either way runs the same code, and a later choice between a grid
 * and a workgroup barrier is a later branch's, checked on its own. */
static int barrier_before_join(const uniformity *u, LLVMValueRef br) {
  return region_holds(u, br, block_has_sync);
}

/* Whether the kernel calls a workgroup barrier: without one no branch can
 * part a workgroup between the two kinds, and check_workgroup_parting has
 * nothing to find. */
static int has_workgroup_barrier(const kernel_cfg *cfg, const gs_target *t) {
  for (size_t b = 0; b < cfg->blocks.len; b++) {
    LLVMBasicBlockRef bb = VEC_AT(&cfg->blocks, LLVMBasicBlockRef, b);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      if (calls_workgroup_barrier(t, in))
        return 1;
  }
  return 0;
}

static gs_error *check_workgroup_parting(const uniformity *u) {
  first_barriers fb;
  compute_first_syncs(u, &fb, 1);
  gs_error *err = NULL;
  for (size_t i = 0; i < u->branches.len && !err; i++) {
    LLVMValueRef br = VEC_AT(&u->branches, LLVMValueRef, i);
    if (!barrier_before_join(u, br))
      continue;
    unsigned ns = LLVMGetNumSuccessors(br);
    int grid = 0, workgroup = 0;
    for (unsigned k = 0; k < ns; k++) {
      intptr_t s;
      if (!map_get(&u->cfg->block_index, LLVMGetSuccessor(br, k), &s))
        continue;
      int g = 0, w = 0;
      for (size_t j = 0; j < fb.next[s].len; j++) {
        int x = VEC_AT(&fb.next[s], int, j);
        if (x > 0 && !g)
          g = x;
        w |= x < 0;
      }
      /* one way a grid barrier, another a workgroup barrier */
      if ((g && workgroup) || (w && grid)) {
        int site = g ? g : grid;
        char *where = ir_describe(br);
        char *loc = ir_location(VEC_AT(&u->cfg->barriers, LLVMValueRef, (size_t)site - 1));
        size_t len;
        err = gs_errorf("kernel '%s': divergent workgroup barrier: the branch %s depends on "
                        "the invocation id, and invocations that take it can wait at grid "
                        "barrier %d%s%s%s while others of their workgroup wait at a workgroup "
                        "barrier; a workgroup barrier must be reached by every invocation of "
                        "the workgroup that has not returned",
                        LLVMGetValueName2(u->cfg->fn, &len), where, site, loc ? " (" : "",
                        loc ? loc : "", loc ? ")" : "");
        free(where);
        free(loc);
        break;
      }
      if (g && !grid)
        grid = g;
      workgroup |= w;
    }
  }
  for (size_t b = 0; b < u->n; b++)
    vec_free(&fb.next[b]);
  free(fb.next);
  return err;
}

gs_error *uniformity_check(const kernel_cfg *cfg, const gs_target *t, int *uniform_choice,
                           gs_map *varying, int *divergent_return) {
  *uniform_choice = 0;
  if (!cfg->barriers.len)
    return NULL;
  uniformity u;
  uniformity_init(&u, cfg, t, UNIFORM_GRID);
  first_barriers fb;
  compute_first_barriers(&u, &fb);
  gs_error *err = check_branches(&u, &fb);
  if (!err && has_workgroup_barrier(cfg, t)) {
    /* parting within a workgroup: branches on the group id are uniform there */
    uniformity w;
    uniformity_init(&w, cfg, t, UNIFORM_WORKGROUP);
    err = check_workgroup_parting(&w);
    uniformity_free(&w);
  }
  *uniform_choice = has_uniform_choice(&u, &fb);
  if (!err && varying)
    uniformity_export(&u, &fb, varying, divergent_return);
  for (size_t b = 0; b < u.n; b++)
    vec_free(&fb.next[b]);
  free(fb.next);
  uniformity_free(&u);
  return err;
}
