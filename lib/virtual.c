/* Virtual workgroups (SPEC section 4, "virtual_workgroups"). A split
 * kernel's grid can be far larger than what a device holds at once; a
 * segment that loops over virtual workgroups runs at any physical grid:
 *
 *   for (v = physical group; v < virtual groups; v += physical groups)
 *     body(args..., v as (x, y, z))
 *
 * The body is the segment as built, moved into an always-inline callee in
 * which every grid query (group ids and counts, global ids and sizes) reads
 * the virtual workgroup; local ids and sizes are the physical ones, which are
 * the same. Workgroup barriers in the body stay legal: every invocation of a
 * physical workgroup runs the same virtual workgroups. Where the body can
 * end with workgroup memory touched since its last workgroup barrier, a
 * workgroup barrier between two virtual workgroups keeps one's last accesses
 * apart from the next one's first. */
#include "gs.h"

#include <stdlib.h>
#include <string.h>

int virtual_workgroups_on(const gs_options *opts, const gs_target *t) {
  int on = opts ? opts->virtual_workgroups : -1;
  return on == 1 || (on < 0 && t->virtual_by_default);
}

/* V[dim] for a constant or computed dimension; DEFAULT_ out of range (OpenCL
 * C 6.15.1: ids are 0 and sizes 1 for a dimension beyond the grid's) */
static LLVMValueRef pick_dim(LLVMBuilderRef b, LLVMValueRef dim, LLVMValueRef const v[3],
                             LLVMValueRef default_) {
  if (LLVMIsAConstantInt(dim)) {
    unsigned long long d = LLVMConstIntGetZExtValue(dim);
    return d < 3 ? v[d] : default_;
  }
  LLVMTypeRef dty = LLVMTypeOf(dim);
  LLVMValueRef r = default_;
  for (int d = 2; d >= 0; d--) {
    LLVMValueRef is = LLVMBuildICmp(b, LLVMIntEQ, dim, LLVMConstInt(dty, (unsigned)d, 0), "");
    r = LLVMBuildSelect(b, is, v[d], r, "");
  }
  return r;
}

/* whether an access through P may touch workgroup memory: unless every
 * object it is based on (ir_pointer_bases) is a private variable or known to
 * be global or constant */
static int may_be_workgroup(LLVMValueRef p, const gs_target *t) {
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(p, &bases);
  int may = 0;
  for (size_t i = 0; i < bases.len && !may; i++) {
    LLVMValueRef root = VEC_AT(&bases, LLVMValueRef, i);
    if (LLVMIsAAllocaInst(root))
      continue;
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(root));
    /* arguments and variables by the target's numbering; any other pointer
     * (a load, a call's result, a flat pointer) only in the global space */
    buffer_space sp = LLVMIsAArgument(root) ? t->arg_space(as) : t->global_space(as);
    may = sp != SPACE_GLOBAL && sp != SPACE_CONSTANT;
  }
  vec_free(&bases);
  return may;
}

/* The builtin variable (SPIR-V-friendly IR) that LOAD reads a grid
 * coordinate from, or NULL: local and subgroup ids are the physical ones */
static const char *grid_variable(LLVMValueRef load, const gs_target *t) {
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(LLVMGetOperand(load, 0), &bases);
  const char *found = NULL;
  for (size_t k = 0; k < bases.len && !found; k++) {
    LLVMValueRef g = VEC_AT(&bases, LLVMValueRef, k);
    size_t n = 0;
    const char *gname = LLVMIsAGlobalVariable(g) ? LLVMGetValueName2(g, &n) : NULL;
    if (gname && t->is_invocation_id_global(gname) && !strstr(gname, "Local") &&
        !strstr(gname, "Subgroup"))
      found = gname;
  }
  vec_free(&bases);
  return found;
}

int virtual_reads_grid(LLVMValueRef inst, const gs_target *t) {
  if (LLVMIsALoadInst(inst))
    return grid_variable(inst, t) != NULL;
  const char *callee = ir_is_call(inst) && !ir_is_marker(inst) ? ir_callee_name(inst) : NULL;
  gs_query q;
  LLVMValueRef dim = NULL;
  return callee && t->grid_query(inst, callee, &q, &dim) != 0;
}

/* Names the device libraries and the frontends use for their own functions:
 * LLVM's intrinsics, Itanium-mangled builtins (OpenCL C's are overloaded),
 * names reserved to the implementation (C11 7.1.3: __spirv_, __nv_, __ockl_,
 * __ocml_, __clang_), and the C library's printf and allocator. A user's own
 * C function has none of these names. */
int virtual_declaration_may_read_grid(const char *name) {
  static const char *const library[] = {"printf", "vprintf", "malloc", "free", NULL};
  if (!strncmp(name, "llvm.", 5) || !strncmp(name, "_Z", 2) || !strncmp(name, "__", 2))
    return 0;
  for (size_t i = 0; library[i]; i++)
    if (!strcmp(name, library[i]))
      return 0;
  return 1;
}

static gs_error *cannot_remap(const char *kernel, const char *what) {
  return gs_errorf("kernel '%s': virtual workgroups: '%s' reads the grid in a way a segment "
                   "cannot remap (use virtual-workgroups=false)",
                   kernel, what);
}

