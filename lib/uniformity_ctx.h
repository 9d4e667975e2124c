/* The uniformity analysis's state, shared by its files: uniformity.c (what
 * depends on the invocation), postdom.c (the CFG facts it needs) and
 * divergence.c (the checks of SPEC section 1). */
#ifndef GS_UNIFORMITY_CTX_H
#define GS_UNIFORMITY_CTX_H

#include "gs.h"

#include <string.h>

/* What the analysis counts as differing: between invocations of the grid,
 * within a workgroup (group ids are uniform there), or between runs with the
 * same scalar arguments and grid (every read of memory and buffer address
 * differs, an id does not; path_from_arguments) */
typedef enum { UNIFORM_GRID, UNIFORM_WORKGROUP, UNIFORM_ARGUMENTS } uniformity_mode;

typedef struct {
  const kernel_cfg *cfg;
  const gs_target *t;
  size_t n;              /* blocks */
  int *ipdom;            /* per block: immediate post-dominator, n = virtual exit */
  int *scc;              /* per block: its strongly connected component */
  int *reach, *stamp;    /* per block, zero between uses: taint_controlled's */
  gs_vec region;         /* int: the blocks taint_controlled marked */
  gs_map tainted;        /* value -> 1 */
  gs_map tainted_memory; /* alloca or id global -> 1 */
  gs_vec work;           /* values */
  gs_vec branches;       /* tainted terminators */
  gs_map summaries;      /* defined function -> callee_summary * */
  gs_map temporal;       /* value -> 1: observed after a loop that invocations leave apart */
  int within_workgroup;  /* only what differs inside a workgroup: group ids are uniform */
  int from_arguments;    /* UNIFORM_ARGUMENTS */
} uniformity;

/* next[b]: the barrier sites an invocation entering block b can reach first,
 * and 0 when it can return before any (with workgroup barriers counted: -1
 * when it can reach a workgroup barrier first) */
typedef struct {
  gs_vec *next; /* per block: sorted int */
} first_barriers;

/* two sorted sets of first barriers hold the same sites */
static inline int same_set(const gs_vec *a, const gs_vec *b) {
  /* empty vectors hold no storage, and memcmp's pointers must not be null */
  return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len * sizeof(int)));
}

/* whether IN is a call to one of the target's workgroup barriers */
static inline int calls_workgroup_barrier(const gs_target *t, LLVMValueRef in) {
  const char *callee = ir_is_call(in) ? ir_callee_name(in) : NULL;
  return callee && t->is_workgroup_barrier(in, callee, 0);
}

/* postdom.c */
int block_of(const uniformity *u, LLVMValueRef inst);
/* u->ipdom (n = the virtual exit) and u->scc */
void compute_ipdom(uniformity *u);
/* Whether HOLDS is true of a block between branch BR and the point where its
 * ways join again (its block's immediate post-dominator; the exit, where
 * they join only there) */
int region_holds(const uniformity *u, LLVMValueRef br, int (*holds)(const uniformity *, size_t));

/* uniformity.c */
void uniformity_init(uniformity *u, const kernel_cfg *cfg, const gs_target *t,
                     uniformity_mode mode);
void uniformity_free(uniformity *u);
/* FB->next per block, counting grid barriers, and with WORKGROUP also
 * workgroup barriers (-1) */
void compute_first_syncs(const uniformity *u, first_barriers *fb, int workgroup);
void compute_first_barriers(const uniformity *u, first_barriers *fb);
/* uniformity_facts' results from U (not within a workgroup) and FB:
 * VARYING, which held nothing, takes U's tainted set (U no longer has it)
 * and the temporally divergent values */
void uniformity_export(uniformity *u, const first_barriers *fb, gs_map *varying,
                       int *divergent_return);

#endif
