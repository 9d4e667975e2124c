/* The split (SPEC section 2): every kernel with grid barriers becomes segment
 * kernels `<kernel>.seg<i>`, built as re-entered copies of the kernel
 * (DESIGN.md). The work happens in a scratch copy of the module: callees that
 * hold barriers are inlined and private variables promoted to SSA there, the
 * segments are built, and only then, once everything has succeeded and
 * verified, are the segments linked into the caller's module. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "gridsplit/split.h"

#include "split_steps.h"

#include <llvm-c/Comdat.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One round of instcombine, as the pipelines of opt run it: from LLVM 18 on,
 * a round that leaves more to combine is a fatal error unless told not to
 * check (bitonic_sort's remapped index arithmetic on LLVM 22) */
#if GS_LLVM_MAJOR >= 18
#define GS_INSTCOMBINE "instcombine<no-verify-fixpoint>"
#else
#define GS_INSTCOMBINE "instcombine"
#endif

/* Only the segments leave the scratch module: everything else becomes
 * available_externally (the caller's module has the definitions), and what
 * nothing uses any more is deleted, so that linking adds just the segments. */
static void prune_scratch(LLVMModuleRef c, const gs_map *segments) {
  for (LLVMValueRef f = LLVMGetFirstFunction(c); f; f = LLVMGetNextFunction(f)) {
    if (map_get(segments, f, NULL) || !LLVMCountBasicBlocks(f))
      continue;
    LLVMLinkage l = LLVMGetLinkage(f);
    if (l != LLVMInternalLinkage && l != LLVMPrivateLinkage) {
      LLVMSetLinkage(f, LLVMAvailableExternallyLinkage);
      LLVMSetComdat(f, NULL);
    }
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(c); g; g = LLVMGetNextGlobal(g)) {
    LLVMLinkage l = LLVMGetLinkage(g);
    if (LLVMGetInitializer(g) && l != LLVMInternalLinkage && l != LLVMPrivateLinkage) {
      LLVMSetLinkage(g, LLVMAvailableExternallyLinkage);
      LLVMSetComdat(g, NULL);
    }
  }
  int changed = 1;
  while (changed) {
    changed = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (!map_get(segments, f, NULL) && !LLVMGetFirstUse(f)) {
        LLVMDeleteFunction(f);
        changed = 1;
      }
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(c), next; g; g = next) {
      next = LLVMGetNextGlobal(g);
      if (!LLVMGetFirstUse(g)) {
        LLVMDeleteGlobal(g);
        changed = 1;
      }
    }
  }
}

/* A struct passed by value (`byval`) is the invocation's own copy, which the
 * kernel may change; every launch of a segment gets the host's bytes afresh.
 * So the kernel to split works on a private variable initialised from the
 * argument at its entry: what it changes then lives in private memory,
 * carried across barriers like any other (or promoted by sroa), and the
 * argument itself is only ever read, so reading it again in a later segment
 * gives what the first read gave. A `byref` struct (AMDGPU) is constant
 * memory, never written, and is left as it is. */
static int copy_value_args(LLVMValueRef f, LLVMTargetDataRef td) {
  int copies = 0;
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned align_kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
  for (unsigned i = 0; i < LLVMCountParams(f); i++) {
    LLVMValueRef arg = LLVMGetParam(f, i);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f, i + 1, byval);
    if (!a || !LLVMGetFirstUse(arg))
      continue;
    LLVMTypeRef ty = LLVMGetTypeAttributeValue(a);
    LLVMAttributeRef al = LLVMGetEnumAttributeAtIndex(f, i + 1, align_kind);
    unsigned align = al ? (unsigned)LLVMGetEnumAttributeValue(al) : 0;
    if (align < LLVMABIAlignmentOfType(td, ty))
      align = LLVMABIAlignmentOfType(td, ty);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    LLVMPositionBuilderBefore(b, first);
    LLVMValueRef copy = LLVMBuildAlloca(b, ty, "");
    LLVMSetAlignment(copy, align);
    LLVMValueRef use = copy;
    if (LLVMTypeOf(copy) != LLVMTypeOf(arg))
      use = LLVMBuildAddrSpaceCast(b, copy, LLVMTypeOf(arg), "");
    LLVMReplaceAllUsesWith(arg, use);
    LLVMBuildMemCpy(b, copy, align, arg, align,
                    LLVMConstInt(LLVMIntPtrTypeInContext(ctx, td), LLVMABISizeOfType(td, ty), 0));
    size_t len;
    const char *name = LLVMGetValueName2(arg, &len);
    char *copy_name = gs_xmalloc(len + 6);
    snprintf(copy_name, len + 6, "%s.copy", name);
    LLVMSetValueName2(copy, copy_name, strlen(copy_name));
    free(copy_name);
    copies++;
  }
  LLVMDisposeBuilder(b);
  return copies;
}