/* whether an instruction may read or write workgroup memory */
static int touches_workgroup(LLVMValueRef i, const gs_target *t) {
  if (LLVMIsALoadInst(i))
    return may_be_workgroup(LLVMGetOperand(i, 0), t);
  if (LLVMIsAStoreInst(i))
    return may_be_workgroup(LLVMGetOperand(i, 1), t);
  if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i))
    return may_be_workgroup(LLVMGetOperand(i, 0), t);
  if (!ir_is_call(i) || ir_is_marker(i))
    return 0;
  const char *callee = ir_callee_name(i);
  if (callee && t->is_pure_query(callee))
    return 0;
  if (callee && !strncmp(callee, "llvm.", 5)) {
    /* intrinsics touch memory only through their pointer arguments */
    for (unsigned k = 0; k < LLVMGetNumArgOperands(i); k++) {
      LLVMValueRef a = LLVMGetOperand(i, k);
      if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind && may_be_workgroup(a, t))
        return 1;
    }
    return 0;
  }
  return 1;
}

/* Whether BODY can return after touching workgroup memory with no workgroup
 * barrier since: then the next virtual workgroup's first accesses could race
 * with this one's last, and the loop waits for the workgroup between them.
 * A forward dataflow over the blocks: "touched since the last barrier".
 *
 * The saves of workgroup memory at a segment's end (GS_WORKGROUP_SAVE_MD)
 * do not count when the body begins by restoring it: the next virtual
 * workgroup's first accesses are then its restores, each unit by the
 * invocation that saved it, and a workgroup barrier follows them. (A barrier
 * there also met a POCL 3.1 miscompile: with a dynamic schedule it dropped
 * the workgroup-memory updates between the restore and the save.) Loads and
 * stores through OWN (the choice words, NULL: none) do not count either. */
static int workgroup_memory_open_at_exit(LLVMValueRef body, const gs_target *t,
                                         const LLVMValueRef own[2]) {
  gs_map index;
  map_init(&index);
  size_t nb = 0;
  int restores = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(body); bb; bb = LLVMGetNextBasicBlock(bb)) {
    map_put(&index, bb, (intptr_t)nb++);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      restores |=
          (LLVMIsALoadInst(i) || LLVMIsAStoreInst(i)) && ir_has_md(i, GS_WORKGROUP_RESTORE_MD);
  }
  char *in = gs_xcalloc(nb + 1, 1);
  int changed = 1, open_at_exit = 0;
  while (changed) {
    changed = 0;
    size_t k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(body); bb;
         bb = LLVMGetNextBasicBlock(bb), k++) {
      int open = in[k];
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        const char *callee = ir_is_call(i) ? ir_callee_name(i) : NULL;
        if (callee && t->is_workgroup_barrier(i, callee, 1))
          open = 0;
        else if (restores && (LLVMIsALoadInst(i) || LLVMIsAStoreInst(i)) &&
                 ir_has_md(i, GS_WORKGROUP_SAVE_MD))
          continue;
        else if (own && (LLVMIsALoadInst(i) || LLVMIsAStoreInst(i)) &&
                 (LLVMGetOperand(i, LLVMIsAStoreInst(i) ? 1 : 0) == own[0] ||
                  LLVMGetOperand(i, LLVMIsAStoreInst(i) ? 1 : 0) == own[1]))
          continue;
        else if (touches_workgroup(i, t))
          open = 1;
      }
      LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
      if (term && LLVMIsAReturnInst(term))
        open_at_exit |= open;
      unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
      for (unsigned j = 0; j < ns && open; j++) {
        intptr_t si = 0;
        if (map_get(&index, LLVMGetSuccessor(term, j), &si) && !in[si])
          in[si] = 1, changed = 1;
      }
    }
  }
  free(in);
  map_free(&index);
  return open_at_exit;
}

