/* Divergent grid barriers (SPEC section 1): a branch on a value derived from
 * the invocation or workgroup id, after which live invocations can reach
 * different barrier sites, is an error. Returning early is allowed.
 *
 * Invocation dependence flows through data (operands to results), through
 * private memory (a dependent value stored to an alloca makes its loads
 * dependent), and through control: inside the region a dependent branch
 * controls (up to its immediate post-dominator), stores and phis depend on it.
 *
 * A value is grid-uniform only where that is proven: the result of a call is
 * uniform only when its callee is a defined function proven uniform given
 * uniform arguments (callee_summary) or a declaration known to read no memory;
 * loads from workgroup memory, atomics and pointers of unknown origin that may
 * point into workgroup memory give dependent values. */
#include "uniformity_ctx.h"

#include <stdlib.h>
#include <string.h>

static void taint_store_target(uniformity *u, LLVMValueRef addr);

/* Whether IN is a call of memcpy or memmove (dest, source, bytes) */
static int is_copy(LLVMValueRef in) {
  const char *name = ir_is_call(in) ? ir_callee_name(in) : NULL;
  return name && (!strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13));
}

/* A call can store into the private memory it is given
 * (`next_ticket(c, &t)`) */
static void taint_stored_through(uniformity *u, LLVMValueRef call) {
  unsigned na = (unsigned)LLVMGetNumArgOperands(call);
  for (unsigned i = 0; i < na; i++) {
    LLVMValueRef a = LLVMGetOperand(call, i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind)
      taint_store_target(u, a);
  }
}

static void taint(uniformity *u, LLVMValueRef v) {
  if (map_get(&u->tainted, v, NULL))
    return;
  map_put(&u->tainted, v, 1);
  VEC_PUSH(&u->work, LLVMValueRef, v);
  /* a dependent call stores what depends */
  if (ir_is_call(v) && !ir_is_marker(v))
    taint_stored_through(u, v);
}

/* Loads through addresses derived from a dependent memory object depend. */
static void taint_memory(uniformity *u, LLVMValueRef object) {
  if (map_get(&u->tainted_memory, object, NULL))
    return;
  map_put(&u->tainted_memory, object, 1);
  gs_vec addrs;
  gs_map seen;
  vec_init(&addrs, sizeof(LLVMValueRef));
  map_init(&seen);
  VEC_PUSH(&addrs, LLVMValueRef, object);
  while (addrs.len) {
    LLVMValueRef a = VEC_AT(&addrs, LLVMValueRef, --addrs.len);
    if (map_get(&seen, a, NULL))
      continue;
    map_put(&seen, a, 1);
    for (LLVMUseRef use = LLVMGetFirstUse(a); use; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsAConstantExpr(user) || LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
          LLVMIsAAddrSpaceCastInst(user) || LLVMIsAPHINode(user) || LLVMIsASelectInst(user))
        VEC_PUSH(&addrs, LLVMValueRef, user);
      else if (LLVMIsALoadInst(user) || ir_is_call(user))
        taint(u, user);
    }
  }
  vec_free(&addrs);
  map_free(&seen);
}

static void taint_store_target(uniformity *u, LLVMValueRef addr) {
  /* only private memory: a dependent value in a buffer is read back only
   * through an address, which the data flow already follows. Every alloca
   * the address can point into (`int *p = c ? a : b;`) */
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(addr, &bases);
  for (size_t i = 0; i < bases.len; i++)
    if (LLVMIsAAllocaInst(VEC_AT(&bases, LLVMValueRef, i)))
      taint_memory(u, VEC_AT(&bases, LLVMValueRef, i));
  vec_free(&bases);
}

/* Whether private memory at ADDR (allocas, through GEPs, casts, phis and
 * selects) is read in a block whose reach differs from SIDE. */