static int has_allocas(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMAlloca)
          return 1;
  return 0;
}

/* The names the split gives its segments must be free: a module that holds
 * `k.seg0` already is most likely a split's output (or the plugin ran twice),
 * and linking would fail on the name. */
static gs_error *check_segment_names(LLVMModuleRef m, const gs_analysis *a) {
  for (size_t k = 0; k < a->kernels.len; k++) {
    const kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
    for (size_t s = 0; kr->barriers && s < kr->nsegments; s++) {
      char *name = segment_function_name(kr->name, kr->barriers, s);
      int taken = LLVMGetNamedFunction(m, name) || LLVMGetNamedGlobal(m, name) ||
                  LLVMGetNamedGlobalAlias(m, name, strlen(name));
      gs_error *e = taken ? gs_errorf("kernel '%s': the module already holds '%s', the name of the "
                                      "kernel's segment %zu: it looks split already (gridsplit "
                                      "splits a module once; give it the unsplit input)",
                                      kr->name, name, s)
                          : NULL;
      free(name);
      if (e)
        return e;
    }
  }
  return NULL;
}

static gs_error *link_segments(LLVMModuleRef dst, LLVMModuleRef src) {
  /* LLVMLinkModules2 says why it failed to the diagnostic handler */
  diag_scope d;
  diag_scope_open(&d, LLVMGetModuleContext(dst));
  LLVMBool failed = LLVMLinkModules2(dst, src);
  char *msg = diag_scope_close(&d);
  gs_error *e = failed ? gs_errorf("internal error: linking the segments into the module failed: "
                                   "%s",
                                   msg ? msg : "LLVM gave no reason")
                       : NULL;
  free(msg);
  return e;
}

#define COUNT(a) (sizeof a / sizeof *a)

/* One kernel's steps. Each fills its part of C, which the later steps
 * read; an error stops the kernel's split with the module untouched. */

/* Segments, uniformity and access are found again only where prepare
 * changed the kernel: otherwise the analysis step's are the same
 * (C->analysed). */
static gs_error *step_segments(split_ctx *c, kernel_result *kr) {
  (void)kr;
  return c->analysed ? NULL : cfg_build(&c->cfg, c->kernel, c->opts);
}

/* the status word tells a segment which invocations returned: needed only
 * where invocations can part between returning and reaching a barrier (a
 * uniform return ends the schedule for all, through the control word) */
static gs_error *step_uniformity(split_ctx *c, kernel_result *kr) {
  (void)kr;
  if (!c->analysed)
    uniformity_facts(&c->cfg, c->t, &c->varying, &c->track_status);
  return NULL;
}

static gs_error *step_access(split_ctx *c, kernel_result *kr) {
  (void)kr;
  if (!c->analysed)
    access_analyze(&c->access, c->m, c->kernel, -1, c->t, c->cache, c->warnings);
  return NULL;
}

static gs_error *step_liveness(split_ctx *c, kernel_result *kr) {
  (void)kr;
  liveness_compute(&c->cfg, &c->live);
  return NULL;
}

static gs_error *step_remat(split_ctx *c, kernel_result *kr) {
  (void)kr;
  remat_init(&c->remat, &c->cfg, c->t, layout_load_recomputable, layout_reload_ok, c);
  return NULL;
}

static gs_error *step_layout(split_ctx *c, kernel_result *kr) {
  gs_error *err = layout_workgroup_memory(c, kr);
  if (!err)
    err = layout_check_live(c);
  if (!err)
    err = layout_globals(c, kr);
  if (err)
    return err;
  layout_slots(c, c->track_status);
  c->has_state = c->stride || c->wg_mode || kr->globals.len || c->header_bytes;
  return NULL;
}