/* Replaces every grid query in BODY by its virtual value. */
static gs_error *remap_queries(LLVMModuleRef m, LLVMValueRef body, const gs_target *t,
                               LLVMValueRef const vg[3], LLVMValueRef const vn[3],
                               const char *kernel) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  gs_vec dead;
  vec_init(&dead, sizeof(LLVMValueRef));
  gs_error *err = NULL;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(body); bb && !err;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !err; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsALoadInst(i)) {
        /* a builtin variable (SPIR-V-friendly IR): only those that read no
         * grid coordinate */
        const char *gname = grid_variable(i, t);
        if (gname)
          err = cannot_remap(kernel, gname);
        continue;
      }
      const char *callee = ir_is_call(i) ? ir_callee_name(i) : NULL;
      if (!callee)
        continue;
      gs_query q;
      LLVMValueRef dim = NULL;
      int r = t->grid_query(i, callee, &q, &dim);
      if (r < 0) {
        err = cannot_remap(kernel, callee);
        break;
      }
      if (!r)
        continue;
      LLVMPositionBuilderBefore(b, i);
      LLVMValueRef one = LLVMConstInt(i64, 1, 0), zero = LLVMConstInt(i64, 0, 0), v;
      if (q == Q_GLOBAL_LINEAR_ID) {
        /* (z * size_y + y) * size_x + x of the virtual global ids and sizes
         * (OpenCL C 6.15.1, with a zero global offset) */
        LLVMValueRef id[3], size[3];
        for (unsigned d = 0; d < 3; d++) {
          LLVMValueRef lsize = t->build_query(b, m, Q_LOCAL_SIZE, d);
          id[d] = LLVMBuildAdd(b, LLVMBuildMul(b, vg[d], lsize, ""),
                               t->build_query(b, m, Q_LOCAL_ID, d), "");
          size[d] = LLVMBuildMul(b, vn[d], lsize, "");
        }
        LLVMValueRef zy = LLVMBuildAdd(b, LLVMBuildMul(b, id[2], size[1], ""), id[1], "");
        v = LLVMBuildAdd(b, LLVMBuildMul(b, zy, size[0], ""), id[0], "");
      } else if (q == Q_GROUP_ID) {
        v = pick_dim(b, dim, vg, zero);
      } else if (q == Q_NUM_GROUPS) {
        v = pick_dim(b, dim, vn, one);
      } else {
        /* global id = virtual group * local size + local id; global size =
         * virtual groups * local size */
        LLVMValueRef prod[3] = {zero, zero, zero};
        int constant = LLVMIsAConstantInt(dim) != NULL;
        unsigned long long only = constant ? LLVMConstIntGetZExtValue(dim) : 3;
        for (unsigned d = 0; d < 3; d++) {
          if (constant && d != only)
            continue;
          LLVMValueRef lsize = t->build_query(b, m, Q_LOCAL_SIZE, d);
          prod[d] = q == Q_GLOBAL_ID
                        ? LLVMBuildAdd(b, LLVMBuildMul(b, vg[d], lsize, ""),
                                       t->build_query(b, m, Q_LOCAL_ID, d), "")
                        : LLVMBuildMul(b, vn[d], lsize, "");
        }
        v = pick_dim(b, dim, prod, q == Q_GLOBAL_ID ? zero : one);
      }
      LLVMTypeRef ty = LLVMTypeOf(i);
      if (LLVMGetIntTypeWidth(ty) < 64)
        v = LLVMBuildTrunc(b, v, ty, "");
      LLVMReplaceAllUsesWith(i, v);
      VEC_PUSH(&dead, LLVMValueRef, i);
    }
  for (size_t k = 0; k < dead.len; k++)
    LLVMInstructionEraseFromParent(VEC_AT(&dead, LLVMValueRef, k));
  vec_free(&dead);
  LLVMDisposeBuilder(b);
  return err;
}

typedef struct {
  LLVMBuilderRef b;
  LLVMValueRef seg, body;
  LLVMTypeRef body_type;
  unsigned body_cc, np;
  LLVMBasicBlockRef done;
  int wg; /* a workgroup barrier between two virtual workgroups */
  LLVMValueRef first, stride, total, n[3];
  /* the loop's one induction variable U counts in the launch's range of
   * virtual workgroups, which begins at BASE and holds TOTAL of them, and
   * runs from START by STEP: up from FIRST by STRIDE, or (the launch's
   * order) down from TOTAL - 1 - FIRST, where the step below zero wraps to
   * at least 2^31 >= TOTAL and ends the loop as going past TOTAL does; the
   * virtual workgroup is BASE + U. On an H200 a select per iteration cost a
   * latency-bound loop 3%, a second induction variable 5%. */
  LLVMValueRef start, step, base;
  LLVMValueRef choice[2]; /* dynamic schedules: the gathered choice and disagreement */
  LLVMValueRef launch;    /* and the launch's number (control_build_guard) */
} vloop;

/* for (u = start; u < total; u += step) body(params, base + u as (x, y,
 * z)), entered from the builder's block; ONE_D: x = base + u. Returns the
 * header. */
static LLVMBasicBlockRef build_vloop(const vloop *lp, LLVMModuleRef m, const gs_target *t,
                                     int one_d) {
  LLVMBuilderRef b = lp->b;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(ctx, lp->seg, one_d ? "gs.vloop1d" : "gs.vloop");
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(ctx, lp->seg, "gs.vgroup");
  LLVMMoveBasicBlockBefore(head, lp->done);
  LLVMMoveBasicBlockBefore(run, lp->done);
  LLVMPositionBuilderAtEnd(b, head);
  LLVMValueRef v = LLVMBuildPhi(b, i32, "gs.v");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, v, lp->total, ""), run, lp->done);
  LLVMPositionBuilderAtEnd(b, run);
  unsigned nargs = lp->np + 3 + (lp->choice[0] ? 3 : 0);
  LLVMValueRef *args = gs_xcalloc(nargs, sizeof *args);
  for (unsigned i = 0; i < lp->np; i++)
    args[i] = LLVMGetParam(lp->seg, i);
  if (lp->choice[0])
    args[lp->np + 3] = lp->choice[0], args[lp->np + 4] = lp->choice[1],
                  args[lp->np + 5] = lp->launch;
  LLVMValueRef xyz[3];
  /* base + u, opaque until lib/vtrim.c has read the body's tests of it
   * (instcombine would turn `base + u == 0` into `u == -base`) */
  v = virtual_group(b, m, v, lp->base);
  if (one_d) {
    xyz[0] = v;
    xyz[1] = xyz[2] = LLVMConstInt(i32, 0, 0);
  } else {
    LLVMValueRef yz = LLVMBuildUDiv(b, v, lp->n[0], "");
    xyz[0] = LLVMBuildURem(b, v, lp->n[0], "gs.vx");
    xyz[1] = LLVMBuildURem(b, yz, lp->n[1], "gs.vy");
    xyz[2] = LLVMBuildUDiv(b, yz, lp->n[1], "gs.vz");
  }
  for (unsigned d = 0; d < 3; d++)
    args[lp->np + d] = LLVMBuildZExt(b, xyz[d], i64, "");
  LLVMValueRef call = LLVMBuildCall2(b, lp->body_type, lp->body, args, nargs, "");
  LLVMSetInstructionCallConv(call, lp->body_cc);
  free(args);
  if (lp->wg)
    t->build_workgroup_barrier(b, m);
  LLVMValueRef u = LLVMGetFirstInstruction(head);
  LLVMValueRef next = LLVMBuildAdd(b, u, lp->step, "");
  LLVMBuildBr(b, head);
  LLVMValueRef in_vals[2] = {lp->start, next};
  LLVMBasicBlockRef in_bbs[2] = {pre, run};
  LLVMAddIncoming(u, in_vals, in_bbs, 2);
  return head;
}