static int read_on_other_paths(const uniformity *u, LLVMValueRef addr, const int *reach, int side) {
  gs_vec work;
  vec_init(&work, sizeof(LLVMValueRef));
  ir_pointer_bases(addr, &work);
  for (size_t i = 0; i < work.len;)
    if (LLVMIsAAllocaInst(VEC_AT(&work, LLVMValueRef, i)))
      i++;
    else
      VEC_AT(&work, LLVMValueRef, i) = VEC_AT(&work, LLVMValueRef, --work.len);
  gs_map seen;
  map_init(&seen);
  int found = 0;
  while (work.len && !found) {
    LLVMValueRef a = VEC_AT(&work, LLVMValueRef, --work.len);
    if (map_get(&seen, a, NULL))
      continue;
    map_put(&seen, a, 1);
    for (LLVMUseRef use = LLVMGetFirstUse(a); use && !found; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
          LLVMIsAAddrSpaceCastInst(user) || LLVMIsAPHINode(user) || LLVMIsASelectInst(user)) {
        VEC_PUSH(&work, LLVMValueRef, user);
      } else if ((!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 0) == a) &&
                 LLVMIsAInstruction(user)) {
        /* a load, a call, or the address itself stored away */
        /* lifetime markers (the inliner puts lifetime.end where the
         * callee returned, often the join) read nothing */
        if (ir_is_marker(user))
          continue;
        int b = block_of(u, user);
        found = b >= 0 && reach[b] != side;
      }
    }
  }
  vec_free(&work);
  map_free(&seen);
  return found;
}

/* A dependent branch splits invocations between its successors until they
 * meet again (sync dependence, as LLVM's divergence analysis has it): a phi
 * where paths from two successors meet depends on the branch; so does
 * private memory written on the paths of one successor and read where the
 * others can be; and so does a value defined in the region and used after
 * it (invocations leave a loop at different iterations). A block that only
 * one successor reaches (the rest of the kernel after `if (i >= n) return;`)
 * sees only the invocations of that side and depends on nothing. */
static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void taint_controlled(uniformity *u, LLVMValueRef branch) {
  int x = block_of(u, branch);
  int join = u->ipdom[x];
  /* reach[b]: 0 none, k + 1 only successor k, -1 several successors; the
   * blocks marked are listed in u->region, and both arrays are zero again
   * when this returns: the work is the region's, not the kernel's */
  int *reach = u->reach, *stamp = u->stamp;
  u->region.len = 0;
  gs_vec work;
  vec_init(&work, sizeof(int));
  unsigned ns = LLVMGetNumSuccessors(branch);
  for (unsigned k = 0; k < ns; k++) {
    intptr_t s;
    if (!map_get(&u->cfg->block_index, LLVMGetSuccessor(branch, k), &s))
      continue;
    int dup = 0; /* several edges to one block are one way */
    for (unsigned e = 0; e < k; e++)
      dup |= LLVMGetSuccessor(branch, e) == LLVMGetSuccessor(branch, k);
    if (dup)
      continue;
    VEC_PUSH(&work, int, (int)s);
    if (!stamp[s] && !reach[s])
      VEC_PUSH(&u->region, int, (int)s);
    stamp[s] = (int)k + 1;
    while (work.len) {
      int b = VEC_AT(&work, int, --work.len);
      reach[b] = !reach[b] || reach[b] == (int)k + 1 ? (int)k + 1 : -1;
      if (b == join)
        continue; /* the paths meet here: the region ends */
      LLVMValueRef term =
          LLVMGetBasicBlockTerminator(VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b));
      unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
      for (unsigned e = 0; e < n; e++) {
        intptr_t t;
        if (map_get(&u->cfg->block_index, LLVMGetSuccessor(term, e), &t) &&
            stamp[t] != (int)k + 1) {
          if (!stamp[t] && !reach[t])
            VEC_PUSH(&u->region, int, (int)t);
          stamp[t] = (int)k + 1;
          VEC_PUSH(&work, int, (int)t);
        }
      }
    }
  }
  /* TO_X(b): block b can come back to the branch (they share a cycle). Asked
   * only of blocks the branch reaches (the region, the successors, and the
   * blocks of uses of the region's values, which their definitions reach),
   * for which that is being in the branch's strongly connected component. */