/* the segments, with their control words and virtual workgroups */
static gs_error *step_clone(split_ctx *c, kernel_result *kr) {
  c->names = gs_xcalloc(kr->nsegments, sizeof *c->names);
  for (size_t s = 0; s < kr->nsegments; s++)
    c->names[s] = segment_function_name(kr->name, kr->barriers, s);
  gs_error *err = NULL;
  for (size_t s = 0; s < kr->nsegments && !err; s++)
    err = clone_segment(c, s);
  if (err)
    return err;
  kr->live_state_arg = c->has_state ? (int)c->nparams : -1;
  kr->live_bytes = c->stride;
  kr->workgroup_bytes = c->wg_bytes;
  kr->header_bytes = c->header_bytes;
  vec_init(&kr->workgroup_args, sizeof(int));
  for (size_t i = 0; i < c->wg_args.len; i++)
    VEC_PUSH(&kr->workgroup_args, int, VEC_AT(&c->wg_args, int, i));
  kr->recomputed_bytes = c->recomputed_bytes;
  kr->status_offset = c->status_offset;
  kr->control_arg = c->dynamic ? (int)(c->nparams + (c->has_state ? 1 : 0)) : -1;
  kr->virtual_arg = c->virtual_wg ? (int)c->virtual_arg : -1;
  kr->distinct_buffers = c->opts && c->opts->distinct_buffers;
  layout_record_slots(c, kr);
  return NULL;
}

typedef gs_error *(*kernel_step_fn)(split_ctx *c, kernel_result *kr);

static const struct {
  const char *name;
  kernel_step_fn run;
  dump_kernel_fn dump;
} kernel_steps[] = {
    {"segments", step_segments, dump_segments}, {"uniformity", step_uniformity, dump_uniformity},
    {"access", step_access, dump_access},       {"liveness", step_liveness, dump_liveness},
    {"remat", step_remat, dump_remat},          {"layout", step_layout, dump_layout},
    {"clone", step_clone, dump_clone},
};

static void split_ctx_free(split_ctx *c) {
  for (size_t s = 0; c->names && s < c->nsegments; s++)
    free(c->names[s]);
  free(c->names);
  vec_free(&c->slots);
  map_free(&c->slot_of);
  vec_free(&c->wg_slots);
  vec_free(&c->wg_args);
  remat_free(&c->remat);
  reload_free(c);
  map_free(&c->private_base);
  map_free(&c->varying);
  access_free(&c->access);
  liveness_free(&c->live);
  cfg_free(&c->cfg);
}

/* The whole split, as the list of its steps (docs/split.md). The analysis
 * of the module as it is names the kernels, their barriers, segments and
 * buffers; everything after it works on the scratch copy R->C, and only
 * "link" touches the caller's module. */

typedef struct {
  LLVMModuleRef m; /* the caller's */
  LLVMModuleRef c; /* the scratch copy */
  gs_scratch *scratch; /* the kernels moved into C from M, until step tidy */
  const gs_options *opts;
  const gs_target *t;
  gs_analysis *a;
  gs_map segments; /* the segment functions in C */
  gs_vec facts;    /* kernel_facts per kernel of A: the analysis step's */
  int unchanged;   /* prepare left C as the analysis step saw it */
  int stop;        /* gs_split_print_step: dumped, nothing more to do */
  double step_s[16];   /* time-steps: per module step, seconds */
  double kernel_s[16]; /* per kernel step, summed over the kernels */
} split_run;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static gs_error *check_step(split_run *r, const char *step) {
  if (r->opts->verify_each) {
    gs_str what;
    str_init(&what);
    str_printf(&what, "%s module after step '%s'", r->c ? "scratch" : "split", step);
    gs_error *err = ir_verify(r->c ? r->c : r->m, what.s);
    str_free(&what);
    if (err)
      return err;
  }
  return NULL;
}

/* Whether to dump after STEP; gs_split_print_step stops there. */
static int dumps(split_run *r, const char *step) {
  int yes = r->opts->dump_after && !strcmp(r->opts->dump_after, step);
  r->stop |= yes && r->opts->stop_after_dump;
  return yes;
}