/* The invocation's private choice words (lp.choice) are read and written
 * volatile on LLVM 15, so that they stay in memory: promoted to registers,
 * they are phis of the loop over virtual workgroups carried across its
 * workgroup barrier, and POCL 3.1 (LLVM 15 bitcode) kept one copy of such a
 * phi for the whole workgroup: invocations that chose differently went
 * unreported (run_racy_flag.cl's racy with workgroups of 2 or more,
 * lit/Run_divergent_runtime.ll). */
static LLVMValueRef choice_load(LLVMBuilderRef b, LLVMTypeRef ty, LLVMValueRef p) {
  LLVMValueRef x = LLVMBuildLoad2(b, ty, p, "");
  LLVMSetVolatile(x, GS_LLVM_MAJOR < 20);
  return x;
}

static void choice_store(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef p) {
  LLVMSetVolatile(LLVMBuildStore(b, v, p), GS_LLVM_MAJOR < 20);
}

/* In BODY, every call of GS_CHOOSE_NAME(j) becomes, on the invocation's
 * private CHOICE and SPLIT: choice = choice == -1 ? j : choice, split |=
 * choice differed from j. */
static void gather_choices(LLVMValueRef body, LLVMValueRef choice, LLVMValueRef split) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(body));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef unset = LLVMConstInt(i32, (unsigned long long)-1, 1);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  gs_vec calls;
  ir_calls_of(body, GS_CHOOSE_NAME, &calls);
  for (size_t k = 0; k < calls.len; k++) {
    LLVMValueRef call = VEC_AT(&calls, LLVMValueRef, k), want = LLVMGetOperand(call, 0);
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef had = choice_load(b, i32, choice);
    LLVMValueRef fresh = LLVMBuildICmp(b, LLVMIntEQ, had, unset, "");
    choice_store(b, LLVMBuildSelect(b, fresh, want, had, ""), choice);
    LLVMValueRef differs = LLVMBuildAnd(
        b, LLVMBuildNot(b, fresh, ""), LLVMBuildICmp(b, LLVMIntNE, had, want, ""), "");
    LLVMValueRef was = choice_load(b, i32, split);
    choice_store(b, LLVMBuildOr(b, was, LLVMBuildZExt(b, differs, i32, ""), ""), split);
    LLVMInstructionEraseFromParent(call);
  }
  vec_free(&calls);
  LLVMDisposeBuilder(b);
}

/* In BODY, every call of GS_LAUNCH_NAME becomes LAUNCH, the body's
 * parameter */
static void replace_launch_calls(LLVMValueRef body, LLVMValueRef launch) {
  gs_vec calls;
  ir_calls_of(body, GS_LAUNCH_NAME, &calls);
  for (size_t k = 0; k < calls.len; k++) {
    LLVMValueRef call = VEC_AT(&calls, LLVMValueRef, k);
    LLVMReplaceAllUsesWith(call, launch);
    LLVMInstructionEraseFromParent(call);
  }
  vec_free(&calls);
}

/* Where every invocation of the physical workgroup has left the loop over
 * virtual workgroups: their choices (CHOICE[0], -1 for none) and
 * disagreements (CHOICE[1]), gathered in workgroup memory and recorded in
 * the control word WORD by the workgroup's first invocation alone. Every
 * invocation reading the one control word at once queued the grid's warps
 * on one cache slice: cg's segments that only workgroup 0 works in took 43
 * us for 14 (H200, 2^20). The choices meet as an unsigned minimum and
 * maximum, which differ where two invocations chose differently. */