#define TO_X(b) ((b) == x || u->scc[b] == u->scc[x])
  /* in block order, as a walk over all blocks would take them */
  qsort(u->region.data, u->region.len, sizeof(int), cmp_int);
  for (size_t r = 0; r < u->region.len; r++) {
    size_t b = (size_t)VEC_AT(&u->region, int, r);
    if (!reach[b])
      continue;
    LLVMBasicBlockRef bb = VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      int phi = LLVMIsAPHINode(in) != NULL;
      if (phi && reach[b] < 0)
        taint(u, in);
      if ((int)b == join) {
        if (phi)
          continue;
        break; /* the join's own code runs for everyone again */
      }
      if (LLVMIsAStoreInst(in) && reach[b] > 0 &&
          read_on_other_paths(u, LLVMGetOperand(in, 1), reach, reach[b]))
        taint_store_target(u, LLVMGetOperand(in, 1));
      else if (u->from_arguments && reach[b] > 0 && ir_is_call(in) && !ir_is_marker(in))
        taint_stored_through(u, in); /* a copy or memset on one way only */
      for (LLVMUseRef use = LLVMGetFirstUse(in); use; use = LLVMGetNextUse(use)) {
        LLVMValueRef user = LLVMGetUser(use);
        int ub = LLVMIsAInstruction(user) ? block_of(u, user) : -1;
        if (ub < 0)
          continue;
        int outside = !reach[ub] || ub == join;
        /* reached only by the way that stays in the cycle: its invocations
         * did not leave at this branch */
        int stays = 0;
        if (reach[ub] > 0) {
          intptr_t s;
          stays = map_get(&u->cfg->block_index, LLVMGetSuccessor(branch, (unsigned)reach[ub] - 1),
                          &s) &&
                  TO_X((int)s);
        }
        /* temporal divergence: a value of the cycle that holds the branch,
         * seen where invocations arrive having left the cycle at different
         * iterations (the counter after `for (...) if (a[i] == k) break;`).
         * The value itself is uniform inside the cycle, but a copy of it
         * carried past the loop is not. */
        if (TO_X((int)b) && (outside || (!TO_X(ub) && !stays))) {
          map_put(&u->temporal, in, 1);
          outside = 1;
        }
        if (outside)
          taint(u, user);
      }
    }
  }
#undef TO_X
  vec_free(&work);
  for (size_t r = 0; r < u->region.len; r++) {
    int b = VEC_AT(&u->region, int, r);
    reach[b] = stamp[b] = 0;
  }
}

static int is_atomic_call(const char *name) {
  char *base = ir_itanium_base(name);
  int r = !strncmp(base, "atomic_", 7) || !strncmp(base, "atom_", 5) ||
          !strncmp(base, "__spirv_Atomic", 14);
  free(base);
  return r;
}

static int is_id_global_use(const uniformity *u, LLVMValueRef v) {
  while (LLVMIsAConstantExpr(v) || LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) ||
         LLVMIsAAddrSpaceCastInst(v))
    v = LLVMGetOperand(v, 0);
  size_t len;
  return LLVMIsAGlobalVariable(v) && u->t->is_invocation_id_global(LLVMGetValueName2(v, &len));
}

static int has_fn_attr(LLVMValueRef call, LLVMValueRef fn, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return kind && ((fn && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind)) ||
                  LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind));
}

/* readnone (LLVM 15) or memory(none) (LLVM >= 16, value 0) */
static int reads_no_memory(LLVMValueRef call, LLVMValueRef fn) {
  if (has_fn_attr(call, fn, "readnone"))
    return 1;
  unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
  if (!kind)
    return 0;
  LLVMAttributeRef a =
      fn ? LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) : NULL;
  if (!a)
    a = LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind);
  return a && LLVMGetEnumAttributeValue(a) == 0;
}

/* readnone OpenCL builtins whose result still differs between invocations
 * (the last sub-group of a workgroup can be smaller) */
static int is_varying_builtin(const char *name) {
  static const char *const list[] = {"get_sub_group_size", NULL};
  char *base = ir_itanium_base(name);
  int found = 0;
  for (size_t i = 0; list[i] && !found; i++)
    found = !strcmp(base, list[i]);
  free(base);
  return found;
}

/* Whether a call to a declaration (or an indirect call) can give different
 * results for the same arguments in different invocations. Only what is
 * known to read no memory and not to look at the invocation is uniform:
 * OpenCL's math and size queries (clang marks them readnone; every OpenCL
 * function is convergent), and LLVM intrinsics that read no memory and are
 * not convergent. Intrinsics without a result (memcpy, lifetime markers)
 * depend on their operands only, which the data flow follows. */