static gs_error *run_kernel_steps(split_run *r, kernel_result *kr, summary_cache *cache,
                                  LLVMTargetDataRef td, kernel_facts *facts) {
  split_ctx c;
  memset(&c, 0, sizeof c);
  c.m = r->c;
  c.kernel = LLVMGetNamedFunction(r->c, kr->name);
  c.t = r->t;
  c.opts = r->opts;
  c.td = td;
  c.ctx = LLVMGetModuleContext(r->c);
  c.nparams = LLVMCountParams(c.kernel);
  c.succs = kr->successors;
  c.nsegments = kr->nsegments;
  c.cache = cache;
  c.warnings = &r->a->warnings;
  c.dynamic = kr->schedule == GS_SCHEDULE_DYNAMIC;
  c.virtual_wg = virtual_workgroups_on(r->opts, r->t);
  kr->steps_in_segments = c.dynamic && c.virtual_wg && r->opts->steps_in_segments;
  c.steps_in_segments = kr->steps_in_segments;
  vec_init(&c.wg_slots, sizeof(state_slot));
  vec_init(&c.wg_args, sizeof(int));
  map_init(&c.private_base);
  map_init(&c.varying);
  if (facts) {
    c.analysed = 1;
    c.cfg = facts->cfg;
    c.access = facts->access;
    map_free(&c.varying);
    c.varying = facts->varying;
    c.track_status = facts->divergent_return;
    memset(facts, 0, sizeof *facts);
  }
  gs_error *err = NULL;
  for (size_t i = 0; i < COUNT(kernel_steps) && !err && !r->stop; i++) {
    double t0 = r->opts->time_steps ? now_s() : 0;
    err = kernel_steps[i].run(&c, kr);
    if (r->opts->time_steps)
      r->kernel_s[i] += now_s() - t0;
    if (!err && dumps(r, kernel_steps[i].name)) {
      gs_str o;
      str_init(&o);
      str_printf(&o, "; gridsplit after step '%s', kernel '%s'\n", kernel_steps[i].name, kr->name);
      kernel_steps[i].dump(&o, &c, kr);
      fputs(o.s, stderr);
      str_free(&o);
    }
    if (!err)
      err = check_step(r, kernel_steps[i].name);
  }
  split_ctx_free(&c);
  return err;
}

/* the scratch copy made ready: structs passed by value copied
 * (copy_value_args) and private variables promoted, so that what crosses a
 * barrier is SSA values, not memory */
static gs_error *step_prepare(split_run *r) {
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(r->c));
  int copies = 0;
  for (size_t k = 0; k < r->a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&r->a->kernels, kernel_result, k);
    if (!kr->barriers)
      continue;
    LLVMValueRef f = LLVMGetNamedFunction(r->c, kr->name);
    static const char *const drop[] = {"optnone", "noinline"};
    for (int i = 0; i < 2; i++)
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                     LLVMGetEnumAttributeKindForName(drop[i], strlen(drop[i])));
    copies += copy_value_args(f, td);
  }
  LLVMDisposeTargetData(td);
  /* sroa and mem2reg change only allocas */
  r->unchanged = !copies && !has_allocas(r->c);
  return r->unchanged ? NULL : ir_run_passes(r->c, "function(sroa,mem2reg)", NULL);
}

/* every kernel with barriers through the kernel steps */
static gs_error *step_kernels(split_run *r) {
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(r->c));
  summary_cache *cache = summaries_create(r->t, &r->a->warnings);
  gs_error *err = NULL;
  int stop = 0, first = 1;
  for (size_t k = 0; !err && k < r->a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&r->a->kernels, kernel_result, k);
    if (!kr->barriers)
      continue;
    /* the analysis step's facts hold for the first kernel split; the
     * segments of one kernel are new uses of what later ones use */
    kernel_facts *facts = first && r->unchanged ? &VEC_AT(&r->facts, kernel_facts, k) : NULL;
    first = 0;
    err = run_kernel_steps(r, kr, cache, td, facts);
    stop |= r->stop; /* after every kernel's dump */
    r->stop = 0;
    for (size_t s = 0; !err && !stop && s < kr->nsegments; s++)
      map_put(&r->segments, segment_function(r->c, kr, s), 1);
  }
  r->stop = stop;
  summaries_dispose(cache);
  LLVMDisposeTargetData(td);
  return err;
}

/* The kernels that moved into the scratch module (scratch.cpp) back into M,
 * once the segments are built or the split stops. */
static gs_error *restore_kernels(split_run *r) {
  char *msg = scratch_restore(r->m, r->scratch);
  r->scratch = NULL;
  gs_error *e = msg ? gs_errorf("internal error: %s", msg) : NULL;
  free(msg);
  return e;
}