static LLVMValueRef record_choices(LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t,
                                   LLVMValueRef seg, LLVMValueRef word, LLVMValueRef choice[2],
                                   int steps) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef unset = LLVMConstInt(i32, (unsigned long long)-1, 1);
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0);
  /* three words of workgroup memory (address space 3 on every target):
   * the least choice, the greatest, a disagreement */
  LLVMTypeRef wty = LLVMArrayType(i32, 3);
  LLVMValueRef words = LLVMAddGlobalInAddressSpace(m, wty, "gs.vchoices", 3);
  LLVMSetLinkage(words, LLVMInternalLinkage);
  LLVMSetInitializer(words, LLVMGetUndef(wty));
  LLVMSetAlignment(words, 4);
  LLVMValueRef at[3];
  for (unsigned k = 0; k < 3; k++) {
    LLVMValueRef ix[2] = {zero, LLVMConstInt(i32, k, 0)};
    at[k] = LLVMBuildInBoundsGEP2(b, wty, words, ix, 2, "");
  }
  LLVMValueRef lid = LLVMBuildOr(
      b, t->build_query(b, m, Q_LOCAL_ID, 0),
      LLVMBuildOr(b, t->build_query(b, m, Q_LOCAL_ID, 1), t->build_query(b, m, Q_LOCAL_ID, 2), ""),
      "");
  LLVMValueRef first = LLVMBuildICmp(b, LLVMIntEQ, lid, LLVMConstInt(i64, 0, 0), "gs.vfirst");
  LLVMBasicBlockRef init = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vinit");
  LLVMBasicBlockRef gather = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vgather");
  LLVMBuildCondBr(b, first, init, gather);
  LLVMPositionBuilderAtEnd(b, init);
  LLVMBuildStore(b, unset, at[0]);
  LLVMBuildStore(b, zero, at[1]);
  LLVMBuildStore(b, zero, at[2]);
  LLVMBuildBr(b, gather);
  LLVMPositionBuilderAtEnd(b, gather);
  t->build_workgroup_barrier(b, m);
  LLVMValueRef chose = choice_load(b, i32, choice[0]);
  LLVMValueRef split = choice_load(b, i32, choice[1]);
  LLVMBasicBlockRef meet = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vmeet");
  LLVMBasicBlockRef met = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vmet");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, chose, unset, ""), met, meet);
  LLVMPositionBuilderAtEnd(b, meet);
  ir_atomic_rmw(b, LLVMAtomicRMWBinOpUMin, at[0], chose, LLVMAtomicOrderingMonotonic,
                t->workgroup_scope);
  ir_atomic_rmw(b, LLVMAtomicRMWBinOpUMax, at[1], chose, LLVMAtomicOrderingMonotonic,
                t->workgroup_scope);
  LLVMBuildBr(b, met);
  LLVMPositionBuilderAtEnd(b, met);
  LLVMBasicBlockRef raise = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vsplit");
  LLVMBasicBlockRef raised = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vsplit.done");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, split, zero, ""), raise, raised);
  LLVMPositionBuilderAtEnd(b, raise);
  ir_atomic_rmw(b, LLVMAtomicRMWBinOpOr, at[2], LLVMConstInt(i32, 1, 0),
                LLVMAtomicOrderingMonotonic, t->workgroup_scope);
  LLVMBuildBr(b, raised);
  LLVMPositionBuilderAtEnd(b, raised);
  /* a segment that steps itself (STEPS: fold_step) orders buffer memory
   * here too: every invocation's reads of the control word (the guard's,
   * the launch count's) before the first invocation's release, after which
   * the last workgroup of the launch writes those words */
  if (steps)
    t->build_program_barrier(b, m);
  else
    t->build_workgroup_barrier(b, m);
  LLVMBasicBlockRef leader = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vrecord");
  LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vout");
  LLVMBuildCondBr(b, first, leader, out);
  LLVMPositionBuilderAtEnd(b, leader);
  LLVMValueRef lo = LLVMBuildLoad2(b, i32, at[0], "gs.vleast");
  LLVMValueRef hi = LLVMBuildLoad2(b, i32, at[1], "gs.vgreatest");
  LLVMValueRef any = LLVMBuildLoad2(b, i32, at[2], "");
  LLVMValueRef chosen = LLVMBuildICmp(b, LLVMIntNE, lo, unset, "");
  LLVMValueRef differs =
      LLVMBuildOr(b, LLVMBuildICmp(b, LLVMIntNE, any, zero, ""),
                  LLVMBuildAnd(b, chosen, LLVMBuildICmp(b, LLVMIntNE, lo, hi, ""), ""), "");
  LLVMBasicBlockRef differ = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vdisagree");
  LLVMBasicBlockRef record = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vclaim");
  LLVMBasicBlockRef choose = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vchoose");
  LLVMBuildCondBr(b, differs, differ, record);
  LLVMPositionBuilderAtEnd(b, differ);
  control_build_disagree(b, word);
  LLVMBuildBr(b, record);
  LLVMPositionBuilderAtEnd(b, record);
  LLVMBuildCondBr(b, chosen, choose, out);
  LLVMPositionBuilderAtEnd(b, choose);
  control_build_choice(b, seg, word, lo);
  LLVMBuildBr(b, out);
  LLVMPositionBuilderAtEnd(b, out);
  return first;
}

/* The step in the segments (gridsplit/control_word.h, docs/split.md): after
 * FIRST (the first invocation of each physical workgroup) recorded its
 * workgroup's choice in the control word WORD, it counts the workgroup as
 * arrived (an acquire-release add, so that the last to arrive sees every
 * workgroup's choice); the last of the launch's STRIDE workgroups steps the
 * word as a step kernel does after segment SEGMENT, whose successors are
 * SUCCS, of NSEG: the choice is checked (no flags, one of SUCCS), LAUNCH
 * and CURRENT advance and NEXT is unset, SEGMENT's dispatch counts become
 * zero and the chosen segment's the host's GIVEN counts; else CURRENT
 * becomes GS_CONTROL_STOPPED(SEGMENT). Every access an atomic of the
 * device's scope: the words are read by other workgroups and, after the
 * host's barrier, by the next indirect dispatch. Leaves B at the
 * continuation. */
/* the string attribute of a segment that steps itself */
#define STEPS_ATTR "gridsplit-steps-in-segment"

int virtual_steps_itself(LLVMValueRef fn) {
  return LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, STEPS_ATTR,
                                       (unsigned)strlen(STEPS_ATTR)) != NULL;
}