static int declaration_varies(const uniformity *u, LLVMValueRef call) {
  const char *name = ir_callee_name(call);
  LLVMValueRef fn = ir_called_function(call);
  if (!name || !fn)
    return 1;
  if (u->t->is_invocation_id_call(name) || is_atomic_call(name) || is_varying_builtin(name))
    return 1;
  if (u->t->is_pure_query(name))
    return 0;
  if (!strncmp(name, "llvm.", 5)) {
    if (LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMVoidTypeKind)
      return 0;
    return !reads_no_memory(call, fn) || has_fn_attr(call, fn, "convergent");
  }
  return !reads_no_memory(call, fn);
}

/* Whether address space AS is workgroup memory: 1 it is, 0 it never is
 * (global, constant), -1 it depends on the object (private, and the
 * generic or flat space, which AMDGPU and NVPTX kernel arguments use for
 * buffers but which also reaches workgroup memory). */
static int space_is_workgroup(const uniformity *u, LLVMValueRef p) {
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
  buffer_space a = u->t->arg_space(as);
  if (a == SPACE_WORKGROUP)
    return 1;
  if (a == SPACE_CONSTANT || (a == SPACE_GLOBAL && u->t->global_space(as) == SPACE_GLOBAL))
    return 0;
  return -1;
}

/* Whether pointer P of function FN may point into workgroup memory (which
 * differs between workgroups). Parameters of a callee that P may come from
 * are added to *PARAMS (bit i: parameter i), for the caller to judge; -O0
 * spills of a parameter (stored once to an alloca, loaded back) are seen
 * through. Pointers of unknown origin may. */
static int may_point_to_workgroup(const uniformity *u, LLVMValueRef fn, LLVMValueRef p,
                                  uint64_t *params, int depth) {
  int space = space_is_workgroup(u, p);
  if (space >= 0)
    return space;
  if (depth > 4)
    return 1;
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(p, &bases);
  int may = 0;
  for (size_t i = 0; i < bases.len && !may; i++) {
    LLVMValueRef b = VEC_AT(&bases, LLVMValueRef, i);
    int bs = LLVMGetTypeKind(LLVMTypeOf(b)) == LLVMPointerTypeKind ? space_is_workgroup(u, b) : -1;
    if (bs == 1) {
      may = 1;
    } else if (bs == 0 || LLVMIsAAllocaInst(b) || LLVMIsAConstantPointerNull(b) ||
               LLVMIsAUndefValue(b) || LLVMIsAGlobalVariable(b)) {
      continue; /* a global variable not in the workgroup space: a buffer or constant */
    } else if (LLVMIsAArgument(b)) {
      if (u->t->is_kernel(LLVMGetGlobalParent(fn), fn))
        continue; /* a kernel argument outside the workgroup space is a buffer */
      unsigned idx = 0;
      for (LLVMValueRef q = LLVMGetFirstParam(fn); q && q != b; q = LLVMGetNextParam(q))
        idx++;
      if (idx < 64)
        *params |= (uint64_t)1 << idx;
      else
        may = 1;
    } else if (LLVMIsALoadInst(b) && LLVMIsAAllocaInst(LLVMGetOperand(b, 0))) {
      /* a spilled pointer: where every store to the slot points */
      LLVMValueRef slot = LLVMGetOperand(b, 0);
      for (LLVMUseRef use = LLVMGetFirstUse(slot); use && !may; use = LLVMGetNextUse(use)) {
        LLVMValueRef user = LLVMGetUser(use);
        if (LLVMIsALoadInst(user) || (LLVMIsACallInst(user) && ir_is_marker(user)))
          continue;
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == slot &&
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(user, 0))) == LLVMPointerTypeKind)
          may = may_point_to_workgroup(u, fn, LLVMGetOperand(user, 0), params, depth + 1);
        else
          may = 1; /* the slot escapes or is written some other way */
      }
    } else {
      may = 1;
    }
  }
  vec_free(&bases);
  return may;
}

/* What a defined callee that is not inlined (it holds no barrier) gives: its
 * result, and what it stores through its pointers, are the same in every
 * invocation that calls it with the same arguments unless it reads an id,
 * an atomic, workgroup memory, or calls what varies. A load or call through
 * a pointer parameter that may point into workgroup memory is for the call
 * site to judge (workgroup_params). */
typedef struct {
  int varies;
  uint64_t workgroup_params; /* bit i: reads memory through parameter i */
} callee_summary;

static const callee_summary *summarize(uniformity *u, LLVMValueRef fn);