/* only the segments stay, cleaned up */
static gs_error *step_tidy(split_run *r) {
  gs_error *err = restore_kernels(r);
  if (err)
    return err;
  prune_scratch(r->c, &r->segments);
  /* always-inline puts virtual workgroups' bodies into their loops; there
   * LICM takes what reads the physical workgroup (local ids and sizes) out
   * of the loop and instcombine narrows the index arithmetic the remapped
   * queries widened */
  int virt = virtual_workgroups_on(r->opts, r->t);
  const char *passes =
      virt                ? "always-inline,function(sroa,mem2reg,instsimplify,simplifycfg)"
      : has_allocas(r->c) ? "function(sroa,mem2reg,instsimplify,simplifycfg)"
                          : "function(instsimplify,simplifycfg)"; /* sroa, mem2reg: nothing to do */
  err = ir_run_passes(r->c, passes, NULL);
  /* in SSA form, before LICM and instcombine change the reads of values
   * carried once: those the launch's number gives (lib/once_launch.c) */
  for (size_t k = 0; !err && k < r->a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&r->a->kernels, kernel_result, k);
    if (kr->barriers)
      once_from_launch(r->c, kr);
  }
  if (!err && virt && !r->t->hoist_launch_reads)
    err = ir_run_passes(r->c, "function(loop-mssa(licm)," GS_INSTCOMBINE ",simplifycfg)", NULL);
  /* the launch-invariant reads to the entry, before LICM drops their tags
   * (lib/launch_reads.c), then the rest */
  if (!err && virt && r->t->hoist_launch_reads) {
    for (size_t i = 0; i < r->segments.cap; i++)
      if (r->segments.slots[i].key)
        hoist_launch_reads((LLVMValueRef)r->segments.slots[i].key);
    err = ir_run_passes(r->c, "function(loop-mssa(licm)," GS_INSTCOMBINE ",simplifycfg)", NULL);
  }
  for (size_t i = 0; !err && i < r->segments.cap; i++)
    if (r->segments.slots[i].key) {
      virtual_trim(r->c, (LLVMValueRef)r->segments.slots[i].key, r->t);
      ir_tidy_blocks((LLVMValueRef)r->segments.slots[i].key);
    }
  if (!err)
    virtual_trim_done(r->c);
  /* loops adding up loads unrolled where the target asks (lib/unroll.c) */
  if (!err)
    err = unroll_sums(r->c, &r->segments, r->t);
  return err;
}

/* roles of the segments as emitted (SPEC section 3), and which need not run */
static gs_error *step_roles(split_run *r) {
  summary_cache *cache = summaries_create(r->t, &r->a->warnings);
  for (size_t k = 0; k < r->a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&r->a->kernels, kernel_result, k);
    if (!kr->barriers)
      continue;
    attr_segment_roles(r->c, kr, r->t, cache, &r->a->warnings);
    kr->empty = gs_xcalloc(kr->nsegments, 1);
    for (size_t s = 0; s < kr->nsegments; s++)
      kr->empty[s] = !attr_segment_has_effects(segment_function(r->c, kr, s), r->t);
  }
  summaries_dispose(cache);
  return NULL;
}

/* ON: the segments' calls of queries and workgroup barriers willreturn
 * nounwind (call-site attributes); else the barriers' willreturn taken off
 * again (the queries' is true whatever runs next) */
static void mark_returns(split_run *r, int on) {
  LLVMContextRef ctx = LLVMGetModuleContext(r->c);
  unsigned willreturn = LLVMGetEnumAttributeKindForName("willreturn", 10);
  LLVMAttributeRef returns[2] = {
      LLVMCreateEnumAttribute(ctx, willreturn, 0),
      LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName("nounwind", 8), 0)};
  for (size_t i = 0; i < r->segments.cap; i++) {
    LLVMValueRef fn = (LLVMValueRef)r->segments.slots[i].key;
    for (LLVMBasicBlockRef bb = fn ? LLVMGetFirstBasicBlock(fn) : NULL; bb;
         bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        LLVMValueRef callee = LLVMIsACallInst(in) ? LLVMGetCalledValue(in) : NULL;
        const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName(callee) : NULL;
        int barrier = name && r->t->is_workgroup_barrier(in, name, 0);
        if (on && (barrier || (name && r->t->is_pure_query(name))))
          for (int k = 0; k < 2; k++)
            LLVMAddCallSiteAttribute(in, LLVMAttributeFunctionIndex, returns[k]);
        else if (!on && barrier)
          LLVMRemoveCallSiteEnumAttribute(in, LLVMAttributeFunctionIndex, willreturn);
      }
  }
}