static void fold_step(LLVMBuilderRef b, LLVMModuleRef m, const gs_target *t, LLVMValueRef seg,
                      LLVMValueRef word, LLVMValueRef first, LLVMValueRef stride, unsigned segment,
                      const gs_vec *succs, size_t nseg) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  const char *scope = t->device_scope;
  LLVMAddAttributeAtIndex(
      seg, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(ctx, STEPS_ATTR, (unsigned)strlen(STEPS_ATTR), "", 0));
#define C(x) LLVMConstInt(i32, (unsigned long long)(x), 1)
#define AT(i) LLVMBuildGEP2(b, i32, word, (LLVMValueRef[]){(i)}, 1, "")
#define RMW(op, i, x, order) ir_atomic_rmw(b, op, AT(i), x, order, scope)
  LLVMBasicBlockRef arrive = LLVMAppendBasicBlockInContext(ctx, seg, "gs.arrive");
  LLVMBasicBlockRef step = LLVMAppendBasicBlockInContext(ctx, seg, "gs.step");
  LLVMBasicBlockRef after = LLVMAppendBasicBlockInContext(ctx, seg, "gs.stepped");
  LLVMBuildCondBr(b, first, arrive, after);
  LLVMPositionBuilderAtEnd(b, arrive);
  LLVMValueRef before =
      RMW(LLVMAtomicRMWBinOpAdd, C(GS_CONTROL_ARRIVED), C(1), LLVMAtomicOrderingAcquireRelease);
  LLVMValueRef last = LLVMBuildICmp(b, LLVMIntEQ, before, LLVMBuildSub(b, stride, C(1), ""), "");
  LLVMBuildCondBr(b, last, step, after);
  LLVMPositionBuilderAtEnd(b, step);
  /* one round trip: the choice read as NEXT is unset, the flags, the
   * counts each successor is given (the host's, unchanged in a run); what
   * is written after them waits for nothing */
  LLVMAtomicOrdering mono = LLVMAtomicOrderingMonotonic;
  RMW(LLVMAtomicRMWBinOpXchg, C(GS_CONTROL_ARRIVED), C(0), mono);
  LLVMValueRef next = RMW(LLVMAtomicRMWBinOpXchg, C(GS_CONTROL_NEXT), C(GS_CONTROL_UNSET), mono);
  LLVMValueRef flags = RMW(LLVMAtomicRMWBinOpOr, C(GS_CONTROL_FLAGS), C(0), mono);
  LLVMValueRef given[3] = {C(0), C(0), C(0)};
  LLVMValueRef allowed = LLVMConstInt(LLVMInt1TypeInContext(ctx), 0, 0);
  for (size_t k = 0; k < succs->len; k++) {
    int to = VEC_AT(succs, int, k);
    LLVMValueRef is = LLVMBuildICmp(b, LLVMIntEQ, next, C(to), "");
    allowed = LLVMBuildOr(b, allowed, is, "");
    for (unsigned d = 0; to >= 0 && d < 3; d++)
      given[d] = LLVMBuildSelect(
          b, is, LLVMBuildLoad2(b, i32, AT(C(GS_CONTROL_GIVEN(nseg, (unsigned)to) + d)), ""),
          given[d], "");
  }
  LLVMValueRef clean = LLVMBuildICmp(b, LLVMIntEQ, flags, C(0), "");
  LLVMValueRef ok = LLVMBuildAnd(b, clean, allowed, "gs.step.ok");
  LLVMValueRef stray = LLVMBuildAnd(b, clean, LLVMBuildNot(b, ok, ""), "");
  /* a stopped schedule keeps the choice for the host's message */
  RMW(LLVMAtomicRMWBinOpXchg, C(GS_CONTROL_NEXT),
      LLVMBuildSelect(b, ok, C(GS_CONTROL_UNSET), next, ""), mono);
  RMW(LLVMAtomicRMWBinOpOr, C(GS_CONTROL_FLAGS),
      LLVMBuildSelect(b, stray, C(GS_CONTROL_NOT_SUCCESSOR), C(0), ""), mono);
  RMW(LLVMAtomicRMWBinOpAdd, C(GS_CONTROL_LAUNCH), LLVMBuildZExt(b, ok, i32, ""), mono);
  RMW(LLVMAtomicRMWBinOpXchg, C(GS_CONTROL_CURRENT),
      LLVMBuildSelect(b, ok, next, C(GS_CONTROL_STOPPED(segment)), ""), mono);
  /* SEGMENT's counts zero, then the chosen one's (a segment may follow
   * itself): stores, which the host's barrier makes visible to the next
   * indirect dispatch */
  LLVMValueRef go = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntSGE, next, C(0), ""), "");
  LLVMValueRef to3 = LLVMBuildMul(b, LLVMBuildSelect(b, go, next, C(segment), ""), C(3), "");
  for (unsigned d = 0; d < 3; d++)
    LLVMBuildStore(b, C(0), AT(C(GS_CONTROL_DISPATCH(segment) + d)));
  for (unsigned d = 0; d < 3; d++)
    LLVMBuildStore(b, LLVMBuildSelect(b, go, given[d], C(0), ""),
                   AT(LLVMBuildAdd(b, to3, C(GS_CONTROL_DISPATCH(0) + d), "")));
#undef RMW
#undef AT
#undef C
  LLVMBuildBr(b, after);
  LLVMPositionBuilderAtEnd(b, after);
}