/* Whether CALL, in function FN, varies: its callee, or a pointer it passes
 * that may point into workgroup memory. Parameters of FN passed on are added
 * to *PARAMS. */
static int call_varies(uniformity *u, LLVMValueRef fn, LLVMValueRef call, uint64_t *params) {
  if (ir_is_marker(call))
    return 0;
  LLVMValueRef callee = ir_called_function(call);
  const callee_summary *s = NULL;
  if (callee && LLVMCountBasicBlocks(callee)) {
    s = summarize(u, callee);
    if (s->varies)
      return 1;
  } else if (declaration_varies(u, call)) {
    return 1;
  }
  unsigned na = (unsigned)LLVMGetNumArgOperands(call);
  for (unsigned i = 0; i < na; i++) {
    LLVMValueRef a = LLVMGetOperand(call, i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind)
      continue;
    if (s && (i >= 64 || !(s->workgroup_params >> i & 1)))
      continue; /* the callee reads nothing through it */
    if (!s && reads_no_memory(call, callee))
      continue;
    if (may_point_to_workgroup(u, fn, a, params, 0))
      return 1;
  }
  return 0;
}

/* Whether load or atomic IN of function FN reads what varies. */
static int load_varies(uniformity *u, LLVMValueRef fn, LLVMValueRef in, uint64_t *params) {
  if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
    return 1; /* others may change it at any time */
  LLVMValueRef p = LLVMGetOperand(in, 0);
  if (is_id_global_use(u, p))
    return 1;
  return may_point_to_workgroup(u, fn, p, params, 0);
}

static const callee_summary *summarize(uniformity *u, LLVMValueRef fn) {
  static const callee_summary in_progress = {1, 0}; /* recursion: unproven */
  intptr_t got;
  if (map_get(&u->summaries, fn, &got))
    return got ? (const callee_summary *)got : &in_progress;
  map_put(&u->summaries, fn, 0);
  callee_summary *s = gs_xcalloc(1, sizeof *s);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !s->varies;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !s->varies;
         in = LLVMGetNextInstruction(in)) {
      if (ir_is_call(in))
        s->varies = call_varies(u, fn, in, &s->workgroup_params);
      else if (LLVMIsALoadInst(in))
        s->varies = load_varies(u, fn, in, &s->workgroup_params);
      else if (LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in))
        s->varies = 1;
    }
  map_put(&u->summaries, fn, (intptr_t)s);
  return s;
}

/* Whether private object A's address goes anywhere but the addresses of
 * loads and stores (through GEPs, casts, phis and selects): then a store
 * the analysis cannot trace to it may change it. READ_ONLY: a store to it
 * counts too, and a copy from it (memcpy's source) does not. */
static int object_escapes(LLVMValueRef a, int read_only) {
  gs_vec work;
  gs_map seen;
  vec_init(&work, sizeof(LLVMValueRef));
  map_init(&seen);
  VEC_PUSH(&work, LLVMValueRef, a);
  int escapes = 0;
  while (work.len && !escapes) {
    LLVMValueRef p = VEC_AT(&work, LLVMValueRef, --work.len);
    if (map_get(&seen, p, NULL))
      continue;
    map_put(&seen, p, 1);
    for (LLVMUseRef use = LLVMGetFirstUse(p); use && !escapes; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user) ||
          LLVMIsAAddrSpaceCastInst(user) || LLVMIsAPHINode(user) || LLVMIsASelectInst(user))
        VEC_PUSH(&work, LLVMValueRef, user);
      else if (LLVMIsALoadInst(user) || (ir_is_call(user) && ir_is_marker(user)))
        continue;
      else if (is_copy(user) &&
               (!read_only || (LLVMGetOperand(user, 1) == p && LLVMGetOperand(user, 0) != p)))
        continue; /* followed as the copy's store (seed_arguments) */
      else
        escapes = read_only || !LLVMIsAStoreInst(user) || LLVMGetOperand(user, 0) == p;
    }
  }
  vec_free(&work);
  map_free(&seen);
  return escapes;
}

/* UNIFORM_ARGUMENTS: whether call IN gives the same in every run with the
 * same scalar arguments and grid: an id or size query (an invocation's id
 * is the same in every such run), or a declaration that does not vary
 * between invocations (math: declaration_varies), but for a copy, whose
 * source may be memory (private_copy). A defined callee may read memory. */