/* LICM once more where the target asks (hoist_unwritten), with the buffers
 * no invocation of a segment writes noalias and readonly: their loads at
 * addresses the same in every virtual workgroup (cg's dots[0]) and what is
 * computed from them alone (cg's division by it) then leave the loop over
 * virtual workgroups, across the workgroup barriers in it, once the loop is
 * rotated (a load in its body runs in every iteration only then). The roles
 * were found before and stay: LICM adds no access. Buffers that are written
 * stay without noalias here, so that no load of one moves across a
 * barrier that orders another invocation's write to it. */
static gs_error *hoist_unwritten(split_run *r) {
  if (!r->t->hoist_unwritten || !virtual_workgroups_on(r->opts, r->t))
    return NULL;
  int any = 0;
  for (size_t k = 0; k < r->a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&r->a->kernels, kernel_result, k);
    if (kr->barriers)
      any |= attr_mark_unwritten(r->c, kr);
  }
  /* a load after a query or a workgroup barrier runs in every iteration
   * only if they return: they do (a barrier that some invocation of the
   * workgroup does not reach is refused, or reported at run time) */
  if (any)
    mark_returns(r, 1);
  gs_error *err = any ? ir_run_passes(r->c,
                                      "function(loop(loop-rotate),loop-mssa(licm)," GS_INSTCOMBINE
                                      ",simplifycfg)",
                                      NULL)
                      : NULL;
  /* and the barriers do not return any more, to whatever LLVM runs next:
   * attr_apply_roles makes written buffers noalias again, and a barrier
   * that returns would let a read of one cross it */
  if (any)
    mark_returns(r, 0);
  return err;
}

/* A segment that steps itself (lib/virtual.c, fold_step) advances the
 * control word's launch count in the launch that read it: once LICM has
 * taken that read out of the loop over virtual workgroups, its
 * !invariant.load goes (the word changes while the segment runs, after
 * every workgroup read it, which the tag does not allow). */
static void untag_stepped_reads(split_run *r) {
  unsigned kind = LLVMGetMDKindIDInContext(LLVMGetModuleContext(r->c), "invariant.load", 14);
  for (size_t i = 0; i < r->segments.cap; i++) {
    LLVMValueRef fn = (LLVMValueRef)r->segments.slots[i].key;
    if (!fn || !virtual_steps_itself(fn))
      continue;
    gs_vec bases;
    vec_init(&bases, sizeof(LLVMValueRef));
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (!LLVMIsALoadInst(in) || !LLVMGetMetadata(in, kind))
          continue;
        bases.len = 0;
        ir_pointer_bases(LLVMGetOperand(in, 0), &bases);
        for (size_t k = 0; k < bases.len; k++) {
          LLVMValueRef p = VEC_AT(&bases, LLVMValueRef, k);
          size_t len;
          if (LLVMIsAArgument(p) && !strcmp(LLVMGetValueName2(p, &len), GS_CONTROL_ARG_NAME))
            LLVMSetMetadata(in, kind, NULL);
        }
      }
    vec_free(&bases);
  }
}

static gs_error *step_attributes(split_run *r) {
  gs_error *err = hoist_unwritten(r);
  if (err)
    return err;
  untag_stepped_reads(r);
  for (size_t k = 0; k < r->a->kernels.len; k++) {
    kernel_result *kr = &VEC_AT(&r->a->kernels, kernel_result, k);
    if (!kr->barriers)
      continue;
    attr_apply_roles(r->c, kr);
    attr_relocate_globals(r->c, kr);
  }
  return ir_verify(r->c, "split module");
}

/* The segments into the caller's module. Everything that could fail has
 * been checked before M changes: the segments' names are free (analysis),
 * the scratch module verifies (attributes), and keep-original=false can
 * remove what it must (checked on M, whose barrier functions the segments
 * do not use: they hold no grid barrier and call none). The segments
 * verified there, in the same context, and the linker moves them as they
 * are: --verify-each verifies the module once more after the link. */