gs_error *virtualize_segment(LLVMModuleRef m, LLVMValueRef seg, const gs_target *t, unsigned first,
                             int control, unsigned segment, const char *kernel,
                             const gs_vec *fold_succs, size_t nseg, int one_way) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), void_ty = LLVMVoidTypeInContext(ctx);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  unsigned np = LLVMCountParams(seg);
  LLVMTypeRef *params = gs_xcalloc(np + 6, sizeof *params);
  LLVMGetParamTypes(LLVMGlobalGetValueType(seg), params);
  for (unsigned d = 0; d < 3; d++)
    params[np + d] = i64;
  /* a dynamic schedule: the body gathers its choices in two private words,
   * and takes the launch's number */
  LLVMTypeRef private_i32 = LLVMPointerType(i32, 0);
  if (control >= 0)
    params[np + 3] = params[np + 4] = private_i32, params[np + 5] = i32;
  LLVMTypeRef bty = LLVMFunctionType(void_ty, params, np + 3 + (control >= 0 ? 3 : 0), 0);
  free(params);
  size_t nlen = 0;
  const char *sname = LLVMGetValueName2(seg, &nlen);
  char *bname = gs_xmalloc(nlen + 8);
  memcpy(bname, sname, nlen);
  memcpy(bname + nlen, ".vgroup", 8);
  LLVMValueRef body = LLVMAddFunction(m, bname, bty);
  free(bname);
  LLVMSetLinkage(body, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(body, t->func_cc);
  const char *ai = "alwaysinline";
  LLVMAddAttributeAtIndex(body, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(ctx, LLVMGetEnumAttributeKindForName(ai, 12), 0));
  /* the segment's blocks move into the body, its parameters become the
   * body's */
  LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(seg);
  while (bb) {
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(body, bb);
    bb = next;
  }
  for (unsigned i = 0; i < np; i++) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(LLVMGetParam(seg, i), &n);
    LLVMReplaceAllUsesWith(LLVMGetParam(seg, i), LLVMGetParam(body, i));
    LLVMSetValueName2(LLVMGetParam(body, i), name, n);
  }
  /* every static alloca at the body's entry, where the inliner makes it one
   * of the loop's (elsewhere it would bracket the call with stacksave, which
   * NVPTX cannot select) */
  ir_tidy_blocks(body);
  LLVMValueRef vg[3], vn[3];
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  /* after the entry's allocas, which the inliner moves to the loop's entry
   * only while they lead the block */
  LLVMBasicBlockRef body_entry = LLVMGetFirstBasicBlock(body);
  LLVMPositionBuilder(b, body_entry, ir_first_after_allocas(body_entry));
  /* the virtual group counts, as the kernel's get_num_groups: at most 2^31
   * (runners launch no more), which the minimum tells the optimizer, so that
   * a loop bounded by one (`for (k = lid; k < get_num_groups(0); k += 256)`)
   * has a trip count without wrapping and unrolls with a remainder loop
   * (lib/unroll.c) */
  LLVMValueRef most = LLVMConstInt(i32, 1ull << 31, 0);
  for (unsigned d = 0; d < 3; d++) {
    vg[d] = LLVMGetParam(body, np + d);
    LLVMValueRef count = LLVMGetParam(body, first + d);
    count = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, count, most, ""), most, count, "");
    vn[d] = LLVMBuildZExt(b, count, i64, "gs.vgroups");
  }
  gs_error *err = remap_queries(m, body, t, vg, vn, kernel);
  /* the choices first: a call the workgroup-memory test does not know would
   * put a workgroup barrier between every two virtual workgroups */
  if (control >= 0) {
    gather_choices(body, LLVMGetParam(body, np + 3), LLVMGetParam(body, np + 4));
    replace_launch_calls(body, LLVMGetParam(body, np + 5));
  }
  /* the choice words are the segment's own allocas (gather_choices), which
   * a private pointer parameter of SPIR's would otherwise count as maybe
   * workgroup memory: a workgroup barrier after every virtual workgroup.
   * Not on LLVM 15, whose segments only POCL runs: since they lost that
   * barrier (68a05d9), CI's POCL runs with virtual workgroups and dynamic
   * schedules reported a divergence that was none in 3 of 10 runs, which
   * some 2000 runs here never did; before it, no run had. */
  int own_apart = control >= 0 && GS_LLVM_MAJOR >= 20;
  LLVMValueRef own[2] = {own_apart ? LLVMGetParam(body, np + 3) : NULL,
                         own_apart ? LLVMGetParam(body, np + 4) : NULL};
  int wg = workgroup_memory_open_at_exit(body, t, own_apart ? own : NULL);

  /* the segment: the loop over virtual workgroups, twice: a one-dimensional
   * virtual grid (the common case) takes no division and no decomposition */
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, seg, "gs.ventry");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vdone");
  LLVMPositionBuilderAtEnd(b, entry);
  vloop lp = {.b = b,
              .seg = seg,
              .body = body,
              .body_type = bty,
              .body_cc = t->func_cc,
              .np = np,
              .done = done,
              .wg = wg};
  LLVMValueRef replay = NULL;
  if (control >= 0) {
    replay = control_order_bit(b, LLVMGetParam(seg, first + GS_VIRTUAL_ORDER), GS_ORDER_REPLAY,
                               "gs.vreplay");
    lp.choice[0] = LLVMBuildAlloca(b, i32, "gs.choice");
    lp.choice[1] = LLVMBuildAlloca(b, i32, "gs.split");
    choice_store(b, LLVMConstInt(i32, (unsigned long long)-1, 1), lp.choice[0]);
    choice_store(b, LLVMConstInt(i32, 0, 0), lp.choice[1]);
    /* a launch the schedule has not reached leaves before the loop; one the
     * runner replays on the path runs */
    /* where the target issues the launch-invariant reads together, the
     * guard reads the launch's number too (else the body does: lib/clone.c) */
    LLVMValueRef order = LLVMGetParam(seg, first + GS_VIRTUAL_ORDER);
    LLVMValueRef vouched_launch =
        t->hoist_launch_reads
            ? LLVMBuildLShr(b, order, LLVMConstInt(i32, GS_ORDER_LAUNCH_SHIFT, 0), "")
            : NULL;
    lp.launch = control_build_guard(b, seg, LLVMGetParam(seg, (unsigned)control), segment, replay,
                                    vouched_launch);
    if (lp.launch)
      ir_mark(lp.launch, GS_LAUNCH_MD);
    else
      lp.launch = LLVMGetPoison(i32);
    entry = LLVMGetInsertBlock(b);
    LLVMMoveBasicBlockBefore(entry, done);
  }
  /* 32-bit arithmetic: runners launch at most 2^31 virtual workgroups (and
   * fewer physical ones), so V + STRIDE cannot wrap */
  lp.first = LLVMBuildTrunc(b, target_linear(b, m, t, Q_GROUP_ID, Q_NUM_GROUPS), i32, "");
  lp.stride = LLVMBuildTrunc(b, target_product(b, m, t, Q_NUM_GROUPS), i32, "");
  for (unsigned d = 0; d < 3; d++)
    lp.n[d] = LLVMGetParam(seg, first + d);
  LLVMValueRef reverse = control_order_bit(b, LLVMGetParam(seg, first + GS_VIRTUAL_ORDER),
                                           GS_ORDER_REVERSE, "gs.vreverse");
  LLVMValueRef nyz = LLVMBuildMul(b, lp.n[1], lp.n[2], "");
  LLVMValueRef total = LLVMBuildMul(b, lp.n[0], nyz, "gs.vtotal");
  /* the launch's range of virtual workgroups */
  LLVMValueRef from = LLVMGetParam(seg, first + GS_VIRTUAL_FIRST);
  LLVMValueRef end = LLVMGetParam(seg, first + GS_VIRTUAL_END);
  lp.base = from;
  lp.total = virtual_range_count(b, total, from, end);
  /* last to first: from total - 1 - first down by the stride */
  LLVMValueRef back = LLVMBuildSub(b, LLVMBuildSub(b, lp.total, LLVMConstInt(i32, 1, 0), ""),
                                   lp.first, "");
  lp.start = LLVMBuildSelect(b, reverse, back, lp.first, "gs.vstart");
  lp.step = LLVMBuildSelect(b, reverse, LLVMBuildNeg(b, lp.stride, ""), lp.stride, "gs.vstep");
  LLVMValueRef one_d = LLVMBuildICmp(b, LLVMIntEQ, nyz, LLVMConstInt(i32, 1, 0), "gs.v1d");
  /* a static schedule's one-dimensional loop ends at a limit that the tidy
   * step lowers where the last virtual workgroups do nothing (lib/vtrim.c).
   * In a dynamic one every virtual workgroup records its choice (from LLVM
   * 20 on in values of the loop, no store to see), and a launch whose
   * virtual workgroups all did nothing would record none: only a segment
   * with one successor, whose every invocation makes the same choice, is
   * bounded so, and runs at least one virtual workgroup, which records it
   * (in the range that holds virtual workgroup 0) */
  vloop lp1 = lp;
  if (control < 0 || one_way) {
    lp1.total = virtual_limit(b, m, total, control >= 0, from, end);
    LLVMValueRef back1 =
        LLVMBuildSub(b, LLVMBuildSub(b, lp1.total, LLVMConstInt(i32, 1, 0), ""), lp.first, "");
    lp1.start = LLVMBuildSelect(b, reverse, back1, lp.first, "gs.vstart1d");
  }
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMBasicBlockRef loop1 = build_vloop(&lp1, m, t, 1);
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMBasicBlockRef loop3 = build_vloop(&lp, m, t, 0);
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMBuildCondBr(b, one_d, loop1, loop3);
  LLVMPositionBuilderAtEnd(b, done);
  if (control >= 0) {
    /* a replayed launch records no choice: the runner knows the path */
    LLVMBasicBlockRef record = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vrecord_choices");
    LLVMBasicBlockRef leave = LLVMAppendBasicBlockInContext(ctx, seg, "gs.vleave");
    LLVMBuildCondBr(b, replay, leave, record);
    LLVMPositionBuilderAtEnd(b, record);
    LLVMValueRef word = LLVMGetParam(seg, (unsigned)control);
    LLVMValueRef leader = record_choices(b, m, t, seg, word, lp.choice, fold_succs != NULL);
    if (fold_succs)
      fold_step(b, m, t, seg, word, leader, lp.stride, segment, fold_succs, nseg);
    LLVMBuildBr(b, leave);
    LLVMPositionBuilderAtEnd(b, leave);
  }
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return err;
}