static int call_from_arguments(const uniformity *u, LLVMValueRef in) {
  LLVMValueRef fn = ir_called_function(in);
  const char *name = ir_callee_name(in);
  return fn && !LLVMCountBasicBlocks(fn) && !is_copy(in) &&
         ((name && u->t->is_pure_query(name)) || !declaration_varies(u, in));
}

/* Whether pointer P points only into allocas, or (VALUES, or NULL) into
 * structs passed by value that the kernel only reads */
static int only_private(LLVMValueRef p, const gs_map *values) {
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(p, &bases);
  int private = bases.len > 0;
  for (size_t i = 0; i < bases.len; i++) {
    LLVMValueRef base = VEC_AT(&bases, LLVMValueRef, i);
    private &= LLVMIsAAllocaInst(base) || (values && map_get(values, base, NULL));
  }
  vec_free(&bases);
  return private;
}

/* UNIFORM_ARGUMENTS: whether IN copies private memory (or a struct passed by
 * value, VALUES) into private memory: a store of what the source holds,
 * which taint_memory follows from a source that depends */
static int private_copy(LLVMValueRef in, const gs_map *values) {
  return is_copy(in) && only_private(LLVMGetOperand(in, 0), NULL) &&
         only_private(LLVMGetOperand(in, 1), values);
}

/* UNIFORM_ARGUMENTS: what differs between two runs of the kernel with the
 * same scalar arguments and grid: every read of memory but of the private
 * objects the analysis follows (an escaping one counts as read from
 * memory), atomics, calls (but id and size queries and math), and the
 * buffers' addresses. Ids are no source: each invocation has the same in
 * every such run, so a branch on them (who returns early) goes the same
 * way for it each time, and the first run, which checks every choice, saw
 * that the invocations agree. */
static void seed_arguments(uniformity *u) {
  LLVMValueRef fn = u->cfg->fn;
  /* a struct passed by value that the kernel only reads is an argument:
   * loads from it are as private ones */
  gs_map values;
  map_init(&values);
  for (unsigned i = 0; i < LLVMCountParams(fn); i++) {
    LLVMValueRef p = LLVMGetParam(fn, i);
    if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
      continue;
    if (ir_value_arg_type(fn, i) && !object_escapes(p, 1))
      map_put(&values, p, 1);
    else
      taint(u, p);
  }
  for (size_t b = 0; b < u->n; b++) {
    LLVMBasicBlockRef bb = VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (LLVMIsAAllocaInst(in)) {
        if (object_escapes(in, 0))
          taint_memory(u, in);
      } else if (ir_is_call(in)) {
        const char *name = ir_callee_name(in);
        if (map_get(&u->cfg->barrier_site, in, NULL) || ir_is_marker(in) ||
            (name && u->t->is_workgroup_barrier(in, name, 0)))
          continue;
        if (!call_from_arguments(u, in) && !private_copy(in, &values))
          taint(u, in);
      } else if (LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in)) {
        taint(u, in);
      } else if (LLVMIsALoadInst(in)) {
        if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic ||
            !only_private(LLVMGetOperand(in, 0), &values))
          taint(u, in);
      }
    }
  }
  map_free(&values);
}

static void seed(uniformity *u) {
  LLVMModuleRef m = LLVMGetGlobalParent(u->cfg->fn);
  if (u->from_arguments) {
    seed_arguments(u);
    return;
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (u->t->is_invocation_id_global(name) && !(u->within_workgroup && u->t->is_group_id(name)))
      taint_memory(u, g);
  }
  for (size_t b = 0; b < u->n; b++) {
    LLVMBasicBlockRef bb = VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      uint64_t params = 0; /* kernel arguments are judged where they are used */
      if (ir_is_call(in)) {
        const char *name = ir_callee_name(in);
        if (name && u->within_workgroup && u->t->is_group_id(name))
          continue;
        if (map_get(&u->cfg->barrier_site, in, NULL) ||
            (name && u->t->is_workgroup_barrier(in, name, 0)))
          continue;
        if (call_varies(u, u->cfg->fn, in, &params))
          taint(u, in);
      } else if (LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in)) {
        taint(u, in); /* every invocation sees a different old value */
      } else if (LLVMIsALoadInst(in)) {
        /* workgroup memory differs between workgroups */
        if (load_varies(u, u->cfg->fn, in, &params))
          taint(u, in);
      }
    }
  }
}