static gs_error *step_link(split_run *r) {
  if (r->opts->drop_original) {
    gs_error *err = drop_barrier_functions(r->m, r->opts, 1);
    if (err)
      return err;
  }
  LLVMModuleRef c = r->c;
  r->c = NULL;
  gs_error *err = link_segments(r->m, c);
  if (!err && r->opts->drop_original)
    err = drop_barrier_functions(r->m, r->opts, 0);
  return err;
}

/* The module as it is, analysed on the scratch copy with the callees that
 * hold barriers inlined (what gs_analyze analyses, without a copy of its
 * own): the later steps work on that copy. */
static gs_error *step_analysis(split_run *r) {
  gs_error *err = analysis_check_module(r->m, r->opts, r->t);
  if (err)
    return err;
  err = inline_barrier_callees(r->m, r->opts, r->t, &r->c, &r->scratch);
  if (!err)
    err = analysis_run(r->c, LLVMGetTarget(r->m), r->opts, r->t, &r->a, &r->facts);
  if (!err)
    err = check_segment_names(r->c, r->a); /* C holds all M does: the moved kernels too */
  return err;
}

typedef gs_error *(*split_step_fn)(split_run *r);

/* What --dump-after prints after a module-wide step: the roles table, or the
 * module (the scratch copy; after "link", the caller's). */
enum { DUMP_NONE, DUMP_ROLES, DUMP_MODULE, DUMP_RESULT };

static const struct {
  const char *name;
  split_step_fn run;
  int dump;
} split_steps[] = {
    {"analysis", step_analysis, DUMP_ROLES},
    {"prepare", step_prepare, DUMP_MODULE},
    {"kernels", step_kernels, DUMP_NONE}, /* kernel_steps, each dumped itself */
    {"tidy", step_tidy, DUMP_MODULE},
    {"roles", step_roles, DUMP_ROLES},
    {"attributes", step_attributes, DUMP_MODULE},
    {"link", step_link, DUMP_RESULT},
};

/* The steps by name: the module-wide ones, with "kernels" standing for the
 * kernel steps it runs. */
size_t gs_split_step_count(void) { return COUNT(split_steps) - 1 + COUNT(kernel_steps); }

const char *gs_split_step_name(size_t i) {
  for (size_t s = 0; s < COUNT(split_steps); s++) {
    if (split_steps[s].run == step_kernels) {
      if (i < COUNT(kernel_steps))
        return kernel_steps[i].name;
      i -= COUNT(kernel_steps);
    } else if (i-- == 0) {
      return split_steps[s].name;
    }
  }
  return NULL;
}

char *split_step_list(void) {
  gs_str names;
  str_init(&names);
  for (size_t i = 0; i < gs_split_step_count(); i++)
    str_printf(&names, "%s%s", i ? ", " : "", gs_split_step_name(i));
  return str_take(&names);
}

_Static_assert(COUNT(split_steps) <= 16 && COUNT(kernel_steps) <= 16, "split_run's step times");

/* time-steps: every step's wall time, the kernel steps where "kernels" ran */
static void print_times(const split_run *r) {
  gs_str o;
  str_init(&o);
  str_printf(&o, "; gridsplit step times (wall seconds)\n");
  double total = 0;
  for (size_t s = 0; s < COUNT(split_steps); s++) {
    total += r->step_s[s];
    if (split_steps[s].run != step_kernels) {
      str_printf(&o, "%-12s %.6f\n", split_steps[s].name, r->step_s[s]);
      continue;
    }
    for (size_t i = 0; i < COUNT(kernel_steps); i++)
      str_printf(&o, "%-12s %.6f\n", kernel_steps[i].name, r->kernel_s[i]);
  }
  str_printf(&o, "%-12s %.6f\n", "total", total);
  fputs(o.s, stderr);
  str_free(&o);
}

static void dump_step(const split_run *r, size_t i) {
  gs_str o;
  str_init(&o);
  str_printf(&o, "; gridsplit after step '%s'\n", split_steps[i].name);
  if (split_steps[i].dump == DUMP_ROLES) {
    char *t = gs_analysis_print_roles(r->a);
    str_printf(&o, "%s", t);
    free(t);
  } else {
    char *t = LLVMPrintModuleToString(split_steps[i].dump == DUMP_RESULT ? r->m : r->c);
    str_printf(&o, "%s", t);
    LLVMDisposeMessage(t);
  }
  fputs(o.s, stderr);
  str_free(&o);
}