static void propagate(uniformity *u) {
  while (u->work.len) {
    LLVMValueRef v = VEC_AT(&u->work, LLVMValueRef, --u->work.len);
    if (LLVMIsABranchInst(v) || LLVMIsASwitchInst(v)) {
      VEC_PUSH(&u->branches, LLVMValueRef, v);
      taint_controlled(u, v);
      continue;
    }
    for (LLVMUseRef use = LLVMGetFirstUse(v); use; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (!LLVMIsAInstruction(user) || block_of(u, user) < 0)
        continue;
      if (LLVMIsAStoreInst(user)) {
        if (LLVMGetOperand(user, 0) == v)
          taint_store_target(u, LLVMGetOperand(user, 1));
        continue;
      }
      if (LLVMIsABranchInst(user) && !LLVMIsConditional(user))
        continue;
      taint(u, user);
    }
  }
}

static int union_into(gs_vec *dst, const gs_vec *src) {
  int changed = 0;
  for (size_t i = 0; i < src->len; i++) {
    int x = VEC_AT(src, int, i);
    size_t j = 0;
    while (j < dst->len && VEC_AT(dst, int, j) < x)
      j++;
    if (j < dst->len && VEC_AT(dst, int, j) == x)
      continue;
    vec_push(dst, &x); /* grow, then shift into place */
    memmove((int *)dst->data + j + 1, (int *)dst->data + j, (dst->len - 1 - j) * sizeof(int));
    VEC_AT(dst, int, j) = x;
    changed = 1;
  }
  return changed;
}

void compute_first_syncs(const uniformity *u, first_barriers *fb, int workgroup) {
  size_t n = u->n;
  fb->next = gs_xcalloc(n, sizeof *fb->next);
  int *own = gs_xcalloc(n, sizeof(int));
  for (size_t b = 0; b < n; b++) {
    vec_init(&fb->next[b], sizeof(int));
    LLVMBasicBlockRef bb = VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !own[b];
         in = LLVMGetNextInstruction(in)) {
      intptr_t site;
      if (map_get(&u->cfg->barrier_site, in, &site))
        own[b] = (int)site;
      else if (workgroup && calls_workgroup_barrier(u->t, in))
        own[b] = -1;
    }
    if (own[b])
      VEC_PUSH(&fb->next[b], int, own[b]);
    else if (LLVMIsAReturnInst(LLVMGetBasicBlockTerminator(bb)))
      VEC_PUSH(&fb->next[b], int, 0); /* 0: the invocation returns */
  }
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t b = n; b-- > 0;) {
      if (own[b])
        continue;
      LLVMValueRef term =
          LLVMGetBasicBlockTerminator(VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b));
      unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
      for (unsigned k = 0; k < ns; k++) {
        intptr_t s;
        if (map_get(&u->cfg->block_index, LLVMGetSuccessor(term, k), &s) && (size_t)s != b)
          changed |= union_into(&fb->next[b], &fb->next[s]);
      }
    }
  }
  free(own);
}

void compute_first_barriers(const uniformity *u, first_barriers *fb) {
  compute_first_syncs(u, fb, 0);
}

/* Whether invocations can part at a branch on an invocation-dependent value
 * with some returning while others go on to a barrier: only then must a
 * segment know which invocations returned (the split's status word). */
static int has_divergent_return(const uniformity *u, const first_barriers *fb) {
  for (size_t i = 0; i < u->branches.len; i++) {
    LLVMValueRef term = VEC_AT(&u->branches, LLVMValueRef, i);
    unsigned ns = LLVMGetNumSuccessors(term);
    const gs_vec *first = NULL;
    int differ = 0, returns = 0;
    for (unsigned k = 0; k < ns; k++) {
      intptr_t s;
      if (!map_get(&u->cfg->block_index, LLVMGetSuccessor(term, k), &s))
        continue;
      const gs_vec *next = &fb->next[s];
      for (size_t j = 0; j < next->len; j++)
        returns |= VEC_AT(next, int, j) == 0;
      differ |= first && !same_set(first, next);
      if (!first)
        first = next;
    }
    if (differ && returns)
      return 1;
  }
  return 0;
}