gs_error *gs_split_module(LLVMModuleRef m, const gs_options *opts, gs_analysis **out) {
  *out = NULL;
  gs_options none;
  memset(&none, 0, sizeof none);
  none.virtual_workgroups = -1;
  split_run r;
  memset(&r, 0, sizeof r);
  r.m = m;
  r.opts = opts ? opts : &none;
  r.t = target_for_module(m);
  map_init(&r.segments);
  vec_init(&r.facts, sizeof(kernel_facts));
  gs_error *err = NULL;
  for (size_t i = 0; i < COUNT(split_steps) && !err && !r.stop; i++) {
    double t0 = r.opts->time_steps ? now_s() : 0;
    err = split_steps[i].run(&r);
    if (r.opts->time_steps)
      r.step_s[i] = now_s() - t0;
    if (!err && split_steps[i].dump != DUMP_NONE && dumps(&r, split_steps[i].name))
      dump_step(&r, i);
    if (!err)
      err = check_step(&r, split_steps[i].name);
  }
  if (!err && !r.stop && r.opts->time_steps)
    print_times(&r);
  map_free(&r.segments);
  for (size_t k = 0; k < r.facts.len; k++)
    kernel_facts_free(&VEC_AT(&r.facts, kernel_facts, k));
  vec_free(&r.facts);
  gs_error *restored = restore_kernels(&r);
  if (!err)
    err = restored;
  else
    gs_error_dispose(restored);
  if (r.c)
    LLVMDisposeModule(r.c);
  if (err) {
    gs_analysis_dispose(r.a);
    return err;
  }
  *out = r.a;
  return NULL;
}

gs_error *gs_split_print_step(LLVMModuleRef m, const gs_options *opts, const char *step) {
  gs_options o;
  memset(&o, 0, sizeof o);
  o.virtual_workgroups = -1;
  if (opts)
    o = *opts;
  size_t i = 0;
  while (step && i < gs_split_step_count() && strcmp(step, gs_split_step_name(i)))
    i++;
  if (!step || i == gs_split_step_count()) {
    char *names = split_step_list();
    gs_error *e = gs_errorf("print<gridsplit-%s>: no such step of the split (steps: %s)",
                            step ? step : "", names);
    free(names);
    return e;
  }
  o.dump_after = (char *)gs_split_step_name(i);
  o.stop_after_dump = 1;
  /* only the last step changes the module it is given: the split stops
   * before it, or works on a copy */
  int last = i + 1 == gs_split_step_count();
  LLVMModuleRef work = last ? LLVMCloneModule(m) : m;
  gs_analysis *a = NULL;
  gs_error *err = gs_split_module(work, &o, &a);
  gs_analysis_dispose(a);
  if (last)
    LLVMDisposeModule(work);
  return err;
}

static const kernel_result *split_kernel_result(const gs_analysis *a, size_t k) {
  return &VEC_AT(&a->kernels, kernel_result, k);
}

int gs_kernel_live_state_arg(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->live_state_arg;
}

unsigned gs_kernel_live_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->live_bytes;
}

int gs_kernel_control_arg(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->control_arg;
}

int gs_kernel_virtual_workgroups_arg(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->virtual_arg;
}

unsigned gs_kernel_workgroup_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->workgroup_bytes;
}

unsigned gs_kernel_recomputed_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->recomputed_bytes;
}

unsigned gs_kernel_live_header_bytes(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->header_bytes;
}

size_t gs_kernel_workgroup_arg_count(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->workgroup_args.len;
}

int gs_kernel_workgroup_arg(const gs_analysis *a, size_t k, size_t i) {
  return VEC_AT(&split_kernel_result(a, k)->workgroup_args, int, i);
}

size_t gs_kernel_carried_global_count(const gs_analysis *a, size_t k) {
  return split_kernel_result(a, k)->globals.len;
}

const char *gs_kernel_carried_global(const gs_analysis *a, size_t k, size_t i, unsigned *offset,
                                     unsigned *bytes, const unsigned char **init) {
  const carried_global *cg = &VEC_AT(&split_kernel_result(a, k)->globals, carried_global, i);
  *offset = cg->offset;
  *bytes = cg->bytes;
  *init = cg->init;
  return cg->name;
}