void uniformity_init(uniformity *u, const kernel_cfg *cfg, const gs_target *t,
                     uniformity_mode mode) {
  memset(u, 0, sizeof *u);
  u->cfg = cfg;
  u->t = t;
  u->within_workgroup = mode == UNIFORM_WORKGROUP;
  u->from_arguments = mode == UNIFORM_ARGUMENTS;
  u->n = cfg->blocks.len;
  map_init(&u->tainted);
  map_init(&u->tainted_memory);
  map_init(&u->summaries);
  map_init(&u->temporal);
  vec_init(&u->work, sizeof(LLVMValueRef));
  vec_init(&u->branches, sizeof(LLVMValueRef));
  vec_init(&u->region, sizeof(int));
  u->reach = gs_xcalloc(u->n + 1, sizeof(int));
  u->stamp = gs_xcalloc(u->n + 1, sizeof(int));
  compute_ipdom(u);
  seed(u);
  propagate(u);
}

void uniformity_free(uniformity *u) {
  free(u->ipdom);
  free(u->scc);
  free(u->reach);
  free(u->stamp);
  vec_free(&u->region);
  map_free(&u->tainted);
  map_free(&u->tainted_memory);
  for (size_t i = 0; i < u->summaries.cap; i++)
    if (u->summaries.slots[i].key)
      free((void *)u->summaries.slots[i].val);
  map_free(&u->summaries);
  map_free(&u->temporal);
  vec_free(&u->work);
  vec_free(&u->branches);
}

void uniformity_export(uniformity *u, const first_barriers *fb, gs_map *varying,
                       int *divergent_return) {
  *divergent_return = has_divergent_return(u, fb);
  map_free(varying);
  *varying = u->tainted;
  map_init(&u->tainted);
  for (size_t i = 0; i < u->temporal.cap; i++)
    if (u->temporal.slots[i].key)
      map_put(varying, u->temporal.slots[i].key, 1);
}

/* Whether block B holds a grid barrier site or a return */
static int picks_barrier(const uniformity *u, size_t b) {
  LLVMBasicBlockRef bb = VEC_AT(&u->cfg->blocks, LLVMBasicBlockRef, b);
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
    if (map_get(&u->cfg->barrier_site, in, NULL) || LLVMIsAReturnInst(in))
      return 1;
  return 0;
}

int uniformity_path_from_arguments(const kernel_cfg *cfg, const gs_target *t) {
  if (!cfg->barriers.len)
    return 1;
  uniformity u;
  uniformity_init(&u, cfg, t, UNIFORM_ARGUMENTS);
  first_barriers fb;
  compute_first_barriers(&u, &fb);
  /* every branch after which an invocation can reach more than one first
   * barrier (or return before any), and whose ways part before a barrier:
   * those decide the path, and each must branch on what only the arguments
   * decide */
  int from_arguments = 1;
  gs_vec after;
  vec_init(&after, sizeof(int));
  for (size_t b = 0; b < u.n && from_arguments; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(VEC_AT(&cfg->blocks, LLVMBasicBlockRef, b));
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    if (ns < 2)
      continue;
    after.len = 0;
    for (unsigned k = 0; k < ns; k++) {
      intptr_t s;
      if (map_get(&cfg->block_index, LLVMGetSuccessor(term, k), &s))
        union_into(&after, &fb.next[s]);
    }
    if (after.len >= 2 &&
        (map_get(&u.tainted, term, NULL) ||
         (!LLVMIsABranchInst(term) && !LLVMIsASwitchInst(term))) &&
        region_holds(&u, term, picks_barrier))
      from_arguments = 0;
  }
  vec_free(&after);
  for (size_t b = 0; b < u.n; b++)
    vec_free(&fb.next[b]);
  free(fb.next);
  uniformity_free(&u);
  return from_arguments;
}

void uniformity_facts(const kernel_cfg *cfg, const gs_target *t, gs_map *varying,
                      int *divergent_return) {
  uniformity u;
  uniformity_init(&u, cfg, t, UNIFORM_GRID);
  first_barriers fb;
  compute_first_barriers(&u, &fb);
  uniformity_export(&u, &fb, varying, divergent_return);
  for (size_t b = 0; b < u.n; b++)
    vec_free(&fb.next[b]);
  free(fb.next);
  uniformity_free(&u);
}
